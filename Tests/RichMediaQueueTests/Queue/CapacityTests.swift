import Testing

@testable import RichMediaQueue

@Suite struct CapacityTests {
    @Test(arguments: [
        (OverflowPolicy.dropNewest, "3s dropped D overflow", ["B", "C"]),
        (OverflowPolicy.dropOldest, "3s dropped B overflow", ["C", "D"]),
        (OverflowPolicy.dropLowestPriority, "3s dropped C overflow", ["B", "D"]),
    ])
    func overflowDropsTheConfiguredVictim(policy: OverflowPolicy, dropped: String, pending: [String]) {
        var h = MachineHarness(QueueConfiguration(capacity: 2, overflow: policy))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 1, priority: 5)
        h.enqueue("C", at: 2, priority: 1)
        h.enqueue("D", at: 3, priority: 3)
        #expect(h.take().last == dropped)
        #expect(h.pending == pending)
    }

    @Test func lowestPriorityTieDropsTheLatestEnqueued() {
        var h = MachineHarness(QueueConfiguration(capacity: 1, overflow: .dropLowestPriority))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 1, priority: 1)
        h.enqueue("C", at: 2, priority: 1)
        #expect(h.take().last == "2s dropped C overflow")
        h.enqueue("D", at: 3, priority: 2)
        #expect(h.take().last == "3s dropped B overflow")
        #expect(h.pending == ["D"])
    }

    @Test func onScreenItemDoesNotCount() {
        var h = MachineHarness(QueueConfiguration(capacity: 1))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        #expect(h.take() == ["0s enqueued A", "0s present A#1", "0s enqueued B"])
    }
}

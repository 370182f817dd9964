import Testing

@testable import RichMediaQueue

@Suite struct OrderTests {
    @Test(arguments: [
        (PresentationOrder.fifo, ["B", "C", "D"]),
        (PresentationOrder.lifo, ["D", "C", "B"]),
        (PresentationOrder.priority, ["C", "D", "B"]),
    ])
    func presentsInConfiguredOrder(order: PresentationOrder, expected: [String]) {
        var h = MachineHarness(QueueConfiguration(order: order))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 1, priority: 0)
        h.enqueue("C", at: 2, priority: 5)
        h.enqueue("D", at: 3, priority: 5)
        var shown: [String] = []
        for step in 0..<3 {
            h.closed(h.machine.onScreenToken!.id, at: Double(10 + step))
            shown.append(h.machine.onScreenToken!.id)
        }
        #expect(shown == expected)
    }

    @Test func retriedItemKeepsItsOriginalPosition() {
        var h = MachineHarness(QueueConfiguration(maxAttempts: 2))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.failed("A", at: 1)
        // Retry delay 0: A is eligible at once and still ahead of B.
        #expect(h.take().suffix(2) == ["1s failed A#1 retry", "1s present A#2"])
        #expect(h.pending == ["B"])
    }

    @Test func priorityTiesGoToTheEarliestEnqueued() {
        var h = MachineHarness(QueueConfiguration(order: .priority))
        h.pause(at: 0)
        h.enqueue("X", at: 0, priority: 1)
        h.enqueue("Y", at: 0, priority: 1)
        h.enqueue("Z", at: 0, priority: 2)
        #expect(h.pending == ["Z", "X", "Y"])
    }
}

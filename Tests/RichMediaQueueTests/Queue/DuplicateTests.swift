import Testing

@testable import RichMediaQueue

@Suite struct DuplicateTests {
    @Test func duplicateOfPendingOrOnScreenIsDroppedByDefault() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.enqueue("A", at: 1)
        h.enqueue("B", at: 1)
        #expect(
            h.take().suffix(4) == [
                "1s enqueued A", "1s dropped A duplicate", "1s enqueued B", "1s dropped B duplicate",
            ])
    }

    @Test func allowQueuesAnotherEntry() {
        var h = MachineHarness(QueueConfiguration(duplicates: .allow))
        h.enqueue("A", at: 0)
        h.enqueue("A", at: 1)
        h.closed("A", at: 2)
        #expect(h.take().suffix(2) == ["2s closed A#1", "2s present A#1"])
    }

    @Test func finishedIdMayBeEnqueuedAgain() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.closed("A", at: 1)
        h.enqueue("A", at: 2)
        #expect(h.take().last == "2s present A#1")
    }
}

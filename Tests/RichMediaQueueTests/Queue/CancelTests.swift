import Testing

@testable import RichMediaQueue

@Suite struct CancelTests {
    @Test func cancelEndsAPendingItem() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.cancel("B", at: 1)
        h.cancel("A", at: 1)
        h.cancel("Z", at: 1)
        #expect(
            h.take().suffix(3) == [
                "1s cancelled B", "1s ignored cancel A on-screen", "1s ignored cancel Z not-pending",
            ])
    }

    @Test func cancelAllCancelsEveryPendingItemInQueueOrder() {
        var h = MachineHarness(QueueConfiguration(order: .lifo))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.enqueue("C", at: 0)
        h.cancelAll(at: 1)
        #expect(h.take().suffix(2) == ["1s cancelled C", "1s cancelled B"])
        #expect(h.onScreen == "A#1")
    }
}

import Testing

@testable import RichMediaQueue

@Suite struct ExpiryTests {
    @Test func pendingItemExpiresWhenItsTTLRunsOut() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 1, ttl: 5)
        h.advance(to: 6)
        #expect(h.take().last == "6s expired B")
        #expect(h.pending.isEmpty)
    }

    @Test func itemWaitingForRetryExpires() {
        var h = MachineHarness(QueueConfiguration(maxAttempts: 3, retryDelay: .seconds(10)))
        h.enqueue("A", at: 0, ttl: 5)
        h.failed("A", at: 1)
        h.advance(to: 20)
        #expect(h.take() == ["0s enqueued A", "0s present A#1", "1s failed A#1 retry", "5s expired A"])
    }

    @Test func itemOnScreenNeverExpires() {
        var h = MachineHarness()
        h.enqueue("A", at: 0, ttl: 5)
        h.advance(to: 10)
        h.closed("A", at: 11)
        #expect(h.take() == ["0s enqueued A", "0s present A#1", "11s closed A#1"])
    }

    @Test func itemWhoseTTLRanOutOnScreenExpiresWhenItFailsBack() {
        var h = MachineHarness(QueueConfiguration(maxAttempts: 2))
        h.enqueue("A", at: 0, ttl: 5)
        h.failed("A", at: 10)
        #expect(h.take().suffix(2) == ["10s failed A#1 retry", "10s expired A"])
    }
}

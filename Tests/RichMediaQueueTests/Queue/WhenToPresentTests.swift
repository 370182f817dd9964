import Testing

@testable import RichMediaQueue

@Suite struct WhenToPresentTests {
    @Test func minIntervalDelaysTheNextPresentAfterAClose() {
        var h = MachineHarness(QueueConfiguration(minInterval: .seconds(5)))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.closed("A", at: 1)
        h.advance(to: 5.999)
        #expect(h.onScreen == nil)
        h.advance(to: 6)
        #expect(h.take().last == "6s present B#1")
    }

    @Test func failuresDoNotStartTheMinInterval() {
        var h = MachineHarness(QueueConfiguration(minInterval: .seconds(5)))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.failed("A", at: 1)
        #expect(h.take().suffix(2) == ["1s failed A#1 final", "1s present B#1"])
    }

    @Test func itemWaitingForRetryIsNotEligible() {
        var h = MachineHarness(QueueConfiguration(maxAttempts: 2, retryDelay: .seconds(10)))
        h.enqueue("A", at: 0)
        h.failed("A", at: 1)
        #expect(h.onScreen == nil)
        #expect(h.pending == ["A"])
        h.enqueue("B", at: 2)
        #expect(h.onScreen == "B#1")
        h.closed("B", at: 3)
        #expect(h.onScreen == nil)
        h.advance(to: 11)
        #expect(h.take().last == "11s present A#2")
    }
}

import Testing

@testable import RichMediaQueue

@Suite struct PauseTests {
    @Test func pauseStopsNewPresentsButKeepsTimersRunning() {
        var h = MachineHarness(QueueConfiguration(maxAttempts: 2, retryDelay: .seconds(2)))
        h.enqueue("A", at: 0)
        h.pause(at: 1)
        h.enqueue("B", at: 1, ttl: 3)
        h.failed("A", at: 2)
        h.advance(to: 10)
        #expect(h.onScreen == nil)
        h.resume(at: 10)
        #expect(
            h.take() == [
                "0s enqueued A", "0s present A#1", "1s paused", "1s enqueued B", "2s failed A#1 retry", "4s expired B",
                "10s resumed", "10s present A#2",
            ])
    }

    @Test func redundantPauseAndResumeAreIgnored() {
        var h = MachineHarness()
        h.resume(at: 0)
        h.pause(at: 1)
        h.pause(at: 2)
        #expect(h.take() == ["0s ignored resume not-paused", "1s paused", "2s ignored pause already-paused"])
    }
}

import Testing

@testable import RichMediaQueue

@Suite struct FailureTests {
    @Test func failedItemIsRetriedAfterTheDelayThenFailsFinally() {
        var h = MachineHarness(QueueConfiguration(maxAttempts: 2, retryDelay: .seconds(3)))
        h.enqueue("A", at: 0)
        h.failed("A", reason: "network", at: 1)
        h.advance(to: 4)
        h.failed("A", at: 5)
        #expect(
            h.take() == [
                "0s enqueued A", "0s present A#1", "1s failed A#1 network retry", "4s present A#2",
                "5s failed A#2 final",
            ])
        #expect(h.machine.pendingCount == 0)
    }

    @Test func presentTimeoutFailsTheAttemptAndDismissesIt() {
        var h = MachineHarness(QueueConfiguration(presentTimeout: .seconds(5)))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.advance(to: 5)
        #expect(h.take().suffix(2) == ["5s failed A#1 timeout final", "5s present B#1"])
        #expect(h.effects.contains { if case .dismiss(let t, _) = $0 { return t.id == "A" } else { return false } })
    }

    @Test func presentedStopsThePresentTimeout() {
        var h = MachineHarness(QueueConfiguration(presentTimeout: .seconds(5)))
        h.enqueue("A", at: 0)
        h.presented("A", at: 4)
        h.advance(to: 100)
        #expect(h.onScreen == "A#1")
        #expect(h.machine.nextDeadline == nil)
    }
}

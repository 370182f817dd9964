import Testing

@testable import RichMediaQueue

@Suite struct AttemptTests {
    @Test func callbacksForOtherAttemptsAreIgnoredAndChangeNothing() {
        var h = MachineHarness(QueueConfiguration(maxAttempts: 3))
        h.enqueue("A", at: 0)
        h.failed("A", at: 1)
        _ = h.take()
        #expect(h.onScreen == "A#2")
        h.closed("A", attempt: 1, at: 2)
        h.presented("A", attempt: 1, at: 2)
        h.failed("A", attempt: 3, at: 2)
        h.closed("B", at: 2)
        #expect(
            h.take() == [
                "2s ignored closed A#1 stale-attempt", "2s ignored presented A#1 stale-attempt",
                "2s ignored failed A#3 stale-attempt", "2s ignored closed B not-on-screen",
            ])
        #expect(h.onScreen == "A#2")
    }

    @Test func secondPresentedIsIgnored() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.presented("A", at: 1)
        h.presented("A", at: 2)
        #expect(h.take().last == "2s ignored presented A already-presented")
    }

    @Test func secondCloseAndFailAfterCloseAreIgnored() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.closed("A", at: 1)
        h.closed("A", at: 1)
        h.failed("A", at: 1)
        #expect(
            h.take().suffix(4) == [
                "1s closed A#1", "1s present B#1", "1s ignored closed A not-on-screen",
                "1s ignored failed A not-on-screen",
            ])
        #expect(h.onScreen == "B#1")
    }

    @Test func closeWithoutPresentedEndsTheItem() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.closed("A", at: 1)
        #expect(h.take().last == "1s closed A#1")
        #expect(h.machine.pendingCount == 0)
    }
}

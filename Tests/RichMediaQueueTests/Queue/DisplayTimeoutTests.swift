import Testing

@testable import RichMediaQueue

@Suite struct DisplayTimeoutTests {
    @Test func presentedItemIsClosedByTimeoutAndDismissed() {
        var h = MachineHarness(QueueConfiguration(displayTimeout: .seconds(30)))
        h.enqueue("A", at: 0)
        h.presented("A", at: 1)
        h.advance(to: 31)
        #expect(h.take().last == "31s closed A#1 timeout")
        #expect(h.effects.contains(.dismiss(AttemptToken(id: "A", attempt: 1, entry: 1), slot: 0)))
    }

    @Test func isOffByDefault() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.presented("A", at: 1)
        #expect(h.machine.nextDeadline == nil)
        h.advance(to: 1_000_000)
        #expect(h.onScreen == "A#1")
    }
}

import Testing

@testable import RichMediaQueue

@Suite struct OneAtATimeTests {
    @Test func slotIsTakenAtPresentNotAtPresented() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        #expect(h.take() == ["0s enqueued A", "0s present A#1", "0s enqueued B"])
        #expect(h.onScreen == "A#1")
        #expect(h.pending == ["B"])
    }

    @Test func nextItemPresentsWhenTheCurrentOneCloses() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.presented("A", at: 1)
        h.closed("A", at: 2)
        #expect(h.take().suffix(3) == ["1s presented A#1", "2s closed A#1", "2s present B#1"])
    }
}

import Testing

@testable import RichMediaQueue

@Suite struct SameInstantTests {
    @Test func timersFireBeforeEventsAtTheSameInstant() {
        var h = MachineHarness(QueueConfiguration(presentTimeout: .seconds(5)))
        h.enqueue("A", at: 0)
        // The present timeout at 5s fires before the `presented` scripted at 5s.
        h.presented("A", at: 5)
        #expect(h.take().suffix(2) == ["5s failed A#1 timeout final", "5s ignored presented A not-on-screen"])
    }

    @Test func timersAtOneInstantFireInCreationOrder() {
        var h = MachineHarness()
        h.pause(at: 0)
        h.enqueue("A", at: 0, ttl: 5)
        h.enqueue("B", at: 1, ttl: 4)
        h.enqueue("C", at: 2, ttl: 3)
        h.advance(to: 5)
        #expect(h.take().suffix(3) == ["5s expired A", "5s expired B", "5s expired C"])
    }

    @Test func timersFireInDeadlineOrderWhenTheClockJumps() {
        var h = MachineHarness()
        h.pause(at: 0)
        h.enqueue("A", at: 0, ttl: 9)
        h.enqueue("B", at: 0, ttl: 2)
        h.advance(to: 100)
        #expect(h.take().suffix(2) == ["2s expired B", "9s expired A"])
    }
}

import Testing

@testable import RichMediaQueue

/// Each failure of the seed's chained `PWRichMediaPresentingDelegate`, replayed against the queue.
@Suite struct SeedRegressionTests {
    @Test func twoTriggersAtOnceShowOnlyOne() async {
        let clock = ManualClock()
        let presenter = FakePresenter()
        let queue = PresentationQueue(configuration: QueueConfiguration(), clock: clock, presenter: presenter)
        async let first: Void = queue.enqueue(Promo(id: "A"))
        async let second: Void = queue.enqueue(Promo(id: "B"))
        _ = await (first, second)
        // The sample set its busy flag only on didPresent; the queue takes the slot at present.
        #expect(presenter.calls.count == 1)
        let snapshot = await queue.snapshot()
        #expect(snapshot.pending.count == 1)
    }

    @Test func failureReportedAsCloseAndFailAdvancesOnce() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.enqueue("C", at: 0)
        h.closed("A", at: 1)
        h.failed("A", at: 1)
        #expect(h.onScreen == "B#1")
        #expect(h.pending == ["C"])
        #expect(h.take().last == "1s ignored failed A not-on-screen")
    }

    @Test func presentationThatNeverReportsBackTimesOut() {
        var h = MachineHarness(QueueConfiguration(presentTimeout: .seconds(10)))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.advance(to: 10)
        #expect(h.onScreen == "B#1")
        #expect(h.take().suffix(2) == ["10s failed A#1 timeout final", "10s present B#1"])
    }

    @Test func lateCloseFromAnEarlierItemDoesNotUnlockTheQueue() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.enqueue("C", at: 0)
        h.closed("A", at: 1)
        h.presented("B", at: 2)
        h.closed("A", at: 3)
        #expect(h.onScreen == "B#1")
        #expect(h.pending == ["C"])
        #expect(h.take().last == "3s ignored closed A not-on-screen")
    }

    @Test func secondCloseIsIgnored() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.enqueue("C", at: 0)
        h.closed("A", at: 1)
        h.closed("A", at: 1)
        #expect(h.onScreen == "B#1")
        #expect(h.pending == ["C"])
    }

    @Test func lateCloseThroughTheBridgeIsIgnored() async {
        let clock = ManualClock()
        let shown = LockedValue<[String]>([])
        let bridge = PresentingDelegateBridge<Promo, ManualClock>(clock: clock) { item in
            shown.withLock { $0.append(item.id) }
        }
        let log = EventLog()
        bridge.queue.addObserver { log.append($0) }
        #expect(bridge.shouldPresent(Promo(id: "A")) == false)
        #expect(bridge.shouldPresent(Promo(id: "B")) == false)
        await bridge.settled()
        #expect(shown.withLock { $0 } == ["A"])
        #expect(bridge.shouldPresent(Promo(id: "A")) == true)
        bridge.didPresent("A")
        bridge.didClose("A")
        await bridge.settled()
        #expect(shown.withLock { $0 } == ["A", "B"])
        #expect(bridge.shouldPresent(Promo(id: "B")) == true)
        bridge.didPresent("B")
        bridge.didClose("A")  // late close of A while B is on screen
        bridge.didClose("A")
        await bridge.settled()
        let snapshot = await bridge.queue.snapshot()
        #expect(snapshot.onScreen?.id == "B")
        #expect(log.lines.suffix(2) == ["0s ignored closed A not-on-screen", "0s ignored closed A not-on-screen"])
    }
}

import Testing

@testable import RichMediaQueue

@Suite struct PresentingDelegateBridgeTests {
    /// A stand-in for an SDK whose `present` calls `shouldPresent` again synchronously (rule 13).
    final class ReentrantSDK: Sendable {
        let shown = LockedValue<[String]>([])
        let answers = LockedValue<[Bool]>([])
        /// Weak, as in an app: the bridge's `present` closure holds the SDK, so a strong reference would leak.
        final class BridgeReference: @unchecked Sendable {
            weak var bridge: PresentingDelegateBridge<Promo, ManualClock>?
        }
        let bridge = LockedValue(BridgeReference())

        func present(_ item: Promo) {
            guard let bridge = bridge.withLock({ $0.bridge }) else { return }
            let answer = bridge.shouldPresent(item)
            answers.withLock { $0.append(answer) }
            if answer { shown.withLock { $0.append(item.id) } }
        }
    }

    @Test func answersYesOnlyForTheItemTheQueueAskedToPresent() async {
        let sdk = ReentrantSDK()
        let bridge = PresentingDelegateBridge<Promo, ManualClock>(clock: ManualClock()) { sdk.present($0) }
        sdk.bridge.withLock { $0.bridge = bridge }
        let log = EventLog()
        bridge.queue.addObserver { log.append($0) }

        // The SDK triggers two in-apps at once: both are answered no and enqueued.
        #expect(bridge.shouldPresent(Promo(id: "A")) == false)
        #expect(bridge.shouldPresent(Promo(id: "B")) == false)
        await bridge.settled()
        #expect(sdk.shown.withLock { $0 } == ["A"])
        // The re-entrant shouldPresent for A was answered yes and did not enqueue A again.
        #expect(sdk.answers.withLock { $0 } == [true])
        // Another trigger for A while it is on screen is answered no and dropped as a duplicate.
        #expect(bridge.shouldPresent(Promo(id: "A")) == false)
        bridge.didPresent("A")
        bridge.didClose("A")
        await bridge.settled()
        #expect(sdk.shown.withLock { $0 } == ["A", "B"])
        bridge.didFail("B", reason: "http 500")
        await bridge.settled()
        #expect(
            log.lines == [
                "0s enqueued A", "0s present A#1", "0s enqueued B", "0s enqueued A", "0s dropped A duplicate",
                "0s presented A#1", "0s closed A#1", "0s present B#1", "0s failed B#1 http 500 final",
            ])
    }

    @Test func sdkPresentThatThrowsCountsAsFailure() async {
        struct Unavailable: Error {}
        let bridge = PresentingDelegateBridge<Promo, ManualClock>(clock: ManualClock()) { _ in throw Unavailable() }
        let log = EventLog()
        bridge.queue.addObserver { log.append($0) }
        _ = bridge.shouldPresent(Promo(id: "A"))
        await bridge.settled()
        #expect(log.lines.contains { $0.contains("failed A#1") })
        let snapshot = await bridge.queue.snapshot()
        #expect(snapshot.onScreen == nil)
    }
}

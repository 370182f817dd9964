import TestSupport
import Testing

@testable import RichMediaQueue

/// A fake SDK drives the bridge in every order it might call in; never two pages on screen.
@Suite struct BridgeFaultTests {
    typealias Bridge = PresentingDelegateBridge<Promo, ManualClock>

    /// Settles the bridge, checks the SDK's pages against the queue, and returns the queue's on-screen id.
    @discardableResult
    static func settle(_ sdk: FakeSDK, _ bridge: Bridge) async -> String? {
        await bridge.settled()
        let onScreen = await bridge.queue.snapshot().onScreen?.id
        sdk.checkSettled(onScreen: onScreen)
        return onScreen
    }

    static func log(_ bridge: Bridge) -> EventLog {
        let log = EventLog()
        bridge.queue.addObserver { log.append($0) }
        return log
    }

    /// Issue 10's reproduction: after a present timeout, a late `shouldPresent` for that page is a new
    /// request (no), not the old attempt's yes.
    @Test func lateShouldPresentAfterAPresentTimeoutIsANewRequest() async {
        let clock = ManualClock()
        let bridge = Bridge(
            configuration: QueueConfiguration(presentTimeout: .seconds(5)), clock: clock, present: { _ in })
        let log = Self.log(bridge)
        #expect(bridge.shouldPresent(Promo(id: "x")) == false)
        await bridge.settled()
        #expect(log.lines.contains("0s present x#1"))
        clock.advance(by: .seconds(5))
        await bridge.settled()
        #expect(log.lines.contains("5s failed x#1 timeout final"))
        #expect(await bridge.queue.snapshot().onScreen == nil)
        #expect(bridge.shouldPresent(Promo(id: "x")) == false)
        await bridge.settled()
        #expect(Array(log.lines.suffix(2)) == ["5s enqueued x", "5s present x#1"])
    }

    @Test func pageThatAppearsAfterItsTimeoutIsDismissed() async {
        let (sdk, bridge) = FakeSDK.make(QueueConfiguration(presentTimeout: .seconds(5)), ignoresDismiss: true)
        let log = Self.log(bridge)
        sdk.trigger("a")
        sdk.trigger("b")
        await Self.settle(sdk, bridge)
        #expect(sdk.loading == ["a"])
        sdk.clock.advance(by: .seconds(5))  // a times out; the queue presents b, the SDK loads it
        await Self.settle(sdk, bridge)
        #expect(sdk.yes == ["a", "b"])
        sdk.appear("a")  // the SDK ignored the dismissal: a finally appears
        #expect(await Self.settle(sdk, bridge) == "b")
        #expect(sdk.visible.isEmpty)
        #expect(sdk.dismissCalls == ["a", "a"])  // at the timeout, and when it appeared
        #expect(log.lines.contains("5s ignored presented a#1 not-on-screen"))
        sdk.appear("b")
        #expect(await Self.settle(sdk, bridge) == "b")
        #expect(sdk.visible == ["b"])
        #expect(sdk.violations == [])
    }

    @Test func secondShouldPresentForAPageOnScreenIsANewRequestDroppedAsADuplicate() async {
        let (sdk, bridge) = FakeSDK.make(QueueConfiguration())
        let log = Self.log(bridge)
        #expect(sdk.trigger("a") == false)
        await Self.settle(sdk, bridge)
        #expect(sdk.yes == ["a"])
        #expect(sdk.trigger("a") == false)  // the same in-app triggered again while a#1 is current
        sdk.appear("a")
        #expect(sdk.trigger("a") == false)
        await Self.settle(sdk, bridge)
        #expect(log.lines.filter { $0.contains("dropped a duplicate") }.count == 2)
        #expect(sdk.violations == [])
    }

    @Test func lateCloseOfAnEarlierAttemptDoesNotEndTheCurrentOne() async {
        let (sdk, bridge) = FakeSDK.make(
            QueueConfiguration(presentTimeout: .seconds(5), maxAttempts: 2, retryDelay: .seconds(1)))
        let log = Self.log(bridge)
        sdk.trigger("a")
        sdk.trigger("b")
        await Self.settle(sdk, bridge)
        sdk.clock.advance(by: .seconds(5))  // a#1 times out; b#1 is presented
        await Self.settle(sdk, bridge)
        sdk.appear("b")
        sdk.close("b")
        await Self.settle(sdk, bridge)
        sdk.clock.advance(by: .seconds(1))
        #expect(await Self.settle(sdk, bridge) == "a")  // a#2 asked and answered yes
        bridge.didClose("a")  // a late close of a#1 arrives before a#2 appeared
        #expect(await Self.settle(sdk, bridge) == "a")
        #expect(log.lines.contains("6s ignored closed a#2 not-on-screen"))
        sdk.appear("a")
        sdk.close("a")
        #expect(await Self.settle(sdk, bridge) == nil)
        #expect(log.lines.last == "6s closed a#2")
        #expect(sdk.violations == [])
    }

    @Test func newPageWhileOneHangsWaitsForThePresentTimeout() async {
        let (sdk, bridge) = FakeSDK.make(QueueConfiguration(presentTimeout: .seconds(10)))
        sdk.trigger("a")  // a will hang: it never reports back
        await Self.settle(sdk, bridge)
        #expect(sdk.trigger("b") == false)
        sdk.clock.advance(by: .seconds(9))
        #expect(await Self.settle(sdk, bridge) == "a")
        #expect(sdk.yes == ["a"])
        sdk.clock.advance(by: .seconds(1))
        #expect(await Self.settle(sdk, bridge) == "b")
        #expect(sdk.dismissCalls == ["a"])
        #expect(sdk.yes == ["a", "b"])
        #expect(sdk.violations == [])
    }

    @Test func failureReportedForTheCurrentAttemptEndsIt() async {
        let (sdk, bridge) = FakeSDK.make(QueueConfiguration())
        sdk.trigger("a")
        sdk.trigger("b")
        await Self.settle(sdk, bridge)
        sdk.fail("a")
        #expect(await Self.settle(sdk, bridge) == "b")
        bridge.didFail("a")  // a second failure report: ignored
        #expect(await Self.settle(sdk, bridge) == "b")
        #expect(sdk.violations == [])
    }

    /// Issue 15: a clock jump past several deadlines is caught up in one step; the SDK is never asked to
    /// present the attempt that ended within it.
    @Test func catchUpAfterALongSuspensionSkipsTheEndedAttempt() async {
        let (sdk, bridge) = FakeSDK.make(QueueConfiguration(presentTimeout: .seconds(15)))
        let log = Self.log(bridge)
        sdk.trigger("a")
        sdk.trigger("b")
        sdk.trigger("c")
        await Self.settle(sdk, bridge)
        sdk.clock.advance(by: .seconds(40))  // a and b time out at 15 s and 30 s; c is presented at 30 s
        #expect(await Self.settle(sdk, bridge) == "c")
        #expect(
            log.lines.filter { !$0.contains("enqueued") } == [
                "0s present a#1", "15s failed a#1 timeout final", "15s present b#1", "30s failed b#1 timeout final",
                "30s present c#1",
            ])
        #expect(sdk.presentCalls == ["a", "c"])
        #expect(sdk.dismissCalls == ["a"])
        #expect(sdk.yes == ["a", "c"])
        sdk.trigger("b")  // b's page, never requested by the queue, is a new request
        #expect(sdk.yes == ["a", "c"])
        #expect(sdk.violations == [])
    }

    static let pages = ["p0", "p1", "p2", "p3"]

    /// Many random SDK call orders: triggers, re-triggers of pages that finally loaded, failures, pages that
    /// never report back, closes, and clock jumps of 1-20 s. Never two pages on screen.
    @Test(arguments: 0..<UInt64(60))
    func randomSDKCallOrdersNeverShowTwoPages(seed: UInt64) async {
        var random = SeededGenerator(seed: seed)
        let configuration = QueueConfiguration(
            minInterval: .seconds([0, 0, 2].randomElement(using: &random)!),
            presentTimeout: .seconds([5, 10, 15].randomElement(using: &random)!),
            displayTimeout: [nil, .seconds(30)].randomElement(using: &random)!,
            maxAttempts: Int.random(in: 1...3, using: &random),
            retryDelay: .seconds([0, 1, 5].randomElement(using: &random)!),
            capacity: [nil, 3].randomElement(using: &random)!)
        let (sdk, bridge) = FakeSDK.make(configuration, ignoresDismiss: Bool.random(using: &random))
        for _ in 0..<40 {
            let page = Self.pages.randomElement(using: &random)!
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1: sdk.trigger(page)
            case 2:  // a page that finally loaded (or the same in-app) is triggered again
                if let loading = sdk.loading.randomElement(using: &random) { sdk.trigger(loading) }
            case 3, 4: if let loading = sdk.loading.randomElement(using: &random) { sdk.appear(loading) }
            case 5: if let loading = sdk.loading.randomElement(using: &random) { sdk.fail(loading) }
            case 6, 7: if let visible = sdk.visible.randomElement(using: &random) { sdk.close(visible) }
            default: sdk.clock.advance(by: .seconds(Int.random(in: 1...20, using: &random)))
            }
            await Self.settle(sdk, bridge)
            if !sdk.violations.isEmpty { break }
        }
        #expect(sdk.violations == [], "seed \(seed)")
    }
}

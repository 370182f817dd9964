import Testing

@testable import RichMediaQueue

/// Rules 16 and 17: the screen the user is on, where an item may appear, and leaving a screen.
@Suite struct ScreenTests {
    @Test func anItemWithOnWaitsForItsScreenAndKeepsItsPlace() {
        var h = MachineHarness()
        h.enqueue("A", at: 0, screens: .on("home"))
        h.enqueue("B", at: 0)
        // The screen is none at the start: A may not appear, B may; A keeps its place.
        #expect(h.take() == ["0s enqueued A", "0s enqueued B", "0s present B#1"])
        h.closed("B", at: 1)
        #expect(h.take() == ["1s closed B#1"])
        #expect(h.pending == ["A"])
        h.screen("home", at: 2)
        #expect(h.take() == ["2s screen home", "2s present A#1"])
    }

    @Test func notOnKeepsAnItemOffItsScreensAndAllowsNone() {
        var h = MachineHarness()
        h.screen("checkout", at: 0)
        h.enqueue("A", at: 1, screens: .notOn("checkout", "login"))
        #expect(h.take() == ["0s screen checkout", "1s enqueued A"])
        h.screen("login", at: 2)
        h.screen(nil, at: 3)
        #expect(h.take() == ["2s screen login", "3s screen none", "3s present A#1"])
    }

    @Test func onAndNotOnBothApply() {
        var h = MachineHarness()
        h.enqueue("A", at: 0, screens: ScreenRule(on: ["home", "feed"], notOn: ["feed"]))
        h.screen("feed", at: 1)
        h.screen("home", at: 2)
        #expect(h.take() == ["0s enqueued A", "1s screen feed", "2s screen home", "2s present A#1"])
    }

    @Test func theBestItemTheScreenAllowsGoesFirstAndTheOthersKeepTheirPlace() {
        var h = MachineHarness(QueueConfiguration(order: .priority))
        h.screen("home", at: 0)
        h.enqueue("gate", at: 0, screens: .on("home"))
        #expect(h.take() == ["0s screen home", "0s enqueued gate", "0s present gate#1"])
        h.enqueue("feed-only", at: 1, priority: 9, screens: .on("feed"))
        h.enqueue("low", at: 1, priority: 1)
        h.enqueue("mid", at: 1, priority: 5, screens: .notOn("checkout"))
        h.closed("gate", at: 2)
        #expect(h.take().suffix(2) == ["2s closed gate#1", "2s present mid#1"])
        h.closed("mid", at: 3)
        #expect(h.take() == ["3s closed mid#1", "3s present low#1"])
        #expect(h.pending == ["feed-only"])
        h.closed("low", at: 4)
        h.screen("feed", at: 5)
        #expect(h.take() == ["4s closed low#1", "5s screen feed", "5s present feed-only#1"])
    }

    @Test func settingTheSameScreenStillReportsIt() {
        var h = MachineHarness()
        h.screen("home", at: 0)
        h.screen("home", at: 1)
        #expect(h.take() == ["0s screen home", "1s screen home"])
    }

    @Test func waitingForAScreenUsesNoAttemptAndTheTTLKeepsRunning() {
        var h = MachineHarness(QueueConfiguration(frequencyCap: FrequencyCap(1, per: .seconds(60))))
        h.enqueue("A", at: 0, ttl: 10, screens: .on("home"))
        h.enqueue("B", at: 0, screens: .on("home"))
        h.advance(to: 10)
        #expect(h.take() == ["0s enqueued A", "0s enqueued B", "10s expired A"])
        // Waiting used no attempt and no start of the frequency cap: B presents at once, as attempt 1.
        h.screen("home", at: 11)
        #expect(h.take() == ["11s screen home", "11s present B#1"])
    }

    @Test func aScreenChangeDoesNotEndANotNowWait() {
        var h = MachineHarness()
        h.screen("home", at: 0)
        h.enqueue("A", at: 0)
        h.declined("A", at: 1)
        h.screen("feed", at: 2)
        #expect(h.take() == ["0s screen home", "0s enqueued A", "0s present A#1", "1s declined A#1", "2s screen feed"])
        h.resume(at: 3)
        #expect(h.take() == ["3s resumed", "3s present A#2"])
    }

    @Test func anItemOnScreenStaysWhenTheScreenChangesWithoutDismissOnLeave() {
        var h = MachineHarness()
        h.screen("home", at: 0)
        h.enqueue("A", at: 0, screens: .on("home"))
        h.presented("A", at: 1)
        h.screen("checkout", at: 2)
        #expect(h.onScreen == "A#1")
        h.closed("A", at: 3)
        #expect(h.take().suffix(2) == ["2s screen checkout", "3s closed A#1"])
        #expect(h.effects.allSatisfy { if case .dismiss = $0 { false } else { true } })
    }

    @Test func leavingAfterPresentedDismissesAndStartsTheMinimumInterval() {
        var h = MachineHarness(QueueConfiguration(minInterval: .seconds(5)))
        h.screen("home", at: 0)
        h.enqueue("A", at: 0, screens: .on("home", dismissOnLeave: true))
        h.enqueue("B", at: 0)
        h.presented("A", at: 1)
        h.screen("checkout", at: 2)
        #expect(
            h.take() == [
                "0s screen home", "0s enqueued A", "0s present A#1", "0s enqueued B", "1s presented A#1",
                "2s screen checkout", "2s closed A#1 left-screen",
            ])
        #expect(h.effects.contains(.dismiss(AttemptToken(id: "A", attempt: 1, entry: 1), slot: 0)))
        // It counts as shown: the minimum interval starts at the close.
        h.advance(to: 7)
        #expect(h.take() == ["7s present B#1"])
    }

    @Test func leavingBeforePresentedAlsoDismissesAndLateCallbacksAreIgnored() {
        var h = MachineHarness()
        h.screen("home", at: 0)
        h.enqueue("A", at: 0, screens: .notOn("checkout", dismissOnLeave: true))
        h.screen("checkout", at: 1)
        #expect(h.take().suffix(2) == ["1s screen checkout", "1s closed A#1 left-screen"])
        h.presented("A", at: 2)
        #expect(h.take() == ["2s ignored presented A not-on-screen"])
        #expect(h.machine.pendingCount == 0)
    }

    @Test func leavingForAScreenTheItemAllowsKeepsIt() {
        var h = MachineHarness()
        h.screen("home", at: 0)
        h.enqueue("A", at: 0, screens: .on("home", "feed", dismissOnLeave: true))
        h.screen("feed", at: 1)
        h.screen("feed", at: 2)
        #expect(h.onScreen == "A#1")
        h.screen(nil, at: 3)
        #expect(h.take().suffix(2) == ["3s screen none", "3s closed A#1 left-screen"])
    }

    @Test func theNextItemThatTheNewScreenAllowsIsPresentedAtOnce() {
        var h = MachineHarness()
        h.screen("home", at: 0)
        h.enqueue("A", at: 0, screens: .on("home", dismissOnLeave: true))
        h.enqueue("B", at: 0, screens: .on("home"))
        h.enqueue("C", at: 0, screens: .on("checkout"))
        h.screen("checkout", at: 1)
        #expect(h.take().suffix(3) == ["1s screen checkout", "1s closed A#1 left-screen", "1s present C#1"])
        #expect(h.pending == ["B"])
    }
}

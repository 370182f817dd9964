import RichMediaQueueTesting
import Testing

@testable import RichMediaQueue

/// Rule 14: the presenter may decline an attempt ("not now").
@Suite struct DeclineTests {
    @Test func aDeclinedItemIsNotLostAndItsAttemptDoesNotCount() {
        var h = MachineHarness(QueueConfiguration(maxAttempts: 1))
        h.enqueue("A", at: 0)
        h.declined("A", at: 1)
        #expect(h.take() == ["0s enqueued A", "0s present A#1", "1s declined A#1"])
        #expect(h.pending == ["A"])
        #expect(h.onScreen == nil)
        // The next enqueue asks again; A is still first, and its second attempt is not its last-but-one.
        h.enqueue("B", at: 2)
        #expect(h.take() == ["2s enqueued B", "2s present A#2"])
        h.failed("A", reason: "network", at: 3)
        #expect(h.take() == ["3s failed A#2 network final", "3s present B#1"])
    }

    @Test func theQueueDoesNotAskAgainUntilAnEnqueueOrResume() {
        var h = MachineHarness(QueueConfiguration(presentTimeout: .seconds(5)))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.declined("A", at: 1)
        // No timer asks again: the present timeout went with the attempt, and nothing else is scheduled.
        #expect(h.machine.nextDeadline == nil)
        h.advance(to: 60)
        #expect(h.take() == ["0s enqueued A", "0s present A#1", "0s enqueued B", "1s declined A#1"])
        #expect(h.machine.isHeldByDecline)
        h.resume(at: 61)
        #expect(h.take() == ["61s resumed", "61s present A#2"])
    }

    @Test func aDeclineDelayAsksAgainByItself() {
        var h = MachineHarness(QueueConfiguration(declineDelay: .seconds(30)))
        h.enqueue("A", at: 0)
        h.declined("A", at: 1)
        #expect(h.machine.nextDeadline == .seconds(31))
        h.advance(to: 31)
        #expect(h.take().suffix(2) == ["1s declined A#1", "31s present A#2"])
    }

    @Test func staleCallbacksOfADeclinedAttemptAreIgnored() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.declined("A", at: 1)
        h.resume(at: 2)
        h.closed("A", attempt: 1, at: 3)
        h.declined("A", attempt: 1, at: 3)
        #expect(h.onScreen == "A#2")
        #expect(
            h.take().suffix(2) == ["3s ignored closed A#1 stale-attempt", "3s ignored declined A#1 stale-attempt"])
    }

    @Test func aDeclineAfterPresentedIsIgnored() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.presented("A", at: 1)
        h.declined("A", at: 2)
        #expect(h.take().last == "2s ignored declined A already-presented")
        #expect(h.onScreen == "A#1")
    }

    @Test func resumeWhileNeitherPausedNorHeldIsStillIgnored() {
        var h = MachineHarness()
        h.resume(at: 0)
        #expect(h.take() == ["0s ignored resume not-paused"])
    }

    @Test func anItemWhoseTTLRanOutWhileOnScreenExpiresWhenDeclined() {
        var h = MachineHarness()
        h.enqueue("A", at: 0, ttl: 1)
        h.declined("A", at: 2)
        #expect(h.take().suffix(2) == ["2s declined A#1", "2s expired A"])
        #expect(h.pending.isEmpty)
    }

    @Test func theRecordingPresenterDeclinesAsScripted() async {
        let driver = QueueTestDriver<Promo>(
            configuration: QueueConfiguration(declineDelay: .seconds(10)),
            presenter: RecordingPresenter(script: ["a": .declinesFirst(2)]))
        await driver.queue.enqueue(Promo(id: "a"))
        await driver.advance(by: .seconds(25))
        #expect(
            driver.timeline == [
                "0s enqueued a", "0s present a#1", "0s declined a#1", "10s present a#2", "10s declined a#2",
                "20s present a#3", "20s presented a#3",
            ])
        let snapshot = await driver.queue.snapshot()
        #expect(!snapshot.isWaitingAfterDecline)
    }

    @Test func aPresenterThatAlwaysDeclinesIsAskedOncePerEnqueueAndNeverSpins() async {
        let driver = QueueTestDriver<Promo>(presenter: RecordingPresenter(default: .declines))
        await driver.queue.enqueue(Promo(id: "a"))
        await driver.queue.enqueue(Promo(id: "b"))
        await driver.advance(by: .seconds(3600))
        #expect(driver.presenter.calls.map(\.description) == ["present a#1", "present a#2"])
        let snapshot = await driver.queue.snapshot()
        #expect(snapshot.isWaitingAfterDecline)
        #expect(snapshot.pending.map(\.item.id) == ["a", "b"])
        #expect(snapshot.pending.first?.attemptsUsed == 0)
    }
}

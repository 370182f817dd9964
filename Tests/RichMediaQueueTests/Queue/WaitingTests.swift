import RichMediaQueueTesting
import Testing

@testable import RichMediaQueue

/// Rule 18: why nothing is shown, in `waiting` reports (when asked for) and in the snapshot (always).
@Suite struct WaitingTests {
    static func reporting(_ configuration: QueueConfiguration = QueueConfiguration()) -> MachineHarness {
        var configuration = configuration
        configuration.reportsWaiting = true
        return MachineHarness(configuration)
    }

    @Test func reportsAreOffByDefault() {
        var h = MachineHarness()
        h.pause(at: 0)
        h.enqueue("A", at: 1)
        #expect(h.take() == ["0s paused", "1s enqueued A"])
        #expect(h.machine.waiting()?.reason == .paused)
    }

    @Test func paused() {
        var h = Self.reporting()
        h.pause(at: 0)
        h.enqueue("A", at: 1)
        #expect(h.take() == ["0s paused", "1s enqueued A", "1s waiting A paused"])
    }

    @Test func declined() {
        var h = Self.reporting()
        h.enqueue("A", at: 0)
        h.declined("A", at: 1)
        #expect(h.take() == ["0s enqueued A", "0s present A#1", "1s declined A#1", "1s waiting A declined"])
    }

    @Test func minIntervalWithItsEnd() {
        var h = Self.reporting(QueueConfiguration(minInterval: .seconds(5)))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.closed("A", at: 1)
        h.drain()
        #expect(h.take().suffix(3) == ["1s closed A#1", "1s waiting B min-interval until 6s", "6s present B#1"])
    }

    @Test func frequencyCapWithItsEnd() {
        var h = Self.reporting(QueueConfiguration(frequencyCap: FrequencyCap(1, per: .seconds(60))))
        h.enqueue("A", at: 0)
        h.closed("A", at: 1)
        h.enqueue("B", at: 2)
        h.drain()
        #expect(
            h.take() == [
                "0s enqueued A", "0s present A#1", "1s closed A#1", "2s enqueued B",
                "2s waiting B frequency-cap until 60s", "60s present B#1",
            ])
    }

    @Test func screen() {
        var h = Self.reporting()
        h.enqueue("A", at: 0, screens: .on("home"))
        h.screen("feed", at: 1)
        h.screen("home", at: 2)
        #expect(
            h.take() == ["0s enqueued A", "0s waiting A screen", "1s screen feed", "2s screen home", "2s present A#1"])
    }

    @Test func retryDelayWithTheEarliestEnd() {
        var h = Self.reporting(QueueConfiguration(maxAttempts: 2, retryDelay: .seconds(10)))
        h.enqueue("A", at: 0)
        h.failed("A", reason: "x", at: 1)
        h.drain()
        #expect(
            h.take() == [
                "0s enqueued A", "0s present A#1", "1s failed A#1 x retry", "1s waiting A retry-delay until 11s",
                "11s present A#2",
            ])
    }

    @Test func theFirstReasonThatHoldsIsReported() {
        // Paused, inside the minimum interval, past the frequency cap, and the screen allows nothing: paused.
        var h = Self.reporting(
            QueueConfiguration(minInterval: .seconds(5), frequencyCap: FrequencyCap(1, per: .seconds(60))))
        h.enqueue("A", at: 0)
        h.closed("A", at: 1)
        h.pause(at: 1)
        h.enqueue("B", at: 2, screens: .on("home"))
        #expect(h.take().suffix(2) == ["2s enqueued B", "2s waiting B paused"])
        // Resumed: the minimum interval; when it ends, the frequency cap; when that opens, the screen.
        h.resume(at: 3)
        h.drain()
        #expect(
            h.take() == [
                "3s resumed", "3s waiting B min-interval until 6s", "6s waiting B frequency-cap until 60s",
                "60s waiting B screen",
            ])
    }

    @Test func theEndOfAFrequencyCapIsAReportOnlyWakeUp() {
        // Nothing is eligible for the screen, so no present waits for the cap: without reports no timer is set.
        let configuration = QueueConfiguration(frequencyCap: FrequencyCap(1, per: .seconds(60)))
        var quiet = MachineHarness(configuration)
        var loud = Self.reporting(configuration)
        for index in 0..<2 {
            var h = index == 0 ? quiet : loud
            h.enqueue("A", at: 0)
            h.closed("A", at: 1)
            h.enqueue("B", at: 2, screens: .on("home"))
            if index == 0 { quiet = h } else { loud = h }
        }
        #expect(quiet.machine.nextDeadline == nil)
        #expect(loud.machine.nextDeadline == .seconds(60))
        loud.drain()
        #expect(loud.take().suffix(2) == ["2s waiting B frequency-cap until 60s", "60s waiting B screen"])
        // The wake-up changed nothing else: the same screen change presents B in both.
        quiet.screen("home", at: 61)
        loud.screen("home", at: 61)
        #expect(quiet.take().suffix(2) == ["61s screen home", "61s present B#1"])
        #expect(loud.take() == ["61s screen home", "61s present B#1"])
    }

    @Test func aReportIsMadeOnlyWhenTheItemOrTheReasonChanges() {
        var h = Self.reporting(QueueConfiguration(order: .lifo))
        h.enqueue("A", at: 0, screens: .on("home"))
        h.screen("feed", at: 1)  // the same item, the same reason: no report
        h.enqueue("B", at: 2, screens: .on("home"))  // lifo: B is the best pending item now
        h.cancel("B", at: 3)  // A again
        #expect(
            h.take() == [
                "0s enqueued A", "0s waiting A screen", "1s screen feed", "2s enqueued B", "2s waiting B screen",
                "3s cancelled B", "3s waiting A screen",
            ])
    }

    @Test func aPresentStartsTheComparisonAfresh() {
        var h = Self.reporting()
        h.pause(at: 0)
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.resume(at: 1)
        h.pause(at: 2)
        h.closed("A", at: 3)
        #expect(
            h.take() == [
                "0s paused", "0s enqueued A", "0s waiting A paused", "0s enqueued B", "1s resumed", "1s present A#1",
                "2s paused", "3s closed A#1", "3s waiting B paused",
            ])
    }

    @Test func theBestPendingItemIsNamedWhateverTheScreenAndItsRetryDelay() {
        // B waits out a retry delay and A waits for its screen: A is reported with reason screen (some item is
        // outside a retry delay and the screen allows none); the best pending item by order is B.
        var h = Self.reporting(QueueConfiguration(order: .priority, maxAttempts: 2, retryDelay: .seconds(10)))
        h.enqueue("B", at: 0, priority: 5)
        h.enqueue("A", at: 0, screens: .on("home"))
        h.failed("B", at: 1)
        #expect(h.take().suffix(2) == ["1s failed B#1 retry", "1s waiting B screen"])
        // When B's retry delay ends, it is presented.
        h.advance(to: 11)
        #expect(h.take() == ["11s present B#2"])
    }

    @Test func nothingIsReportedWhileAnItemIsOnScreenOrNothingIsPending() {
        var h = Self.reporting(QueueConfiguration(minInterval: .seconds(5)))
        h.enqueue("A", at: 0)
        h.closed("A", at: 1)
        h.drain()
        #expect(h.take() == ["0s enqueued A", "0s present A#1", "1s closed A#1"])
        #expect(h.machine.waiting() == nil)
    }

    @Test func theSnapshotSaysWhyWhetherReportsAreOnOrNot() async {
        let driver = QueueTestDriver<Promo>(
            configuration: QueueConfiguration(minInterval: .seconds(5)),
            presenter: RecordingPresenter(default: .closes(after: .seconds(1))))
        await driver.queue.enqueue(Promo(id: "a"))
        await driver.queue.enqueue(Promo(id: "b"))
        await driver.advance(by: .seconds(2))
        let snapshot = await driver.queue.snapshot()
        #expect(snapshot.waiting?.item.id == "b")
        #expect(snapshot.waiting?.reason == .minInterval)
        #expect(snapshot.waiting?.until == .seconds(6))
        #expect(!driver.timeline.contains { $0.contains("waiting") })
    }
}

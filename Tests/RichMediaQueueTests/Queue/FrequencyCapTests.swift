import RichMediaQueueTesting
import Testing

@testable import RichMediaQueue

/// Rule 15: at most n presents in any window of length W.
@Suite struct FrequencyCapTests {
    static let twoPerMinute = QueueConfiguration(frequencyCap: FrequencyCap(2, per: .seconds(60)))

    @Test func aPresentWaitsUntilTheEarliestStartLeavesTheWindow() {
        var h = MachineHarness(Self.twoPerMinute)
        h.enqueue("A", at: 0)
        h.closed("A", at: 1)
        h.enqueue("B", at: 10)
        h.closed("B", at: 11)
        h.enqueue("C", at: 12)
        // Scheduled, not polled: the only deadline is when A's start leaves the window.
        #expect(h.machine.nextDeadline == .seconds(60))
        #expect(h.machine.nextPresentAllowedAt == .seconds(60))
        h.advance(to: 59)
        #expect(h.onScreen == nil)
        h.drain()
        #expect(h.take().suffix(2) == ["12s enqueued C", "60s present C#1"])
    }

    @Test func retriesCount() {
        var h = MachineHarness(
            QueueConfiguration(maxAttempts: 3, frequencyCap: FrequencyCap(2, per: .seconds(60))))
        h.enqueue("A", at: 0)
        h.failed("A", at: 1)
        h.failed("A", at: 2)
        #expect(
            h.take() == [
                "0s enqueued A", "0s present A#1", "1s failed A#1 retry", "1s present A#2", "2s failed A#2 retry",
            ])
        h.drain()
        #expect(h.take() == ["60s present A#3"])
    }

    @Test func declinedAttemptsDoNotCount() {
        var h = MachineHarness(QueueConfiguration(frequencyCap: FrequencyCap(1, per: .seconds(60))))
        h.enqueue("A", at: 0)
        h.declined("A", at: 1)
        h.enqueue("B", at: 2)
        #expect(h.take().suffix(2) == ["2s enqueued B", "2s present A#2"])
    }

    @Test func minimumIntervalAndCapTogether() {
        var h = MachineHarness(
            QueueConfiguration(minInterval: .seconds(90), frequencyCap: FrequencyCap(1, per: .seconds(60))))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.closed("A", at: 5)
        #expect(h.machine.nextPresentAllowedAt == .seconds(95))
        h.drain()
        #expect(h.take().last == "95s present B#1")
    }

    @Test func theSnapshotSaysWhenTheNextPresentMayStart() async {
        let driver = QueueTestDriver<Promo>(
            configuration: Self.twoPerMinute, presenter: RecordingPresenter(default: .closes(after: .seconds(1))))
        await driver.queue.enqueue(Promo(id: "a"))
        await driver.queue.enqueue(Promo(id: "b"))
        await driver.queue.enqueue(Promo(id: "c"))
        await driver.advance(by: .seconds(5))
        var snapshot = await driver.queue.snapshot()
        #expect(snapshot.nextPresentAllowedAt == .seconds(60))
        #expect(snapshot.pending.map(\.item.id) == ["c"])
        await driver.advance(by: .seconds(60))
        snapshot = await driver.queue.snapshot()
        #expect(snapshot.nextPresentAllowedAt == nil)
        #expect(driver.timeline.contains("60s present c#1"))
    }

    @Test func anInvalidCapIsClamped() {
        let cap = FrequencyCap(0, per: .seconds(-1))
        #expect(cap.count == 1)
        #expect(cap.window > .zero)
    }
}

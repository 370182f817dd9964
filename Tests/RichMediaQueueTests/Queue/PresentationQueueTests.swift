import Foundation
import Testing

@testable import RichMediaQueue

@Suite struct PresentationQueueTests {
    typealias Queue = PresentationQueue<Promo, ManualClock>

    @Test func presentsThroughThePresenterWithAnAttemptToken() async throws {
        let presenter = FakePresenter()
        let queue = Queue(clock: ManualClock(), presenter: presenter)
        await queue.enqueue(Promo(id: "A"))
        await queue.enqueue(Promo(id: "B"))
        #expect(presenter.calls == [.present("A", 1)])
        let token = try #require(presenter.token("A"))
        await queue.presented(token)
        await queue.closed(token)
        #expect(presenter.calls == [.present("A", 1), .present("B", 1)])
        await queue.closed(token)  // late duplicate: ignored
        let snapshot = await queue.snapshot()
        #expect(snapshot.onScreen?.id == "B")
        #expect(snapshot.onScreenAttempt?.attempt == 1)
    }

    @Test func presentTimeoutFiresWhenTheManualClockAdvances() async {
        let clock = ManualClock()
        let presenter = FakePresenter()
        let queue = Queue(
            configuration: QueueConfiguration(presentTimeout: .seconds(5), maxAttempts: 2, retryDelay: .seconds(1)),
            clock: clock, presenter: presenter)
        await queue.enqueue(Promo(id: "A"))
        clock.advance(by: .seconds(5))
        var snapshot = await queue.snapshot()
        #expect(snapshot.onScreen == nil)
        #expect(snapshot.pending.first?.isWaitingForRetry == true)
        clock.advance(by: .seconds(1))
        snapshot = await queue.snapshot()
        #expect(snapshot.onScreenAttempt?.attempt == 2)
        #expect(presenter.calls == [.present("A", 1), .dismiss("A", 1), .present("A", 2)])
    }

    @Test func displayTimeoutDismissesThroughThePresenter() async throws {
        let clock = ManualClock()
        let presenter = FakePresenter()
        let queue = Queue(
            configuration: QueueConfiguration(displayTimeout: .seconds(30)), clock: clock, presenter: presenter)
        await queue.enqueue(Promo(id: "A"))
        await queue.presented(try #require(presenter.token("A")))
        clock.advance(by: .seconds(30))
        _ = await queue.snapshot()
        #expect(presenter.calls == [.present("A", 1), .dismiss("A", 1)])
    }

    @Test func presenterThatThrowsCountsAsAFailedAttempt() async {
        let presenter = FakePresenter(failing: ["A"])
        let log = EventLog()
        let queue = Queue(clock: ManualClock(), presenter: presenter)
        queue.addObserver { log.append($0) }
        await queue.enqueue(Promo(id: "A"))
        await queue.enqueue(Promo(id: "B"))
        #expect(log.lines.contains("0s failed A#1 render-error final"))
        #expect(presenter.calls == [.present("A", 1), .present("B", 1)])
    }

    @Test func eventStreamDeliversEventsInOrder() async {
        let queue = Queue(clock: ManualClock(), presenter: FakePresenter())
        let stream = queue.subscribe(bufferingPolicy: .unbounded)
        await queue.enqueue(Promo(id: "A"))
        await queue.cancel("A")
        await queue.shutdown()
        var lines: [String] = []
        for await event in stream { lines.append(MachineHarness.compact(event)) }
        #expect(lines == ["0s enqueued A", "0s present A#1", "0s ignored cancel A on-screen"])
    }

    @Test(arguments: [false, true])
    func eventsAndSnapshotsCarryTheClockTimeAfterCallbacksNobodyListenedTo(withTTL: Bool) async throws {
        // Timeless rules and no listener: callbacks may skip reading the clock, but whatever is published or
        // snapshotted later must still carry the clock's time.
        let clock = ManualClock()
        let presenter = FakePresenter()
        let queue = Queue(clock: clock, presenter: presenter)
        await queue.enqueue(Promo(id: "A"))
        await queue.enqueue(Promo(id: "B"))
        clock.advance(by: .seconds(7))
        let first = try #require(presenter.token("A"))
        await queue.presented(first)
        await queue.closed(first)
        #expect(await queue.snapshot().elapsed == .seconds(7))
        clock.advance(by: .seconds(2))
        await queue.presented(try #require(presenter.token("B")))
        let log = EventLog()
        queue.addObserver { log.append($0) }
        clock.advance(by: .seconds(1))
        await queue.enqueue(Promo(id: "C"), ttl: withTTL ? .seconds(5) : nil)
        await queue.closed(try #require(presenter.token("B")))
        #expect(log.lines == ["10s enqueued C", "10s closed B#1", "10s present C#1"])
        clock.advance(by: .seconds(3))
        #expect(await queue.snapshot().elapsed == .seconds(13))
    }

    @Test func timerWakeUpRunsWithoutAnyCallOnTheQueue() async {
        let clock = ManualClock()
        let queue = Queue(
            configuration: QueueConfiguration(presentTimeout: .seconds(5)), clock: clock, presenter: FakePresenter())
        var iterator = queue.subscribe(bufferingPolicy: .unbounded).makeAsyncIterator()
        await queue.enqueue(Promo(id: "A"))
        _ = await iterator.next()  // enqueued
        _ = await iterator.next()  // present
        await clock.sleepers(atLeast: 1)  // the queue's wake-up is parked
        clock.advance(by: .seconds(5))
        let event = await iterator.next()
        #expect(event.map(MachineHarness.compact) == "5s failed A#1 timeout final")
    }

    /// The documented presenter (a weak reference back to its queue) with a timer wake-up scheduled and an open
    /// event stream: once the app lets go of the queue, the queue is freed, with its wake-up task and streams.
    /// (Regression: the guide's presenter held its queue strongly, a cycle LeakSanitizer reported.)
    @Test func queueIsFreedWhenTheAppLetsGoEvenWithAWakeUpScheduled() async throws {
        final class BackReferencingPresenter: MediaPresenter, @unchecked Sendable {
            weak var queue: Queue?
            func present(_ item: Promo, attempt: AttemptToken<String>) async throws { await queue?.presented(attempt) }
            func dismiss(_ item: Promo, attempt: AttemptToken<String>) async {}
        }
        let clock = ManualClock()
        let presenter = BackReferencingPresenter()
        weak var released: Queue?
        var stream: AsyncStream<QueueEvent<String>>?
        do {
            let queue = Queue(
                configuration: QueueConfiguration(displayTimeout: .seconds(30)), clock: clock, presenter: presenter)
            presenter.queue = queue
            released = queue
            stream = queue.subscribe(bufferingPolicy: .unbounded)
            await queue.enqueue(Promo(id: "A"))
            #expect(await queue.snapshot().onScreen?.id == "A")
            #expect(await queue.nextDeadline == .seconds(30))
        }
        // `#require`: a queue kept alive keeps its wake-up sleeping, so the wait below would never end.
        try #require(released == nil, "the queue outlived its last strong reference")
        #expect(presenter.queue == nil)
        // Its wake-up was cancelled (synchronously, or before it could park) and its stream finished.
        #expect(clock.sleeperCount == 0)
        var lines: [String] = []
        for await event in try #require(stream) { lines.append(MachineHarness.compact(event)) }
        #expect(lines == ["0s enqueued A", "0s present A#1", "0s presented A#1"])
    }

    @Test func withoutPresenterTheAppPresentsFromEvents() async throws {
        let queue = Queue(clock: ManualClock())
        var iterator = queue.subscribe(bufferingPolicy: .unbounded).makeAsyncIterator()
        await queue.enqueue(Promo(id: "A"))
        _ = await iterator.next()
        let event = try #require(await iterator.next())
        guard case .present(let token) = event.kind else {
            Issue.record("expected present, got \(event)")
            return
        }
        await queue.closed(token)
        #expect(await iterator.next()?.kind == .closed(token, reason: .closed))
    }

    @Test func thousandConcurrentEnqueuesAreEachAccountedForOnce() async {
        let log = EventLog()
        let queue = Queue(
            configuration: QueueConfiguration(capacity: 600), clock: ManualClock(), presenter: FakePresenter())
        queue.addObserver { log.append($0) }
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<20 {
                group.addTask {
                    for index in 0..<50 { await queue.enqueue(Promo(id: "\(task)-\(index)")) }
                }
            }
        }
        let snapshot = await queue.snapshot()
        let enqueued = log.lines.filter { $0.contains(" enqueued ") }
        let dropped = log.lines.filter { $0.contains(" dropped ") }
        #expect(enqueued.count == 1000)
        #expect(Set(enqueued).count == 1000)
        #expect(dropped.count == 1000 - 601)
        var ids = Set(snapshot.pending.map(\.item.id))
        if let onScreen = snapshot.onScreen { ids.insert(onScreen.id) }
        for line in dropped { ids.insert(String(line.split(separator: " ")[2])) }
        #expect(ids.count == 1000)
    }

    @Test func backlogRoundTripsThroughJSONAndRestoresOrderTTLAndAttempts() async throws {
        let clock = ManualClock()
        let queue = Queue(
            configuration: QueueConfiguration(order: .priority, maxAttempts: 3), clock: clock,
            presenter: FakePresenter())
        await queue.pause()
        await queue.enqueue(Promo(id: "low"), priority: 0, ttl: .seconds(100))
        await queue.enqueue(Promo(id: "high"), priority: 9)
        await queue.enqueue(Promo(id: "mid"), priority: 5, ttl: .seconds(20))
        clock.advance(by: .seconds(10))
        let backlog = await queue.backlog()
        let data = try JSONEncoder().encode(backlog)
        let decoded = try JSONDecoder().decode(PendingBacklog<Promo>.self, from: data)
        #expect(decoded == backlog)
        #expect(decoded.entries.map(\.item.id) == ["low", "high", "mid"])
        #expect(decoded.entries.map(\.remainingTTL) == [.seconds(90), nil, .seconds(10)])

        let log = EventLog()
        let restored = Queue(
            configuration: QueueConfiguration(order: .priority, maxAttempts: 3), clock: ManualClock(),
            presenter: FakePresenter())
        restored.addObserver { log.append($0) }
        await restored.pause()
        await restored.restore(decoded, elapsedSinceSave: .seconds(15))
        let snapshot = await restored.snapshot()
        #expect(snapshot.pending.map(\.item.id) == ["high", "low"])
        #expect(snapshot.pending.map(\.remainingTTL) == [nil, .seconds(75)])
        #expect(log.lines.contains("0s expired mid"))
    }

    @Test func restoredItemKeepsItsUsedAttempts() async {
        let queue = Queue(
            configuration: QueueConfiguration(maxAttempts: 3), clock: ManualClock(), presenter: FakePresenter())
        await queue.restore(PendingBacklog(entries: [.init(item: Promo(id: "A"), attemptsUsed: 2)]))
        let snapshot = await queue.snapshot()
        #expect(snapshot.onScreenAttempt?.attempt == 3)
    }

    /// Issue 15: after a long suspension the queue catches up in one step; the presenter is not asked to
    /// present (or dismiss) an attempt that ended within it, and the events still report every decision.
    @Test func catchUpAfterALongSuspensionMakesNoCallsForEndedAttempts() async {
        let clock = ManualClock()
        let presenter = FakePresenter()
        let queue = Queue(
            configuration: QueueConfiguration(presentTimeout: .seconds(15)), clock: clock, presenter: presenter)
        let log = EventLog()
        queue.addObserver { log.append($0) }
        for id in ["a", "b", "c"] { await queue.enqueue(Promo(id: id)) }
        clock.advance(by: .seconds(40))
        _ = await queue.snapshot()
        #expect(presenter.calls == [.present("a", 1), .dismiss("a", 1), .present("c", 1)])
        #expect(
            log.lines.filter { !$0.contains("enqueued") } == [
                "0s present a#1", "15s failed a#1 timeout final", "15s present b#1", "30s failed b#1 timeout final",
                "30s present c#1",
            ])
    }

    // The actor keeps items by the machine's slot: an entry ended by an input keeps its item until that
    // input's calls are made, even when the same input enqueues a new item.
    @Test func itemEndedByATimeoutIsDismissedWhenTheSameInputEnqueues() async throws {
        let clock = ManualClock()
        let presenter = FakePresenter()
        let queue = Queue(
            configuration: QueueConfiguration(displayTimeout: .seconds(30)), clock: clock, presenter: presenter)
        await queue.enqueue(Promo(id: "A"))
        await queue.presented(try #require(presenter.token("A")))
        clock.advance(by: .seconds(30))
        await queue.enqueue(Promo(id: "B"))  // fires A's display timeout first, then enqueues B
        #expect(presenter.calls == [.present("A", 1), .dismiss("A", 1), .present("B", 1)])
        #expect(await queue.snapshot().onScreen?.id == "B")
    }

    @Test func overflowVictimsItemIsNotTakenForTheNewItem() async throws {
        let presenter = FakePresenter()
        let queue = Queue(
            configuration: QueueConfiguration(capacity: 1, overflow: .dropOldest), clock: ManualClock(),
            presenter: presenter)
        await queue.enqueue(Promo(id: "A"))
        await queue.enqueue(Promo(id: "B"))
        await queue.enqueue(Promo(id: "C"))  // drops B
        #expect(await queue.snapshot().pending.map(\.item.id) == ["C"])
        await queue.closed(try #require(presenter.token("A")))
        #expect(presenter.calls == [.present("A", 1), .present("C", 1)])
    }
}

import RichMediaQueueTesting
import Testing

@testable import RichMediaQueue

/// `outcome(of:)`: how an entry ended, awaited.
@Suite struct OutcomeTests {
    typealias Queue = PresentationQueue<Promo, ManualClock>

    /// Starts awaiting the outcome of `id` and returns once the waiter is registered.
    static func awaitOutcome(_ queue: Queue, _ id: String) async -> Task<PresentationOutcome?, any Error> {
        let waiting = await queue.outcomeWaiterCount
        let task = Task { try await queue.outcome(of: id) }
        await queue.outcomeWaiters(atLeast: waiting + 1)
        return task
    }

    @Test func everyTerminalEventIsAnOutcome() async throws {
        let clock = ManualClock()
        let presenter = FakePresenter(failing: ["broken"])
        let queue = Queue(
            configuration: QueueConfiguration(capacity: 2), clock: clock, presenter: presenter)
        await queue.enqueue(Promo(id: "shown"))
        await queue.enqueue(Promo(id: "expiring"), ttl: .seconds(10))
        await queue.enqueue(Promo(id: "dropped"))
        let shown = await Self.awaitOutcome(queue, "shown")
        let expiring = await Self.awaitOutcome(queue, "expiring")
        let dropped = await Self.awaitOutcome(queue, "dropped")
        await queue.enqueue(Promo(id: "overflow"))  // capacity 2: drops the newest
        await queue.cancel("dropped")
        #expect(try await dropped.value == .cancelled)
        clock.advance(by: .seconds(10))
        #expect(try await expiring.value == .expired)
        await queue.closed(try #require(presenter.token("shown")))
        #expect(try await shown.value == .closed(reason: .closed))
        await queue.enqueue(Promo(id: "broken"))
        #expect(try await queue.outcome(of: "broken") == nil, "failed at its present: no longer known")
    }

    @Test func droppedAndFailedCarryTheirReasons() async throws {
        let queue = Queue(configuration: QueueConfiguration(capacity: 1, overflow: .dropOldest), clock: ManualClock())
        await queue.enqueue(Promo(id: "a"))  // on screen
        await queue.enqueue(Promo(id: "b"))
        let b = await Self.awaitOutcome(queue, "b")
        await queue.enqueue(Promo(id: "c"))  // drops b, the oldest pending
        #expect(try await b.value == .dropped(reason: .overflow))
        let a = await Self.awaitOutcome(queue, "a")
        await queue.failed(AttemptToken(id: "a", attempt: 1, entry: 1), reason: "http 500")
        #expect(try await a.value == .failed(reason: "http 500"))
    }

    @Test func anUnknownIDNeverHangs() async throws {
        let queue = Queue(clock: ManualClock())
        #expect(try await queue.outcome(of: "never-enqueued") == nil)
        await queue.enqueue(Promo(id: "a"))
        await queue.closed(AttemptToken(id: "a", attempt: 1, entry: 1))
        #expect(try await queue.outcome(of: "a") == nil)
    }

    @Test func cancellingTheAwaitingTaskThrowsAndLeavesTheItem() async throws {
        let clock = ManualClock()
        let queue = Queue(configuration: QueueConfiguration(displayTimeout: .seconds(30)), clock: clock)
        await queue.enqueue(Promo(id: "a"))
        let task = await Self.awaitOutcome(queue, "a")
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await queue.snapshot().onScreen?.id == "a")
        // The queue keeps running and a new waiter still gets the outcome.
        let again = await Self.awaitOutcome(queue, "a")
        await queue.presented(AttemptToken(id: "a", attempt: 1, entry: 1))
        await clock.sleepers(atLeast: 1)  // the display timeout's wake-up
        clock.advance(by: .seconds(30))
        #expect(try await again.value == .closed(reason: .timeout))
    }

    @Test func aTaskCancelledBeforeItAsksThrowsAtOnce() async {
        let queue = Queue(clock: ManualClock())
        await queue.enqueue(Promo(id: "a"))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await queue.outcome(of: "a")
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func enqueueAndWaitHasTheOutcomeEvenOfARefusedEnqueue() async throws {
        let queue = Queue(clock: ManualClock())
        await queue.enqueue(Promo(id: "a"))
        #expect(try await queue.enqueueAndWait(Promo(id: "a")) == .dropped(reason: .duplicate))
        #expect(try await queue.enqueueAndWait(Promo(id: "b"), ttl: .zero) == .expired)
    }

    @Test func enqueueAndWaitReturnsWhenThePresenterClosesTheItem() async throws {
        let driver = QueueTestDriver<Promo>(presenter: RecordingPresenter(default: .fails(reason: "offline")))
        #expect(try await driver.queue.enqueueAndWait(Promo(id: "a")) == .failed(reason: "offline"))
        #expect(driver.timeline == ["0s enqueued a", "0s present a#1", "0s failed a#1 offline final"])
    }

    @Test func cancellingEnqueueAndWaitLeavesTheItemQueued() async throws {
        let queue = Queue(clock: ManualClock())
        let waiting = await queue.outcomeWaiterCount
        let task = Task { try await queue.enqueueAndWait(Promo(id: "a")) }
        await queue.outcomeWaiters(atLeast: waiting + 1)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await queue.snapshot().onScreen?.id == "a")
    }
}

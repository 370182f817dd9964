import RichMediaQueue

/// A queue on a `ManualClock` with a ``RecordingPresenter`` and an ``EventRecorder``, for testing your
/// presentation ordering without sleeping.
///
/// The queue's machine checks its invariants after every input. ``advance(by:)`` moves the clock
/// through every deadline on the way (the queue's timers and the presenter's scripted closes), so each
/// event carries its exact time.
///
/// <!-- snippet: QueueTestDriverDocExample -->
/// ```swift
/// let driver = QueueTestDriver<Promo>(
///     configuration: QueueConfiguration(minInterval: .seconds(2)),
///     presenter: RecordingPresenter(default: .closes(after: .seconds(5))))
/// await driver.queue.enqueue(Promo(id: "a"))
/// await driver.queue.enqueue(Promo(id: "b"))
/// await driver.advance(by: .seconds(20))
/// #expect(driver.timeline.contains("7s present b#1"))
/// ```
public final class QueueTestDriver<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
    /// The clock; it only moves in ``advance(by:)`` (or when you advance it yourself).
    public let clock: ManualClock
    /// The queue under test.
    public let queue: PresentationQueue<Item, ManualClock>
    /// The presenter the queue calls.
    public let presenter: RecordingPresenter<Item>
    /// The recorder of the queue's events.
    public let recorder: EventRecorder<Item.ID>

    /// Creates a queue at time zero.
    ///
    /// - Parameters:
    ///   - configuration: The rules under test (for example your app's configuration).
    ///   - presenter: The scripted presenter; by default every item reports presented and stays.
    public init(configuration: QueueConfiguration = QueueConfiguration(), presenter: RecordingPresenter<Item> = .init())
    {
        let clock = ManualClock()
        self.clock = clock
        self.presenter = presenter
        queue = PresentationQueue(
            configuration: configuration, clock: clock, presenter: presenter, schedulesWakeUps: false,
            checksInvariants: true)
        recorder = EventRecorder(queue)
        presenter.attach(to: queue)
        presenter.useTime { clock.now.offset }
    }

    /// Starts awaiting how the live entry with this id ends (`PresentationQueue.outcome(of:)`), and returns
    /// once the wait is registered: move the clock right away, no sleep needed.
    ///
    /// <!-- snippet: QueueTestDriverOutcomeDocExample -->
    /// ```swift
    /// await driver.queue.enqueue(Promo(id: "a"))
    /// await driver.queue.enqueue(Promo(id: "b"), ttl: .seconds(30))
    /// let b = await driver.outcome(of: "b")  // the wait is registered
    /// await driver.advance(by: .seconds(30))
    /// #expect(try await b.value == .expired)
    /// ```
    ///
    /// - Parameter id: The item id.
    /// - Returns: The task awaiting the outcome; its value is `nil` if no entry with this id was pending or
    ///   on screen.
    public func outcome(of id: Item.ID) async -> Task<PresentationOutcome?, any Error> {
        let (registered, done) = AsyncStream<Void>.makeStream()
        let task = Task { [queue] in try await queue.outcome(of: id) { done.finish() } }
        for await _ in registered {}
        return task
    }

    /// Enqueues `item` and starts awaiting its outcome (`PresentationQueue.enqueueAndWait(_:priority:ttl:screens:tags:)`),
    /// and returns once the enqueue is applied, the wait registered and the presenter calls it caused are
    /// made: move the clock right away, no sleep needed.
    ///
    /// - Parameters:
    ///   - item: The item to present.
    ///   - priority: Its priority.
    ///   - ttl: How long the item may stay pending, or `nil`.
    /// - Returns: The task awaiting the outcome.
    public func enqueueAndWait(
        _ item: Item, priority: Int = 0, ttl: Duration? = nil
    ) async -> Task<PresentationOutcome, any Error> {
        let (registered, done) = AsyncStream<Void>.makeStream()
        let task = Task { [queue] in
            try await queue.enqueueAndWait(item, priority: priority, ttl: ttl) { done.finish() }
        }
        for await _ in registered {}
        await queue.settled()
        return task
    }

    /// The events so far as lines such as `0s present a#1`.
    public var timeline: [String] { recorder.lines }

    /// Moves the user to `screen` (`nil`: none) at the clock's time, as your app's screens would report it, and
    /// returns once the presenter calls this causes are made (a `dismiss` of a `dismiss-on-leave` item, the
    /// `present` of the next item the screen allows).
    ///
    /// <!-- snippet: QueueTestDriverScreensDocExample -->
    /// ```swift
    /// await driver.queue.enqueue(Promo(id: "sale"), screens: .on("home", dismissOnLeave: true))
    /// await driver.visit("home")
    /// await driver.advance(by: .seconds(2))
    /// await driver.visit("checkout")
    /// #expect(driver.timeline.suffix(2) == ["2s screen checkout", "2s closed sale#1 left-screen"])
    /// #expect(driver.presenter.calls.last == .dismiss(AttemptToken(id: "sale", attempt: 1, entry: 1)))
    /// ```
    ///
    /// - Parameter screen: The screen's name, or `nil`.
    public func visit(_ screen: String?) async {
        await queue.setScreen(screen)
        await queue.settled()
    }

    /// Moves the clock forward by `duration`, stopping at every queue deadline and scripted close on the
    /// way, and applies each.
    ///
    /// - Parameter duration: How far to move.
    public func advance(by duration: Duration) async {
        let target = clock.now.offset + duration
        while true {
            let deadlines = [await queue.nextDeadline, presenter.nextClose].compactMap { $0 }
            guard let next = deadlines.min(), next <= target else { break }
            if next > clock.now.offset { clock.advance(to: ManualClock.Instant(offset: next)) }
            await queue.catchUp()
            for token in presenter.takeCloses(dueBy: next) { await presenter.close(token) }
        }
        clock.advance(to: ManualClock.Instant(offset: target))
        await queue.catchUp()
    }
}

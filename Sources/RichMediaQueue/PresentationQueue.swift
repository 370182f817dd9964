/// An actor that presents rich media one item at a time, following the RichMediaQueue contract.
///
/// Enqueue items from anywhere; the queue decides when each is presented (order, minimum interval,
/// pause), asks the ``MediaPresenter`` to present it as a numbered attempt, and applies timeouts, retries,
/// expiry, capacity and duplicate rules. Callbacks carry the ``AttemptToken`` they are about, so late,
/// duplicate and out-of-order callbacks are reported as ignored and change nothing.
///
/// The rules live in one pure state machine; the actor only reads the clock, feeds the machine each call
/// as an input, performs the machine's effects (events, presenter calls) and sleeps until the machine's
/// next deadline. Time is injected: the queue is generic over its clock (`ContinuousClock` by default).
/// Every call first catches up with the clock (firing due timers in deadline order), so with a
/// ``ManualClock`` a test can advance time and then call any method to observe the result
/// deterministically.
///
/// Presenter calls are made after the input that caused them, in order. A `present` for an attempt that
/// has already ended by the time the call would be made (after a long suspension the queue catches up in
/// one step: it may present an item, let its present timeout fire and present the next one) is not made,
/// and neither is that attempt's `dismiss`; the events still report what the queue decided.
///
/// <!-- snippet: PresentationQueueDocExample -->
/// ```swift
/// let queue = PresentationQueue<Promo, ContinuousClock>(
///     configuration: QueueConfiguration(order: .priority, presentTimeout: .seconds(5)),
///     presenter: PromoPresenter())
/// let events = queue.subscribe()
/// await queue.enqueue(Promo(id: "spring-sale"), priority: 10, ttl: .seconds(3600))
/// for await event in events { print(event) }   // "0.006s enqueued spring-sale", "0.006s present spring-sale#1"
/// ```
public actor PresentationQueue<Item: Identifiable & Sendable, C: Clock>
where Item.ID: Sendable, C.Duration == Duration {
    /// The item identifier type.
    public typealias ID = Item.ID
    package typealias Machine = QueueStateMachine<Item.ID>

    /// A scheduled wake-up: its task, the deadline it sleeps until and its generation.
    private struct WakeUp {
        let task: Task<Void, Never>
        let deadline: Duration
        let generation: UInt64
    }

    /// The queue's rules.
    public nonisolated let configuration: QueueConfiguration
    /// Every rule and all rule state.
    private(set) var machine: Machine
    /// The items of the live entries, by the entry's slot (an array: the machine hands out small slot
    /// numbers and frees one only after the input that released it).
    private var items: [Item?] = []
    /// The events of the input being performed, published together.
    private var inputEvents: [QueueEvent<Item.ID>] = []
    private let clock: C
    private let origin: C.Instant
    private let presenter: (any MediaPresenter<Item>)?
    private let hub = EventHub<QueueEvent<Item.ID>>()
    private let schedulesWakeUps: Bool
    private var isShutDown = false
    private var wakeUp: WakeUp?
    private var wakeGeneration: UInt64 = 0
    /// The presenter calls the machine asked for and which of them are still true (the actor only runs it).
    private var calls = PresenterCalls<Item>()
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// The tasks awaiting an entry's outcome, by entry number, then by waiter key.
    private var outcomeWaiters: [UInt64: [UInt64: CheckedContinuation<PresentationOutcome?, any Error>]] = [:]
    private var nextWaiterKey: UInt64 = 1
    /// Tests waiting until so many tasks await outcomes.
    private var outcomeWaiterWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    /// Told synchronously, on the queue's executor, whenever the attempt on screen changes.
    private let onScreenChange: (@Sendable (AttemptToken<Item.ID>?) -> Void)?

    /// Creates a queue on `clock`.
    ///
    /// - Parameters:
    ///   - configuration: The queue's rules.
    ///   - clock: The clock for timeouts, retries, ttl and the minimum interval; the queue's time zero is
    ///     `clock.now` at creation.
    ///   - presenter: The UI side; with `nil`, observe ``QueueEvent/Kind/present(_:)`` events instead and
    ///     present from there.
    public init(
        configuration: QueueConfiguration = QueueConfiguration(), clock: C, presenter: (any MediaPresenter<Item>)? = nil
    ) {
        self.init(configuration: configuration, clock: clock, presenter: presenter, schedulesWakeUps: true)
    }

    /// Creates a queue with package-only options.
    ///
    /// - Parameters:
    ///   - schedulesWakeUps: `false` for a queue that never wakes itself: its owner calls ``catchUp()``
    ///     after moving the clock (the simulator does this).
    ///   - checksInvariants: Whether the machine checks its invariants after every input (tests).
    ///   - onScreenChange: Told, on the queue's executor, whenever the attempt on screen changes.
    package init(
        configuration: QueueConfiguration, clock: C, presenter: (any MediaPresenter<Item>)?, schedulesWakeUps: Bool,
        checksInvariants: Bool = false, onScreenChange: (@Sendable (AttemptToken<Item.ID>?) -> Void)? = nil
    ) {
        self.configuration = configuration
        self.machine = Machine(configuration: configuration, checksInvariants: checksInvariants)
        self.clock = clock
        self.origin = clock.now
        self.presenter = presenter
        self.schedulesWakeUps = schedulesWakeUps
        self.onScreenChange = onScreenChange
    }

    deinit {
        wakeUp?.task.cancel()
        hub.finish()
        for waiter in idleWaiters { waiter.resume() }
    }

    /// A new subscription to the queue's events, from now on, in order.
    ///
    /// Each call returns a new stream; every subscriber sees every later event, subject to its buffering
    /// policy: events the subscriber has not consumed yet wait in the stream's buffer. The default keeps
    /// the newest 1,000 (a subscriber that falls further behind loses the oldest); pass `.unbounded` to
    /// keep every event. Streams finish when the queue is shut down or deallocated.
    ///
    /// - Parameter bufferingPolicy: How many unconsumed events the stream keeps.
    /// - Returns: The stream.
    public nonisolated func subscribe(
        bufferingPolicy: AsyncStream<QueueEvent<Item.ID>>.Continuation.BufferingPolicy = .bufferingNewest(1_000)
    ) -> AsyncStream<QueueEvent<Item.ID>> {
        hub.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// A new subscription to the queue's events with an unbounded buffer.
    ///
    /// Every read creates another subscription; use ``subscribe(bufferingPolicy:)`` to create one
    /// deliberately, with a stated buffer.
    @available(
        *, deprecated, message: "Use subscribe(bufferingPolicy:); every read of this property creates a subscription."
    )
    public nonisolated var events: AsyncStream<QueueEvent<Item.ID>> {
        hub.subscribe(bufferingPolicy: .unbounded)
    }

    /// Adds a synchronous observer called for every event, in order, on the queue's executor; returns
    /// the key that removes it.
    @discardableResult
    package nonisolated func addObserver(_ observer: @escaping @Sendable (QueueEvent<Item.ID>) -> Void) -> UInt64 {
        hub.addObserver(observer)
    }

    /// Removes an observer added with ``addObserver(_:)``.
    package nonisolated func removeObserver(_ key: UInt64) {
        hub.removeObserver(key)
    }

    /// Stops the queue's own timer wake-ups and finishes every event stream.
    ///
    /// The queue keeps its state; later calls still apply the rules but publish nothing.
    public func shutdown() {
        isShutDown = true
        wakeUp?.task.cancel()
        wakeUp = nil
        hub.finish()
    }

    // MARK: - Running the machine

    /// The time since the queue was created, on its clock.
    private var elapsed: Duration { origin.duration(to: clock.now) }

    /// Feeds one input to the machine at the clock's time, performs its effects and makes its presenter
    /// calls; returns the entry number of an enqueue.
    @discardableResult
    func run(_ input: Machine.Input, item: Item? = nil) async -> UInt64? {
        let entry = step(input, item: item)
        await flushCalls()
        return entry
    }

    /// Makes the presenter calls recorded so far, if any.
    func flushCalls() async {
        if calls.hasRecorded { await makeCalls() }
    }

    /// Feeds one input and performs its effects; records its presenter calls for ``makeCalls()``.
    ///
    /// - Parameters:
    ///   - input: The input.
    ///   - item: The item of an enqueue, stored under the entry number the machine gives it.
    ///   - beforeEffects: Runs after the input is applied and the item stored, before any effect is
    ///     performed, with the entry number of an enqueue (``enqueueAndWait(_:priority:ttl:screens:tags:)`` registers its
    ///     waiter there, so even an entry refused at once has its outcome).
    @discardableResult
    func step(_ input: Machine.Input, item: Item?, beforeEffects: ((UInt64?) -> Void)? = nil) -> UInt64? {
        // Nobody listening: the machine builds no events for this input.
        machine.emitsEvents = hub.isListening
        let step = machine.apply(input, at: elapsed)
        if let item, let entry = step.entry {
            while items.count <= entry.slot { items.append(nil) }
            items[entry.slot] = item
        }
        beforeEffects?(step.entry?.number)
        perform(step.effects)
        if schedulesWakeUps { scheduleWakeUpIfNeeded() }
        return step.entry?.number
    }

    /// Performs the machine's effects in order: records presenter calls and forgets the items of ended
    /// entries; then publishes the input's events (once, together), reports a change of the attempt on
    /// screen, and hands the ended entries' outcomes to whoever awaits them.
    private func perform(_ effects: [Machine.Effect]) {
        // The tasks awaiting entries that ended, resumed once the input's events are published.
        var ended: [(CheckedContinuation<PresentationOutcome?, any Error>, PresentationOutcome)] = []
        for effect in effects {
            switch effect {
            case .event(let event):
                inputEvents.append(event)
            case .present(let token, let slot):
                if presenter != nil, let item = items[slot] { calls.recordPresent(token, item: item) }
            case .dismiss(let token, let slot):
                if presenter != nil, let item = items[slot] { calls.recordDismiss(token, item: item) }
            case .release(let entry, let slot, let outcome):
                items[slot] = nil
                if !outcomeWaiters.isEmpty, let waiters = outcomeWaiters.removeValue(forKey: entry) {
                    for waiter in waiters.values { ended.append((waiter, outcome)) }
                }
            }
        }
        if !inputEvents.isEmpty {
            hub.publish(inputEvents)
            inputEvents.removeAll(keepingCapacity: true)
        }
        if let onScreenChange {
            let onScreen = machine.onScreenToken
            if calls.report(onScreen: onScreen) { onScreenChange(onScreen) }
        }
        for (waiter, outcome) in ended { waiter.resume(returning: outcome) }
    }

    /// Makes the recorded presenter calls that are still true, in order (``PresenterCalls`` decides which).
    /// A throwing `present` counts as a failed attempt.
    private func makeCalls() async {
        guard let presenter else { return }
        while calls.hasRecorded, let call = calls.next(onScreen: machine.onScreenToken) {
            if call.isDismissal {
                await presenter.dismiss(call.item, attempt: call.token)
            } else {
                do {
                    try await presenter.present(call.item, attempt: call.token)
                } catch {
                    step(.callback(.failed(reason: String(describing: error)), .init(call.token)), item: nil)
                }
            }
            calls.finished(call)
        }
        if calls.isIdle {
            let waiters = idleWaiters
            idleWaiters.removeAll()
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Fires every timer that is due on the queue's clock and makes the resulting presenter calls.
    ///
    /// Every other method does this first, so apps rarely need it; the simulator calls it after moving
    /// its clock.
    package func catchUp() async {
        await run(.advance)
    }

    /// Catches up with the clock, then waits until no presenter call is waiting or in progress.
    package func settled() async {
        await catchUp()
        while !calls.isIdle {
            await withCheckedContinuation { idleWaiters.append($0) }
        }
    }

    /// The earliest pending timer deadline, as time since the queue started.
    package var nextDeadline: Duration? { machine.nextDeadline }

    private func scheduleWakeUpIfNeeded() {
        guard !isShutDown, let deadline = machine.nextDeadline else { return }
        if let wakeUp, wakeUp.deadline <= deadline { return }
        wakeUp?.task.cancel()
        wakeGeneration &+= 1
        let generation = wakeGeneration
        let instant = origin.advanced(by: deadline)
        let clock = self.clock
        let task = Task { [weak self] in
            do {
                try await clock.sleep(until: instant, tolerance: nil)
            } catch {
                return
            }
            await self?.wake(generation: generation)
        }
        wakeUp = WakeUp(task: task, deadline: deadline, generation: generation)
    }

    private func wake(generation: UInt64) async {
        if wakeUp?.generation == generation { wakeUp = nil }
        await catchUp()
    }
}

extension PresentationQueue where C == ContinuousClock {
    /// Creates a queue on the continuous clock.
    ///
    /// - Parameters:
    ///   - configuration: The queue's rules.
    ///   - presenter: The UI side, or `nil` to present from ``QueueEvent/Kind/present(_:)`` events.
    public init(configuration: QueueConfiguration = QueueConfiguration(), presenter: (any MediaPresenter<Item>)? = nil)
    {
        self.init(configuration: configuration, clock: ContinuousClock(), presenter: presenter)
    }
}

extension PresentationQueue {
    /// The item of a live entry.
    func item(ofEntry entry: UInt64) -> Item {
        guard let slot = machine.slot(ofLiveEntry: entry), let item = items[slot] else {
            preconditionFailure("no item for the live entry \(entry)")
        }
        return item
    }

    /// Why nothing is on screen while items are pending, now (rule 18; see ``QueueStateMachine/waiting()``).
    func waiting() -> QueueSnapshot<Item>.Waiting? {
        machine.waiting().map {
            QueueSnapshot.Waiting(item: item(ofEntry: $0.entry), reason: $0.reason, until: $0.until)
        }
    }

    /// A new key for a task awaiting an outcome.
    func newOutcomeWaiterKey() -> UInt64 {
        defer { nextWaiterKey += 1 }
        return nextWaiterKey
    }

    /// Registers a task awaiting the outcome of `entry`; a task already cancelled ends at once.
    func addOutcomeWaiter(
        _ waiter: CheckedContinuation<PresentationOutcome?, any Error>, entry: UInt64, key: UInt64
    ) {
        if Task.isCancelled {
            waiter.resume(throwing: CancellationError())
        } else {
            outcomeWaiters[entry, default: [:]][key] = waiter
            let count = outcomeWaiterCount
            let satisfied = outcomeWaiterWatchers.filter { $0.count <= count }
            outcomeWaiterWatchers.removeAll { $0.count <= count }
            for watcher in satisfied { watcher.continuation.resume() }
        }
    }

    /// The number of tasks awaiting an outcome.
    package var outcomeWaiterCount: Int { outcomeWaiters.values.reduce(0) { $0 + $1.count } }

    /// Returns once at least `count` tasks await an outcome (for tests: no polling).
    package func outcomeWaiters(atLeast count: Int) async {
        guard outcomeWaiterCount < count else { return }
        await withCheckedContinuation { outcomeWaiterWatchers.append((count, $0)) }
    }

    /// Ends the wait of a cancelled task with `CancellationError`, if it still waits.
    func cancelOutcomeWaiter(_ entry: UInt64, key: UInt64) {
        guard let waiter = outcomeWaiters[entry]?.removeValue(forKey: key) else { return }
        if outcomeWaiters[entry]?.isEmpty == true { outcomeWaiters[entry] = nil }
        waiter.resume(throwing: CancellationError())
    }
}

/// An actor that presents rich media one item at a time, following the RichMediaQueue contract.
///
/// Enqueue items from anywhere; the queue decides when each is presented (order, minimum interval,
/// pause), asks the ``MediaPresenter`` to present it as a numbered attempt, and applies timeouts, retries,
/// expiry, capacity and duplicate rules. Callbacks carry the ``AttemptToken`` they are about, so late,
/// duplicate and out-of-order callbacks are reported as ignored and change nothing.
///
/// Time is injected: the queue is generic over its clock (`ContinuousClock` by default). Every call first
/// catches up with the clock (firing due timers in deadline order), so with a ``ManualClock`` a test can
/// advance time and then call any method to observe the result deterministically.
///
/// ```swift
/// let queue = PresentationQueue<Promo, ContinuousClock>(
///     configuration: QueueConfiguration(order: .priority, presentTimeout: .seconds(5)),
///     presenter: PromoPresenter())
/// await queue.enqueue(Promo(id: "spring-sale"), priority: 10, ttl: .seconds(3600))
/// for await event in queue.events { print(event) }
/// ```
public actor PresentationQueue<Item: Identifiable & Sendable, C: Clock>
where Item.ID: Sendable, C.Duration == Duration {
    /// The item identifier type.
    public typealias ID = Item.ID
    package typealias Machine = QueueStateMachine<Item.ID>

    private struct WakeUp {
        let task: Task<Void, Never>
        let deadline: Duration
        let generation: UInt64
    }

    /// The queue's rules.
    public nonisolated let configuration: QueueConfiguration
    var core: QueueCore
    let slots = ItemSlots<Item>()
    var index = EntryIndex()
    /// Effects of the input being handled; kept between inputs so no input allocates it.
    var effects: [QueueCore.Effect] = []
    /// Presenter calls of the input being handled, made once its effects are applied.
    private var calls: [PresenterCall] = []
    /// Slots released by the input being handled: their items stay readable for its presenter calls.
    private var retired: [Int] = []
    private let clock: C
    private let origin: C.Instant
    private let presenter: (any MediaPresenter<Item>)?
    private let hub = EventHub<QueueEvent<Item.ID>>()
    private let schedulesWakeUps: Bool
    private var wakeUp: WakeUp?
    private var wakeGeneration: UInt64 = 0
    private var isShutDown = false

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

    /// Creates a queue that optionally never wakes itself: its owner calls ``catchUp()`` after moving the
    /// clock (the simulator does this).
    package init(
        configuration: QueueConfiguration, clock: C, presenter: (any MediaPresenter<Item>)?, schedulesWakeUps: Bool
    ) {
        self.configuration = configuration
        self.core = QueueCore(configuration: configuration)
        self.clock = clock
        self.origin = clock.now
        self.presenter = presenter
        self.schedulesWakeUps = schedulesWakeUps
    }

    deinit {
        wakeUp?.task.cancel()
        hub.finish()
    }

    /// A new subscription to the queue's events, from now on, in order.
    ///
    /// Each access returns a new stream; every subscriber sees every later event. Streams finish when the
    /// queue is shut down or deallocated.
    public nonisolated var events: AsyncStream<QueueEvent<Item.ID>> {
        hub.subscribe()
    }

    /// Installs a synchronous observer called for every event, in order, on the queue's executor.
    package nonisolated func observe(_ observer: (@Sendable (QueueEvent<Item.ID>) -> Void)?) {
        hub.setObserver(observer)
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
    var elapsed: Duration { origin.duration(to: clock.now) }

    /// Catches up with the clock, runs `input`, publishes the events and calls the presenter.
    ///
    /// Timers due now fire (and their effects apply) before `input` runs, so `input` can answer the core's
    /// id questions against the current state; it delivers its input to ``core`` with ``effects`` and may
    /// ``apply(subject:)`` in between inputs. `subject` is the id the input names, for ignored events.
    func run(subject: ID?, _ input: (Duration) -> Void) async {
        let now = elapsed
        core.advance(to: now, effects: &effects)
        apply(subject: subject)
        input(now)
        apply(subject: subject)
        scheduleWakeUp()
        guard !calls.isEmpty else {
            reclaimRetired()
            return
        }
        guard let presenter else { return }
        // Slots released by this input stay retired (unused) until its calls are made, so a call reads the item
        // it was recorded for. With several calls, other inputs may run while one awaits, so every item is read
        // before the first call (the usual single call needs no array of items).
        let pending = calls
        let released = retired
        calls.removeAll(keepingCapacity: true)
        retired.removeAll(keepingCapacity: true)
        if pending.count == 1 {
            await call(pending[0], item: slots.retiredItem(at: pending[0].ref.slot), presenter: presenter)
        } else {
            let items = pending.map { slots.retiredItem(at: $0.ref.slot) }
            for (call, item) in zip(pending, items) {
                await self.call(call, item: item, presenter: presenter)
            }
        }
        for slot in released { slots.reclaim(slot) }
    }

    /// Makes one presenter call; a throwing `present` counts as a failed attempt.
    private func call(_ call: PresenterCall, item: Item, presenter: any MediaPresenter<Item>) async {
        let token = AttemptToken<ID>(id: item.id, attempt: call.attempt, entry: call.ref.entry)
        if call.isDismissal {
            await presenter.dismiss(item, attempt: token)
        } else {
            do {
                try await presenter.present(item, attempt: token)
            } catch {
                let reason = String(describing: error)
                await deliver(.failed, id: token.id, attempt: token.attempt, entry: token.entry, reason: reason)
            }
        }
    }

    /// Makes the slots released by the input being handled reusable.
    private func reclaimRetired() {
        for slot in retired { slots.reclaim(slot) }
        retired.removeAll(keepingCapacity: true)
    }

    /// Applies ``effects`` in order: publishes events, records presenter calls, releases items.
    func apply(subject: ID?) {
        guard !effects.isEmpty else { return }
        let isListening = !isShutDown && hub.isListening
        var position = 0
        while position < effects.count {
            switch effects[position] {
            case .event(let event, let elapsed):
                if isListening { publish(event, elapsed: elapsed, subject: subject) }
            case .present(let ref, let attempt):
                if presenter != nil { calls.append(PresenterCall(isDismissal: false, ref: ref, attempt: attempt)) }
            case .dismiss(let ref, let attempt):
                // A final failure by present timeout releases the entry before its dismissal: nothing to dismiss.
                if presenter != nil, slots.holds(ref.entry, at: ref.slot) {
                    calls.append(PresenterCall(isDismissal: true, ref: ref, attempt: attempt))
                }
            case .release(let ref):
                index.remove(ref, hash: slots.hash(at: ref.slot))
                if presenter != nil {
                    slots.retire(at: ref.slot)
                    retired.append(ref.slot)
                } else {
                    slots.remove(at: ref.slot)
                }
            }
            position += 1
        }
        effects.removeAll(keepingCapacity: true)
    }

    /// Delivers one event to the current audience.
    private func publish(_ event: QueueCore.Event, elapsed: Duration, subject: ID?) {
        hub.audience()?.deliver(event.queueEvent(elapsed: elapsed, subject: subject) { slots.id(at: $0.slot) })
    }

    /// Stores a new item and indexes it under its id; returns its slot for the core.
    func store(_ item: Item, id: ID) -> Int {
        let hash = id.hashValue
        let slot = slots.insert(item, entry: core.nextEntry, hash: hash)
        index.insert(QueueCore.Ref(entry: core.nextEntry, slot: slot), hash: hash)
        return slot
    }

    /// The live entries (pending or on screen) whose item has this id.
    func liveEntries(_ id: ID) -> [QueueCore.Ref] {
        index.entries(hash: id.hashValue) { slots.id(at: $0.slot) == id }
    }

    /// Whether an entry with this id is pending or on screen.
    func isLive(_ id: ID) -> Bool {
        index.contains(hash: id.hashValue) { slots.id(at: $0.slot) == id }
    }

    /// Whether the item on screen has this id.
    func isOnScreen(_ id: ID) -> Bool {
        guard let (ref, _) = core.onScreenAttempt else { return false }
        return slots.id(at: ref.slot) == id
    }

    /// Fires every timer that is due on the queue's clock.
    ///
    /// Every other method does this first, so apps rarely need it; the simulator calls it after moving
    /// its clock.
    package func catchUp() async {
        await run(subject: nil) { _ in }
    }

    /// The earliest pending timer deadline, as time since the queue started.
    package var nextDeadline: Duration? { core.nextDeadline }

    private func scheduleWakeUp() {
        guard schedulesWakeUps, !isShutDown, let deadline = core.nextDeadline else { return }
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

/// A presenter call of the input being handled. Declared outside the generic actor so it is not generic:
/// recording calls and clearing their buffer fetch no type metadata.
struct PresenterCall {
    let isDismissal: Bool
    let ref: QueueCore.Ref
    let attempt: Int
}

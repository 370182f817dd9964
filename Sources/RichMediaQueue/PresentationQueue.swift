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

    /// The queue's rules.
    public nonisolated let configuration: QueueConfiguration
    /// All state an input changes, mutated in one access per input.
    ///
    /// Opts out of run-time exclusivity checks: only the actor's own executor touches it, and no access
    /// overlaps another (inputs receive the engine `inout` and never reach `self.engine` meanwhile; awaits
    /// happen outside every access).
    @exclusivity(unchecked) var engine: QueueEngine
    let slots = ItemSlots<Item>()
    private let clock: C
    private let origin: C.Instant
    /// Reads the time since the queue was created; for `ContinuousClock` without generic clock calls.
    private let readElapsed: @Sendable () -> Duration
    private let presenter: (any MediaPresenter<Item>)?
    private let hub = EventHub<QueueEvent<Item.ID>>()
    private let schedulesWakeUps: Bool
    /// Whether the configuration never needs the time: no timeouts, minimum interval or retry delay.
    private let isTimeless: Bool

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
        self.engine = QueueEngine(configuration: configuration)
        self.clock = clock
        let origin = clock.now
        self.origin = origin
        if C.self == ContinuousClock.self, let start = origin as? ContinuousClock.Instant {
            readElapsed = { start.duration(to: .now) }
        } else {
            readElapsed = { origin.duration(to: clock.now) }
        }
        self.presenter = presenter
        self.schedulesWakeUps = schedulesWakeUps
        isTimeless =
            configuration.presentTimeout == nil && configuration.displayTimeout == nil
            && configuration.minInterval == .zero && configuration.retryDelay == .zero
    }

    deinit {
        engine.wakeUp?.task.cancel()
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
        engine.isShutDown = true
        engine.wakeUp?.task.cancel()
        engine.wakeUp = nil
        hub.finish()
    }

    // MARK: - Running the machine

    /// The time since the queue was created, on its clock.
    var elapsed: Duration { readElapsed() }

    /// Catches up with the clock and runs `input`, all in one access to ``engine``; returns whether presenter
    /// calls wait for ``makeCalls()``.
    ///
    /// Timers due now fire (and their effects apply) before `input` runs, so `input` can answer the core's id
    /// questions against the current state; it delivers its input to the engine's core and may
    /// ``apply(_:subject:)`` in between inputs. `subject` gives the id the input names, for ignored events; it
    /// is only asked when such an event is published. The work is synchronous: the public methods await
    /// ``makeCalls()`` only when this returns `true`, so inputs without presenter calls run no nested async
    /// function.
    ///
    /// An input that passes `needsTime: false` (it starts no timer of its own) skips reading the clock when
    /// nothing else needs the time either: the configuration is timeless, no timer is pending and nobody
    /// listens to events. Then the core's time stays where it was: nothing due can be missed (there are no
    /// timers) and no time is published; the next input that needs the time reads the clock.
    func step(subject: () -> ID?, needsTime: Bool = true, input: (inout QueueEngine, Duration) -> Void) -> Bool {
        step(&engine, needsTime: needsTime, subject: subject, input)
    }

    private func step(
        _ engine: inout QueueEngine, needsTime: Bool, subject: () -> ID?,
        _ input: (inout QueueEngine, Duration) -> Void
    ) -> Bool {
        engine.isPublishing = !engine.isShutDown && hub.isListening
        let readsClock = needsTime || !isTimeless || engine.isPublishing || engine.core.nextDeadline != nil
        let now = readsClock ? readElapsed() : engine.core.now
        engine.core.advance(to: now, effects: &engine.effects)
        apply(&engine, subject: subject)
        input(&engine, now)
        apply(&engine, subject: subject)
        if schedulesWakeUps, engine.needsWakeUp { scheduleWakeUp(&engine) }
        guard engine.calls.isEmpty else { return presenter != nil }
        if !engine.retired.isEmpty { reclaimRetired(&engine) }
        return false
    }

    /// Makes the presenter calls the latest input recorded; a throwing `present` counts as a failed attempt.
    ///
    /// Other inputs may run while a call awaits, so every item is read (and the slots the input released are
    /// reclaimed) before the first call.
    func makeCalls() async {
        guard let presenter else { return }
        if engine.calls.count == 1 {
            let call = engine.calls[0]
            let item = slots.retiredItem(at: call.ref.slot)
            finishCalls(&engine)
            await self.call(call, item: item, presenter: presenter)
        } else {
            await makeSeveralCalls(presenter: presenter)
        }
    }

    /// ``makeCalls()`` for more than one call; kept out of line so the common single call fetches no
    /// metadata for the pairs of calls and items.
    @inline(never)
    private func makeSeveralCalls(presenter: any MediaPresenter<Item>) async {
        let pending = engine.calls
        let items = pending.map { slots.retiredItem(at: $0.ref.slot) }
        finishCalls(&engine)
        for (call, item) in zip(pending, items) {
            await self.call(call, item: item, presenter: presenter)
        }
    }

    /// Makes one presenter call; a throwing `present` counts as a failed attempt.
    @inline(__always)
    private func call(_ call: PresenterCall, item: Item, presenter: any MediaPresenter<Item>) async {
        let token = AttemptToken<ID>(id: item.id, attempt: call.attempt, entry: call.ref.entry)
        if call.isDismissal {
            await presenter.dismiss(item, attempt: token)
        } else {
            do {
                try await presenter.present(item, attempt: token)
            } catch {
                let reason = String(describing: error)
                if deliver(.failed, id: token.id, attempt: token.attempt, entry: token.entry, reason: reason) {
                    await makeCalls()
                }
            }
        }
    }

    /// Forgets the recorded calls and reclaims the slots the input released.
    private func finishCalls(_ engine: inout QueueEngine) {
        engine.calls.removeAll(keepingCapacity: true)
        reclaimRetired(&engine)
    }

    /// Makes the slots released by the input being handled reusable.
    private func reclaimRetired(_ engine: inout QueueEngine) {
        for slot in engine.retired { slots.reclaim(slot) }
        engine.retired.removeAll(keepingCapacity: true)
    }

    /// Applies the engine's effects in order: publishes events, records presenter calls, releases items.
    func apply(_ engine: inout QueueEngine, subject: () -> ID?) {
        guard !engine.effects.isEmpty else { return }
        let isListening = engine.isPublishing
        let hasPresenter = presenter != nil
        var position = 0
        while position < engine.effects.count {
            switch engine.effects[position] {
            case .event(let event, let elapsed):
                if isListening { publish(event, elapsed: elapsed, subject: subject) }
            case .present(let ref, let attempt):
                if hasPresenter { engine.calls.append(PresenterCall(isDismissal: false, ref: ref, attempt: attempt)) }
            case .dismiss(let ref, let attempt):
                // Timeouts emit the dismissal before any release of the entry, so its item is still held here.
                if hasPresenter, slots.holds(ref.entry, at: ref.slot) {
                    engine.calls.append(PresenterCall(isDismissal: true, ref: ref, attempt: attempt))
                }
            case .release(let ref):
                engine.index.remove(ref)
                if hasPresenter {
                    slots.retire(at: ref.slot)
                    engine.retired.append(ref.slot)
                } else {
                    slots.remove(at: ref.slot)
                }
            }
            position += 1
        }
        engine.effects.removeAll(keepingCapacity: true)
    }

    /// Delivers one event to the current audience.
    ///
    /// Kept out of line: it needs the metadata of `ID?`, which unspecialized code would otherwise fetch on
    /// entry to ``apply(_:subject:)`` for every input.
    @inline(never)
    private func publish(_ event: QueueCore.Event, elapsed: Duration, subject: () -> ID?) {
        hub.audience()?.deliver(event.queueEvent(elapsed: elapsed, subject: subject()) { slots.id(at: $0.slot) })
    }

    /// Stores a new item whose id hashes to `hash` and indexes it; returns its slot for the core.
    func store(_ item: Item, hash: Int, in engine: inout QueueEngine) -> Int {
        let slot = slots.insert(item, entry: engine.core.nextEntry, hash: hash)
        engine.index.insert(QueueCore.Ref(entry: engine.core.nextEntry, slot: slot), hash: hash)
        return slot
    }

    /// The live entries (pending or on screen) whose item has this id, which hashes to `hash`.
    func liveEntries(_ id: ID, hash: Int, in index: EntryIndex) -> [QueueCore.Ref] {
        index.entries(hash: hash) { slots.id(at: $0.slot) == id }
    }

    /// Whether an entry with this id, which hashes to `hash`, is pending or on screen.
    func isLive(_ id: ID, hash: Int, in index: EntryIndex) -> Bool {
        index.contains(hash: hash) { slots.id(at: $0.slot) == id }
    }

    /// Whether the item on screen has this id; `false` without comparing ids when `entry` names another
    /// entry (the core ignores such a callback either way).
    func isOnScreen(_ id: ID, entry: UInt64?, in core: QueueCore) -> Bool {
        guard let current = core.onScreen else { return false }
        if let entry, entry != current.entry { return false }
        return slots.id(at: current.slot) == id
    }

    /// Fires every timer that is due on the queue's clock.
    ///
    /// Every other method does this first, so apps rarely need it; the simulator calls it after moving
    /// its clock.
    package func catchUp() async {
        if step(subject: { nil }, input: { _, _ in }) { await makeCalls() }
    }

    /// The earliest pending timer deadline, as time since the queue started.
    package var nextDeadline: Duration? { engine.core.nextDeadline }

    private func scheduleWakeUp(_ engine: inout QueueEngine) {
        guard let deadline = engine.core.nextDeadline else { return }
        engine.wakeUp?.task.cancel()
        engine.wakeGeneration &+= 1
        let generation = engine.wakeGeneration
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
        engine.wakeUp = QueueWakeUp(task: task, deadline: deadline, generation: generation)
    }

    private func wake(generation: UInt64) async {
        if engine.wakeUp?.generation == generation { engine.wakeUp = nil }
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

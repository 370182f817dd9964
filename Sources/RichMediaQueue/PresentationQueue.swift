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

    private enum PresenterCall {
        case present(Item, AttemptToken<ID>)
        case dismiss(Item, AttemptToken<ID>)
    }

    /// The queue's rules.
    public nonisolated let configuration: QueueConfiguration
    var machine: Machine
    var items: [UInt64: Item] = [:]
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
        self.machine = Machine(configuration: configuration)
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

    /// Catches up with the clock, runs `body` on the machine, publishes the events and calls the presenter.
    func run(_ body: (inout Machine, Duration, inout [Machine.Effect]) -> Void) async {
        var effects: [Machine.Effect] = []
        body(&machine, elapsed, &effects)
        var calls: [PresenterCall] = []
        for effect in effects {
            switch effect {
            case .event(let event):
                if !isShutDown { hub.publish(event) }
            case .present(let token):
                if presenter != nil, let item = items[token.entry] { calls.append(.present(item, token)) }
            case .dismiss(let token):
                if presenter != nil, let item = items[token.entry] { calls.append(.dismiss(item, token)) }
            case .release(let entry):
                items[entry] = nil
            }
        }
        scheduleWakeUp()
        guard let presenter else { return }
        for call in calls {
            switch call {
            case .present(let item, let token):
                do {
                    try await presenter.present(item, attempt: token)
                } catch {
                    let reason = String(describing: error)
                    await run { $0.failed(.init(token), reason: reason, at: $1, effects: &$2) }
                }
            case .dismiss(let item, let token):
                await presenter.dismiss(item, attempt: token)
            }
        }
    }

    /// Fires every timer that is due on the queue's clock.
    ///
    /// Every other method does this first, so apps rarely need it; the simulator calls it after moving
    /// its clock.
    package func catchUp() async {
        await run { $0.advance(to: $1, effects: &$2) }
    }

    /// The earliest pending timer deadline, as time since the queue started.
    package var nextDeadline: Duration? { machine.nextDeadline }

    private func scheduleWakeUp() {
        guard schedulesWakeUps, !isShutDown, let deadline = machine.nextDeadline else { return }
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

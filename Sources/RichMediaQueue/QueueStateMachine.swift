/// The queue's state machine (``QueueRules``) with the app's id type in its inputs and effects.
///
/// It adds no rule: each call converts the ids, runs the one machine and converts its effects back. The
/// rule tests, the model-based tests and tools use this form; the actor drives ``QueueRules`` directly.
package struct QueueStateMachine<ID: Hashable & Sendable>: Sendable {
    package typealias Effect = QueueEffect<ID>
    package typealias Input = QueueInput<ID>
    package typealias CallbackTarget = QueueCallbackTarget<ID>
    package typealias PendingEntry = QueuePendingEntry<ID>

    /// The machine.
    package private(set) var rules: QueueRules
    private var buffer: [QueueRules.Effect] = []

    /// Creates an empty, running machine at time zero.
    package init(configuration: QueueConfiguration, checksInvariants: Bool = false) {
        rules = QueueRules(configuration: configuration, checksInvariants: checksInvariants)
    }

    package var configuration: QueueConfiguration { rules.configuration }
    package var now: Duration { rules.now }
    package var isPaused: Bool { rules.isPaused }
    package var nextEntry: UInt64 { rules.nextEntry }
    package var isOnScreenPresented: Bool { rules.isOnScreenPresented }
    package var pendingCount: Int { rules.pendingCount }
    package var nextDeadline: Duration? { rules.nextDeadline }
    package var onScreenToken: AttemptToken<ID>? { rules.onScreenToken.map(Self.token) }
    package var pendingInQueueOrder: [PendingEntry] {
        rules.pendingInQueueOrder.map {
            PendingEntry(
                entry: $0.entry, slot: $0.slot, id: Self.id($0.id), priority: $0.priority,
                attemptsUsed: $0.attemptsUsed, ttlDeadline: $0.ttlDeadline, retryAt: $0.retryAt)
        }
    }

    /// Checks the machine's invariants (see ``QueueRules/checkInvariants()``).
    package func checkInvariants() { rules.checkInvariants() }

    /// Applies one input at `time`; returns the entry number of an enqueue.
    ///
    /// The ids are converted to the machine's type-erased ids and back.
    @discardableResult
    package mutating func apply(_ input: Input, at time: Duration, effects: inout [Effect]) -> UInt64? {
        let erased: QueueRules.Input
        switch input {
        case .advance: erased = .advance
        case .enqueue(let id, let priority, let ttl, let attemptsUsed):
            erased = .enqueue(AnyID(id), priority: priority, ttl: ttl, attemptsUsed: attemptsUsed)
        case .callback(let callback, let target): erased = .callback(callback, target.erased)
        case .pause: erased = .pause
        case .resume: erased = .resume
        case .cancel(let id): erased = .cancel(AnyID(id))
        case .cancelAll: erased = .cancelAll
        }
        buffer.removeAll(keepingCapacity: true)
        let entry = rules.apply(erased, at: time, effects: &buffer)
        for effect in buffer {
            switch effect {
            case .event(let event): effects.append(.event(Self.event(event)))
            case .present(let token, _): effects.append(.present(Self.token(token)))
            case .dismiss(let token, _): effects.append(.dismiss(Self.token(token)))
            case .release(let entry, _): effects.append(.release(entry: entry))
            }
        }
        return entry
    }

    package mutating func advance(to time: Duration, effects: inout [Effect]) {
        apply(.advance, at: time, effects: &effects)
    }

    @discardableResult
    package mutating func enqueue(
        _ id: ID, priority: Int = 0, ttl: Duration? = nil, attemptsUsed: Int = 0, at time: Duration,
        effects: inout [Effect]
    ) -> UInt64 {
        apply(.enqueue(id, priority: priority, ttl: ttl, attemptsUsed: attemptsUsed), at: time, effects: &effects)!
    }

    package mutating func presented(_ target: CallbackTarget, at time: Duration, effects: inout [Effect]) {
        apply(.callback(.presented, target), at: time, effects: &effects)
    }

    package mutating func closed(_ target: CallbackTarget, at time: Duration, effects: inout [Effect]) {
        apply(.callback(.closed, target), at: time, effects: &effects)
    }

    package mutating func failed(_ target: CallbackTarget, reason: String?, at time: Duration, effects: inout [Effect])
    {
        apply(.callback(.failed(reason: reason), target), at: time, effects: &effects)
    }

    package mutating func pause(at time: Duration, effects: inout [Effect]) {
        apply(.pause, at: time, effects: &effects)
    }
    package mutating func resume(at time: Duration, effects: inout [Effect]) {
        apply(.resume, at: time, effects: &effects)
    }
    package mutating func cancel(_ id: ID, at time: Duration, effects: inout [Effect]) {
        apply(.cancel(id), at: time, effects: &effects)
    }
    package mutating func cancelAll(at time: Duration, effects: inout [Effect]) {
        apply(.cancelAll, at: time, effects: &effects)
    }

    /// The app's id inside a type-erased one.
    static func id(_ erased: AnyID) -> ID {
        guard let id = erased.base as? ID else {
            preconditionFailure("an id of another type")
        }
        return id
    }

    static func token(_ erased: AttemptToken<AnyID>) -> AttemptToken<ID> {
        AttemptToken(id: id(erased.id), attempt: erased.attempt, entry: erased.entry)
    }

    static func event(_ erased: QueueEvent<AnyID>) -> QueueEvent<ID> {
        erased.mapID(id)
    }
}

extension QueueEvent {
    /// The same event with its ids converted.
    func mapID<Other>(_ convert: (ID) -> Other) -> QueueEvent<Other> {
        func token(_ token: AttemptToken<ID>) -> AttemptToken<Other> {
            AttemptToken(id: convert(token.id), attempt: token.attempt, entry: token.entry)
        }
        let kind: QueueEvent<Other>.Kind
        switch self.kind {
        case .enqueued(let id): kind = .enqueued(convert(id))
        case .present(let t): kind = .present(token(t))
        case .presented(let t): kind = .presented(token(t))
        case .closed(let t, let reason): kind = .closed(token(t), reason: reason)
        case .failed(let t, let reason, let final): kind = .failed(token(t), reason: reason, final: final)
        case .expired(let id): kind = .expired(convert(id))
        case .dropped(let id, let reason): kind = .dropped(convert(id), reason: reason)
        case .cancelled(let id): kind = .cancelled(convert(id))
        case .ignored(let action, let id, let attempt, let reason):
            kind = .ignored(action, id: id.map(convert), attempt: attempt, reason: reason)
        case .paused: kind = .paused
        case .resumed: kind = .resumed
        }
        return QueueEvent<Other>(elapsed: elapsed, kind: kind)
    }
}

/// Something the owner of the machine must do, in order.
package enum QueueEffect<ID: Hashable & Sendable>: Hashable, Sendable {
    /// Publish an event.
    case event(QueueEvent<ID>)
    /// Ask the presenter to present the entry's item as this attempt.
    case present(AttemptToken<ID>)
    /// Ask the presenter to dismiss this attempt (a timeout ended it).
    case dismiss(AttemptToken<ID>)
    /// The entry has ended; its item may be released (after the presenter calls of this input).
    case release(entry: UInt64)
}

/// One input to the machine.
package enum QueueInput<ID: Hashable & Sendable>: Hashable, Sendable {
    /// Only fire the timers due by now.
    case advance
    /// Enqueue an entry (rules 7, 8, 9); `attemptsUsed` lets a restored entry keep its attempts.
    case enqueue(ID, priority: Int, ttl: Duration?, attemptsUsed: Int)
    /// A presenter callback (rules 4, 5).
    case callback(QueueCallback, QueueCallbackTarget<ID>)
    /// Pause presenting (rule 10).
    case pause
    /// Resume presenting (rule 10).
    case resume
    /// Cancel the pending entries with this id (rule 11).
    case cancel(ID)
    /// Cancel every pending entry (rule 11).
    case cancelAll
}

/// What a callback names: an id, optionally an attempt number, optionally an exact entry.
package struct QueueCallbackTarget<ID: Hashable & Sendable>: Hashable, Sendable {
    package var id: ID
    package var attempt: Int?
    package var entry: UInt64?

    package init(id: ID, attempt: Int? = nil, entry: UInt64? = nil) {
        self.id = id
        self.attempt = attempt
        self.entry = entry
    }

    package init(_ token: AttemptToken<ID>) {
        self.init(id: token.id, attempt: token.attempt, entry: token.entry)
    }
}

/// A pending entry as seen from outside.
package struct QueuePendingEntry<ID: Hashable & Sendable>: Hashable, Sendable {
    package var entry: UInt64
    /// The machine's slot for the entry (the actor's items are indexed by it).
    package var slot: Int
    package var id: ID
    package var priority: Int
    package var attemptsUsed: Int
    package var ttlDeadline: Duration?
    package var retryAt: Duration?
}

extension QueueCallbackTarget<AnyID> {
    /// The target named by a token, its id type-erased (for the actor: no generic target is built).
    init<Other>(erasing token: AttemptToken<Other>) {
        self.init(id: AnyID(token.id), attempt: token.attempt, entry: token.entry)
    }
}

extension QueueCallbackTarget {
    /// The target with its id type-erased, for ``QueueRules``.
    var erased: QueueRules.CallbackTarget {
        QueueRules.CallbackTarget(id: AnyID(id), attempt: attempt, entry: entry)
    }
}

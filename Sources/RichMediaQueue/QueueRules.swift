/// The pure, value-type state machine of a ``PresentationQueue``: every rule of the contract, including the
/// id rules (duplicates, which entry is on screen, cancel by id, callbacks by id and attempt).
///
/// Ids are held type-erased (``AnyID``), so this type is not generic: it compiles once, fully specialized, and the
/// queue's per-input cost does not depend on generic code running unspecialized in the app. The actor
/// drives it directly; ``QueueStateMachine`` is the same machine with the app's id type in its inputs and
/// effects (for the rule tests, the model-based tests and tools).
///
/// The machine never reads a clock. Each ``Input`` comes with `now` (the time since the queue started)
/// and appends the resulting ``Effect``s: events to publish, presentations to start, dismissals, and
/// entries whose items may be released. Each input first fires every timer due at or before `now`
/// (rule 12: deadline order, then creation order; the machine's time moves to each timer's deadline as
/// it fires), then handles the input, then re-checks rule 2. Every input except ``Input/advance`` produces at
/// least one event: an input that changes nothing is reported as
/// ``QueueEvent/Kind/ignored(_:id:attempt:reason:)``.
///
/// The actor, the simulator, the rule tests and the model-based tests all run this type. Storage is
/// plain: an array of entry slots with the ids in a parallel array (a slot freed by an input is reused by a
/// later input's enqueue, so lookups by slot need no hashing and the owner may index its own records by
/// slot: effects name it), a dictionary from each id's hash value to the slots of the entries with that hash (the id
/// rules then compare ids only within that short list), and binary heaps in arrays for the queue order, the overflow
/// victim and the timers (stale heap elements are skipped and compacted).
///
/// - Complexity: Every input costs O(log n) amortized in the number of entries, except `cancelAll` and
///   ``pendingInQueueOrder``, which sort (O(n log n)).
package struct QueueRules: Sendable {
    /// Ids are type-erased, so the rules compile once, fully specialized, whatever the app's id type.
    package typealias ID = AnyID

    /// Something the owner of the machine must do, in order. Unlike ``QueueEffect`` (what
    /// ``QueueStateMachine`` reports), presenter calls and releases name the entry's slot, so the actor
    /// keeps its items in an array indexed by slot.
    package enum Effect: Hashable, Sendable {
        /// Publish an event.
        case event(QueueEvent<ID>)
        /// Ask the presenter to present the item of the entry in `slot` as this attempt.
        case present(AttemptToken<ID>, slot: Int)
        /// Ask the presenter to dismiss this attempt of the entry in `slot` (a timeout ended it).
        case dismiss(AttemptToken<ID>, slot: Int)
        /// The entry in `slot` has ended (or an enqueue was refused); its item may be released after the
        /// presenter calls of this input.
        case release(entry: UInt64, slot: Int)
    }
    /// One input to the machine.
    package typealias Input = QueueInput<ID>
    /// What a callback names.
    package typealias CallbackTarget = QueueCallbackTarget<ID>
    /// A pending entry as seen from outside.
    package typealias PendingEntry = QueuePendingEntry<ID>

    enum EntryState: Hashable, Sendable {
        case ready
        case waitingRetry
        case onScreen
    }

    /// A live entry. Its id is kept apart (in ``ids``), so an entry is plain data and copies cost no
    /// witness calls.
    struct Entry: Sendable {
        let number: UInt64
        let slot: Int
        /// The id's hash value, computed once: the key of the entry in ``entriesByIDHash``.
        let idHash: Int
        let priority: Int
        var attemptsUsed: Int
        var ttlDeadline: Duration?
        var ttlTimer: UInt64?
        var retryTimer: UInt64?
        var retryAt: Duration?
        var state: EntryState
        /// Changes every time the entry returns to pending; heap elements with another stamp are stale.
        var stamp: UInt64
    }

    /// What a timer does when it fires. Entry timers name the entry's slot: they are cancelled when the
    /// entry is removed, so the slot still holds that entry when they fire.
    enum TimerKind: Hashable, Sendable {
        case ttl(slot: Int)
        case retry(slot: Int)
        case presentTimeout(entry: UInt64, attempt: Int)
        case displayTimeout(entry: UInt64, attempt: Int)
        case intervalElapsed
    }

    struct OnScreen: Sendable {
        let slot: Int
        let entry: UInt64
        let attempt: Int
        var presented: Bool
        var timer: UInt64?
    }

    /// The slots of the live entries whose ids have one hash value: one entry in the common case, several
    /// when duplicates are allowed or (rarely) different ids share a hash value.
    enum EntryList: Sendable {
        case one(Int)
        case many([Int])

        var slots: [Int] {
            switch self {
            case .one(let slot): return [slot]
            case .many(let slots): return slots
            }
        }

        /// Adds a slot.
        mutating func append(_ slot: Int) {
            switch self {
            case .one(let first):
                self = .many([first, slot])
            case .many(var slots):
                self = .one(slot)  // drop the reference so `slots` is appended to in place
                slots.append(slot)
                self = .many(slots)
            }
        }

        /// Removes a slot; returns `false` if no slot is left.
        mutating func remove(_ slot: Int) -> Bool {
            guard case .many(var slots) = self else { return false }
            self = .one(slot)
            slots.removeAll { $0 == slot }
            self = slots.count == 1 ? .one(slots[0]) : .many(slots)
            return true
        }
    }

    /// The rules this machine applies.
    package let configuration: QueueConfiguration
    /// The machine's time: the latest time it was given or a timer fired at.
    package internal(set) var now: Duration = .zero
    /// Whether the queue is paused (rule 10).
    package internal(set) var isPaused = false
    /// The entry number the next enqueue will get.
    package internal(set) var nextEntry: UInt64 = 1

    /// The live entries (pending or on screen) by slot; `nil` marks a free slot.
    var slots: [Entry?] = []
    /// The ids of the live entries, by slot.
    var ids: [ID?] = []
    /// The free slots, reused last freed first. The entry of an enqueue takes ``nextSlot``.
    var freeSlots: [Int] = []
    /// The slots freed by the current input: they become free when it ends, so within one input a slot
    /// names one entry (the owner's records by slot stay valid until it has performed the effects).
    var releasedSlots: [Int] = []
    /// The number of live entries.
    var liveCount = 0
    /// The slots of the live entries by their id's hash value. Keyed by an `Int`, the index costs one
    /// hash of the id per enqueue and none per removal.
    var entriesByIDHash: [Int: EntryList] = [:]
    /// Pending entries eligible now, in queue order (rule 3).
    var ready = BinaryHeap<PendingNode<PendingKey>>()
    /// Pending entries, earliest enqueued first (kept only for `drop-oldest`).
    var oldest = BinaryHeap<PendingNode<UInt64>>()
    /// Pending entries, overflow victim first (kept only for `drop-lowest-priority`).
    var lowest = BinaryHeap<PendingNode<LowPriorityRank>>()
    /// Timers by (deadline, creation); a timer is live while ``timerKinds`` holds its creation number.
    var timers = BinaryHeap<TimerRank>()
    var timerKinds: [UInt64: TimerKind] = [:]
    var nextTimer: UInt64 = 1
    var nextStamp: UInt64 = 1
    var onScreen: OnScreen?
    var lastClosedAt: Duration?
    var intervalTimer: UInt64?

    /// Whether inputs append ``QueueEffect/event(_:)`` effects; the actor turns them off while nobody
    /// listens to its events (every other effect is the same either way).
    package var emitsEvents = true

    /// Whether every input ends with ``checkInvariants()`` (for tests; costs O(n) per input).
    package var checksInvariants = false

    /// Creates an empty, running machine at time zero.
    package init(configuration: QueueConfiguration, checksInvariants: Bool = false) {
        self.configuration = configuration
        self.checksInvariants = checksInvariants
    }

    /// The attempt on screen, if any.
    package var onScreenToken: AttemptToken<ID>? {
        guard let onScreen else { return nil }
        return token(onScreen)
    }

    /// Whether the attempt on screen has been reported `presented`.
    package var isOnScreenPresented: Bool { onScreen?.presented ?? false }

    /// The number of pending entries (waiting or waiting for a retry).
    package var pendingCount: Int { liveCount - (onScreen == nil ? 0 : 1) }

    /// The earliest live timer deadline, if any timer is set.
    package var nextDeadline: Duration? {
        // Stale timers are dropped from the top as soon as they surface (see `dropStaleTimers`).
        timers.min?.deadline
    }

    /// The pending entries in queue order (rule 3), including entries waiting for a retry.
    ///
    /// - Complexity: O(n log n).
    package var pendingInQueueOrder: [PendingEntry] {
        pendingEntries().map {
            PendingEntry(
                entry: $0.number, slot: $0.slot, id: ids[$0.slot]!, priority: $0.priority,
                attemptsUsed: $0.attemptsUsed, ttlDeadline: $0.ttlDeadline, retryAt: $0.retryAt)
        }
    }

    /// The entry and attempt on screen, if any.
    package var onScreenAttempt: (entry: UInt64, attempt: Int)? {
        onScreen.map { ($0.entry, $0.attempt) }
    }

    /// The slot of the entry on screen, if any.
    package var onScreenSlot: Int? { onScreen?.slot }

    /// The slot the next enqueue's entry takes (whether the enqueue is accepted or refused).
    package var nextSlot: Int { freeSlots.last ?? slots.count }

    /// The pending entries in queue order (rule 3).
    ///
    /// - Complexity: O(n log n).
    func pendingEntries() -> [Entry] {
        slots.compactMap { $0 }.filter { $0.state != .onScreen }.sorted { key(of: $0) < key(of: $1) }
    }

    /// Whether an entry with this id is pending or on screen.
    package func isLive(_ id: ID) -> Bool { !liveSlots(of: id, hash: id.hashValue).isEmpty }

    /// The slots of the live entries with this id (`hash` is `id.hashValue`).
    func liveSlots(of id: ID, hash: Int) -> [Int] {
        guard let list = entriesByIDHash[hash] else { return [] }
        switch list {
        case .one(let slot): return ids[slot]! == id ? [slot] : []
        case .many(let listed): return listed.filter { ids[$0]! == id }
        }
    }

    /// Whether one of the entries in `list` has this id.
    func lists(_ id: ID, _ list: EntryList) -> Bool {
        switch list {
        case .one(let slot): return ids[slot]! == id
        case .many(let listed): return listed.contains { ids[$0]! == id }
        }
    }

    /// The entry's place in queue order (rule 3).
    func key(of entry: Entry) -> PendingKey {
        PendingKey(order: configuration.order, priority: entry.priority, sequence: entry.number)
    }
}

/// A presenter callback, as the machine receives it.
package enum QueueCallback: Hashable, Sendable {
    /// The attempt is visible.
    case presented
    /// The attempt was closed.
    case closed
    /// The attempt failed.
    case failed(reason: String?)

    /// The action an `ignored` event names.
    var action: IgnoredAction {
        switch self {
        case .presented: return .presented
        case .closed: return .closed
        case .failed: return .failed
        }
    }
}

/// A type-erased id.
///
/// Unlike `AnyHashable`, it compares only values of the same type (a queue's ids all have one type), so
/// hashing and comparing an integer id costs no conversion to a canonical integer form.
package struct AnyID: Hashable, Sendable, CustomStringConvertible {
    /// The id.
    package let base: any Hashable & Sendable

    package init<Value: Hashable & Sendable>(_ value: Value) {
        base = value
    }

    package static func == (lhs: AnyID, rhs: AnyID) -> Bool {
        lhs.base.isEqual(to: rhs.base)
    }

    package func hash(into hasher: inout Hasher) {
        base.hash(into: &hasher)
    }

    package var description: String { String(describing: base) }
}

extension Hashable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: any Hashable) -> Bool {
        // The common case (the same type): a forced cast, which needs no `Optional<Self>` metadata at run
        // time; the conditional cast covers the rest (a subclass instance, for example).
        if type(of: other) == Self.self { return self == other as! Self }
        guard let other = other as? Self else { return false }
        return self == other
    }
}

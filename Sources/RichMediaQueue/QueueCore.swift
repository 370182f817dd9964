/// The non-generic heart of the queue: every timing and ordering rule of the contract, on entry numbers.
///
/// The core never sees items or ids, so it runs fully specialized whatever the app's item type is. Its
/// owner keeps the items (and the id of each entry) and answers the two id questions the rules ask: whether
/// an enqueued id is a duplicate, and whether a callback names the item on screen. Each entry carries an
/// opaque `slot` chosen by the owner, handed back in every effect, so the owner finds the item without a
/// lookup.
///
/// Each input first fires every timer due at or before `now` (rule 12: deadline order, then creation order;
/// the core's time moves to each timer's deadline as it fires), then handles the input, then re-checks
/// rule 2. Firing timers is idempotent, so an owner may call ``advance(to:effects:)`` first, answer its id
/// questions against the updated state, and then deliver the input at the same time.
///
/// - Complexity: Every input costs O(log n) in the number of entries, except `cancelAll` and
///   ``pendingInQueueOrder``, which sort (O(n log n)).
struct QueueCore: Sendable {
    /// An entry and the owner's slot for its item.
    struct Ref: Hashable, Sendable {
        let entry: UInt64
        let slot: Int
    }

    /// An event, naming entries instead of ids; the owner turns it into a ``QueueEvent``.
    enum Event: Hashable, Sendable {
        case enqueued(Ref)
        case present(Ref, attempt: Int)
        case presented(Ref, attempt: Int)
        case closed(Ref, attempt: Int, reason: CloseReason)
        case failed(Ref, attempt: Int, reason: String?, final: Bool)
        case expired(Ref)
        case dropped(Ref, reason: DropReason)
        case cancelled(Ref)
        /// The id it names is the input's own (the callback's or cancel's id; none for pause and resume).
        case ignored(IgnoredAction, attempt: Int?, reason: IgnoreReason)
        case paused
        case resumed
    }

    /// Something the owner must do, in order.
    enum Effect: Hashable, Sendable {
        /// Publish an event that happened at `elapsed`.
        case event(Event, elapsed: Duration)
        /// Ask the presenter to present the entry's item as this attempt.
        case present(Ref, attempt: Int)
        /// Ask the presenter to dismiss this attempt (a timeout ended it).
        case dismiss(Ref, attempt: Int)
        /// The entry has ended; its item and slot may be released.
        case release(Ref)
    }

    /// What a callback names, with the id question already answered by the owner.
    struct Target: Sendable {
        /// Whether the callback's id is the id of the entry on screen.
        var namesOnScreenID: Bool
        var attempt: Int?
        var entry: UInt64?
    }

    enum EntryState {
        case ready
        case waitingRetry
        case onScreen
    }

    struct Entry {
        let sequence: UInt64
        let slot: Int
        let priority: Int
        var attemptsUsed: Int
        var ttlDeadline: Duration?
        var ttlTimer: TimerHandle?
        var retryTimer: TimerHandle?
        var retryAt: Duration?
        var state: EntryState

        var ref: Ref { Ref(entry: sequence, slot: slot) }
    }

    /// A pending entry as seen from outside.
    struct Pending: Sendable {
        let ref: Ref
        let priority: Int
        let attemptsUsed: Int
        let ttlDeadline: Duration?
        let retryAt: Duration?
    }

    enum TimerKind {
        case ttl(Ref)
        case retry(Ref)
        case presentTimeout(entry: UInt64, attempt: Int)
        case displayTimeout(entry: UInt64, attempt: Int)
        case intervalElapsed
    }

    /// A set timer: its reusable slot and its creation number, so a handle kept after the timer fired never
    /// cancels a later timer that reuses the slot.
    struct TimerHandle: Equatable {
        let slot: Int
        let created: UInt64
    }

    struct OnScreen {
        let entry: UInt64
        let slot: Int
        let attempt: Int
        var presented: Bool
        var timer: TimerHandle?

        var ref: Ref { Ref(entry: entry, slot: slot) }
    }

    /// The rules this core applies.
    let configuration: QueueConfiguration
    /// The core's time: the latest time it was given or a timer fired at.
    var now: Duration = .zero
    /// Whether the queue is paused (rule 10).
    var isPaused = false
    /// The entry number the next enqueue will get.
    var nextEntry: UInt64 = 1

    /// The live entries (pending or on screen) by slot; `nil` for a slot without a live entry.
    var entries: [Entry?] = []
    /// The number of live entries.
    var liveCount = 0
    /// Pending entries eligible now, keyed by slot, in queue order.
    var ready = IndexedHeap<PendingRank>()
    /// Pending entries by slot, earliest enqueued first (kept only for `drop-oldest`).
    var oldest = IndexedHeap<UInt64>()
    /// Pending entries by slot, overflow victim first (kept only for `drop-lowest-priority`).
    var lowest = IndexedHeap<LowPriorityRank>()
    /// Set timers, keyed by timer slot.
    var timers = IndexedHeap<TimerRank>()
    /// The kind of the timer in each timer slot.
    var timerKinds: [TimerKind?] = []
    /// The creation number of the timer in each timer slot.
    var timerCreated: [UInt64] = []
    var freeTimerSlots: [Int] = []
    var nextTimer: UInt64 = 1
    var onScreen: OnScreen?
    var lastClosedAt: Duration?
    var intervalTimer: TimerHandle?

    /// Creates an empty, running core at time zero.
    init(configuration: QueueConfiguration) {
        self.configuration = configuration
    }

    /// The entry on screen and its attempt, if any.
    var onScreenAttempt: (ref: Ref, attempt: Int)? {
        onScreen.map { ($0.ref, $0.attempt) }
    }

    /// Whether the attempt on screen has been reported `presented`.
    var isOnScreenPresented: Bool { onScreen?.presented ?? false }

    /// The number of pending entries (waiting or waiting for a retry).
    var pendingCount: Int { liveCount - (onScreen == nil ? 0 : 1) }

    /// The earliest timer deadline, if any timer is set.
    var nextDeadline: Duration? { timers.min?.rank.deadline }

    /// The live entry `ref` names, if it is still live.
    func entry(_ ref: Ref) -> Entry? {
        guard ref.slot >= 0, ref.slot < entries.count, let entry = entries[ref.slot], entry.sequence == ref.entry
        else { return nil }
        return entry
    }

    /// The pending entries in queue order (rule 3), including entries waiting for a retry.
    ///
    /// - Complexity: O(n log n).
    var pendingInQueueOrder: [Pending] {
        entries.lazy.compactMap { $0 }
            .filter { $0.state != .onScreen }
            .sorted { rank(of: $0) < rank(of: $1) }
            .map {
                Pending(
                    ref: $0.ref, priority: $0.priority, attemptsUsed: $0.attemptsUsed, ttlDeadline: $0.ttlDeadline,
                    retryAt: $0.retryAt)
            }
    }

    func rank(of entry: Entry) -> PendingRank {
        PendingRank(order: configuration.order, priority: entry.priority, sequence: entry.sequence)
    }
}

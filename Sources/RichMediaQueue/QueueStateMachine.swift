/// The pure, value-type core of a ``PresentationQueue``: every timing and ordering rule of the contract.
///
/// The machine never reads a clock. Each input takes `now` (the time since the queue started) and appends
/// the resulting ``Effect``s: events to publish, presentations to start, dismissals, and entries to release.
/// Each input first fires every timer due at or before `now` (rule 12: deadline order, then creation
/// order; the machine's time moves to each timer's deadline as it fires), then handles the input, then
/// re-checks rule 2. After every timer and every input the machine presents the best eligible item if it
/// may.
///
/// - Complexity: Every input costs O(log n) in the number of entries, except `cancelAll` and the
///   snapshot accessors, which sort (O(n log n)).
package struct QueueStateMachine<ID: Hashable & Sendable>: Sendable {
    /// Something the owner of the machine must do, in order.
    package enum Effect: Hashable, Sendable {
        /// Publish an event.
        case event(QueueEvent<ID>)
        /// Ask the presenter to present the entry's item as this attempt.
        case present(AttemptToken<ID>)
        /// Ask the presenter to dismiss this attempt (a timeout ended it).
        case dismiss(AttemptToken<ID>)
        /// The entry has ended; its item may be released.
        case release(entry: UInt64)
    }

    /// What a callback names: an id, optionally an attempt number, optionally an exact entry.
    package struct CallbackTarget: Hashable, Sendable {
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
    package struct PendingEntry: Hashable, Sendable {
        package var entry: UInt64
        package var id: ID
        package var priority: Int
        package var attemptsUsed: Int
        package var ttlDeadline: Duration?
        package var retryAt: Duration?
    }

    enum EntryState {
        case ready
        case waitingRetry
        case onScreen
    }

    struct Entry {
        let id: ID
        let sequence: UInt64
        let priority: Int
        var attemptsUsed: Int
        var ttlDeadline: Duration?
        var ttlTimer: UInt64?
        var retryTimer: UInt64?
        var retryAt: Duration?
        var state: EntryState
    }

    enum TimerKind {
        case ttl(entry: UInt64)
        case retry(entry: UInt64)
        case presentTimeout(entry: UInt64, attempt: Int)
        case displayTimeout(entry: UInt64, attempt: Int)
        case intervalElapsed
    }

    struct OnScreen {
        let entry: UInt64
        let attempt: Int
        var presented: Bool
        var timer: UInt64?
    }

    /// The rules this machine applies.
    package let configuration: QueueConfiguration
    /// The machine's time: the latest time it was given or a timer fired at.
    package internal(set) var now: Duration = .zero
    /// Whether the queue is paused (rule 10).
    package internal(set) var isPaused = false
    /// The entry number the next enqueue will get.
    package internal(set) var nextEntry: UInt64 = 1

    var entries: [UInt64: Entry] = [:]
    var entriesByID: [ID: [UInt64]] = [:]
    var ready = IndexedHeap<PendingRank>()
    var oldest = IndexedHeap<UInt64>()
    var lowest = IndexedHeap<LowPriorityRank>()
    var timers = IndexedHeap<TimerRank>()
    var timerKinds: [UInt64: TimerKind] = [:]
    var nextTimer: UInt64 = 1
    var onScreen: OnScreen?
    var lastClosedAt: Duration?
    var intervalTimer: UInt64?

    /// Creates an empty, running machine at time zero.
    package init(configuration: QueueConfiguration) {
        self.configuration = configuration
    }

    /// The attempt on screen, if any.
    package var onScreenToken: AttemptToken<ID>? {
        guard let onScreen, let entry = entries[onScreen.entry] else { return nil }
        return AttemptToken(id: entry.id, attempt: onScreen.attempt, entry: onScreen.entry)
    }

    /// Whether the attempt on screen has been reported `presented`.
    package var isOnScreenPresented: Bool { onScreen?.presented ?? false }

    /// The number of pending entries (waiting or waiting for a retry).
    package var pendingCount: Int { entries.count - (onScreen == nil ? 0 : 1) }

    /// The earliest timer deadline, if any timer is set.
    package var nextDeadline: Duration? { timers.min?.rank.deadline }

    /// The pending entries in queue order (rule 3), including entries waiting for a retry.
    ///
    /// - Complexity: O(n log n).
    package var pendingInQueueOrder: [PendingEntry] {
        entries.values
            .filter { $0.state != .onScreen }
            .sorted { rank(of: $0) < rank(of: $1) }
            .map {
                PendingEntry(
                    entry: $0.sequence, id: $0.id, priority: $0.priority, attemptsUsed: $0.attemptsUsed,
                    ttlDeadline: $0.ttlDeadline, retryAt: $0.retryAt)
            }
    }

    func rank(of entry: Entry) -> PendingRank {
        PendingRank(order: configuration.order, priority: entry.priority, sequence: entry.sequence)
    }
}

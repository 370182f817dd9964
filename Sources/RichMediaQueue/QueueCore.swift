/// The rules of a ``QueueStateMachine`` over entry numbers: every rule of the contract, with no generic type
/// anywhere, so it compiles to specialised code in the library whatever the app's `ID`.
///
/// One way in, one way out: ``apply(_:at:)`` takes one ``QueueCoreInput`` and the time, and returns a
/// ``QueueCoreStep``: the entry an enqueue created (its number and the slot the core chose for it) and the
/// effects, in order, naming entries by number and slot. The core never sees an id. Where a rule compares
/// ids, the machine (the generic shell) hands in the live entries of the id the input names, as it knew them
/// before the input (``IDEntries``); the core itself decides which of them are still live after the due
/// timers have fired (an entry that expired at this instant is no duplicate and cannot be cancelled).
struct QueueCore: Sendable {
    typealias EntryState = QueueEntryState
    typealias Entry = QueueEntry
    typealias TimerKind = QueueTimerKind
    typealias OnScreen = QueueOnScreen

    /// The rules this core applies.
    let configuration: QueueConfiguration
    /// The machine's time: the latest time it was given or a timer fired at.
    var now: Duration = .zero
    /// Whether the queue is paused (rule 10).
    var isPaused = false
    /// Whether the presenter declined the latest attempt and the queue waits (rule 14).
    var isHeldByDecline = false
    /// The entry number the next enqueue gets.
    var nextEntry: UInt64 = 1
    /// The live entries (pending or on screen) by entry number.
    var entries: [UInt64: Entry] = [:]
    /// Pending entries eligible now that may appear on any screen, in queue order (rule 3).
    var ready = BinaryHeap<PendingNode<PendingKey>>()
    /// Pending entries eligible now that may appear only on some screens, in queue order, one heap per screen
    /// rule (rule 16): the best entry the current screen allows is the best top of `ready` and of the heaps
    /// whose rule allows it. Empty while no entry has a rule.
    var placed: [ScreenRule: BinaryHeap<PendingNode<PendingKey>>] = [:]
    /// The entries waiting out a retry delay, in queue order: with the eligible ones' heaps, the best pending
    /// item a waiting report names (rule 18). Empty unless attempts fail with a retry delay.
    var retrying = BinaryHeap<PendingNode<PendingKey>>()
    /// The same entries, earliest end of their retry delay first (rule 18's `retry-delay` time).
    var retryEnds = BinaryHeap<PendingNode<Duration>>()
    /// The screen the user is on, as the app last said (`nil`: none, as at the start; rule 16).
    var screen: String?
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
    /// The start times of the attempts inside the frequency cap's window, earliest first (rule 15).
    var recentStarts: [Duration] = []
    var capTimer: UInt64?
    var declineTimer: UInt64?
    /// The report-only wake-up at the moment the frequency cap's window opens, while a waiting report names
    /// the cap and no present waits for it (rule 18; changes nothing but the report).
    var waitingReportTimer: UInt64?
    /// Whether inputs build their event effects.
    var emitsEvents = true
    /// The effects of the input being applied, in order (returned by ``apply(_:at:)``).
    var effects: [QueueCoreEffect] = []
    /// The number of slots ever handed out: every entry, live or refused at its enqueue, has a slot, a small
    /// number the shell and the owner index their side tables by (no hashing).
    var slotCount = 0
    /// Slots free for the next enqueue.
    var freeSlots: [Int] = []
    /// The slots of the entries released by the latest input: free from the next input on, so every slot
    /// an input's effects name still names that entry while its owner performs them.
    var releasedSlots: [Int] = []

    init(configuration: QueueConfiguration) {
        self.configuration = configuration
    }

    /// The number of pending entries (waiting or waiting for a retry).
    var pendingCount: Int { entries.count - (onScreen == nil ? 0 : 1) }

    /// The pending entries in queue order (rule 3).
    ///
    /// - Complexity: O(n log n).
    func pendingEntries() -> [Entry] {
        entries.values.filter { $0.state != .onScreen }.sorted { key(of: $0) < key(of: $1) }
    }

    /// The entry's place in queue order (rule 3).
    func key(of entry: Entry) -> PendingKey {
        PendingKey(order: configuration.order, priority: entry.priority, sequence: entry.number)
    }
}

/// An attempt as the core names it: the entry's number and slot, and the attempt's number.
struct QueueCoreAttempt: Hashable, Sendable {
    let entry: UInt64
    let slot: Int
    let attempt: Int

    /// The entry.
    var ref: QueueCoreEntry { QueueCoreEntry(number: entry, slot: slot) }
}

/// An entry as the core names it: its number and its slot.
struct QueueCoreEntry: Hashable, Sendable {
    let number: UInt64
    let slot: Int
}

/// One input to the core: a ``QueueInput`` with the id questions turned into entry numbers.
enum QueueCoreInput: Sendable {
    /// Only fire the timers due by now.
    case advance
    /// Enqueue an entry (rules 7, 8, 9, 16, 19); `sameID` lists the live entries of its id (the duplicate
    /// rule).
    case enqueue(sameID: IDEntries?, QueueCoreEnqueue)
    /// A presenter callback (rules 4, 5, 14).
    case callback(QueueCallback, QueueCoreTarget)
    /// Pause presenting (rule 10).
    case pause
    /// Resume presenting (rule 10); also ends the wait after a decline (rule 14).
    case resume
    /// Cancel the pending ones of these entries, the live entries of the id a cancel names (rule 11).
    case cancel(sameID: IDEntries?)
    /// Cancel every pending entry (rule 11).
    case cancelAll
    /// The user is on this screen now (rules 16, 17).
    case screen(String?)
    /// Cancel every pending entry with this tag (rule 19).
    case cancelTagged(String)
    /// Cancel the pending ones of these entries (rule 19's predicate, which the owner evaluated).
    case cancelEntries([UInt64])
}

/// What an enqueue brings besides its id.
struct QueueCoreEnqueue: Sendable {
    var priority: Int
    var ttl: Duration?
    var attemptsUsed: Int
    /// Where the item may appear; `nil` for anywhere.
    var screens: ScreenRule?
    var tags: Set<String>
}

/// Why nothing is on screen while entries are pending (rule 18), as the core names it.
struct QueueCoreWaiting: Sendable {
    /// The best pending entry (rule 3, whatever the screen).
    var entry: QueueCoreEntry
    var reason: WaitingReason
    /// When the wait ends, for the reasons that have a known end.
    var until: Duration?
}

/// What one input did: the entry an enqueue created (stored or refused at once) and the effects, in order.
struct QueueCoreStep: Sendable {
    /// The new entry of an enqueue, with the slot the core chose for it; `nil` for other inputs.
    var enqueued: QueueCoreEntry?
    /// What the owner must do, in order.
    var effects: [QueueCoreEffect]
}

/// Something the owner of the machine must do, naming entries (the shell adds the ids).
enum QueueCoreEffect: Sendable {
    /// Publish an event that happened at this time.
    case event(Duration, QueueCoreEvent)
    /// Ask the presenter to present the entry's item as this attempt.
    case present(QueueCoreAttempt)
    /// Ask the presenter to dismiss this attempt (a timeout ended it).
    case dismiss(QueueCoreAttempt)
    /// The entry has ended (or an enqueue was refused) with this outcome.
    case release(QueueCoreEntry, outcome: PresentationOutcome)
}

/// A ``QueueEvent/Kind`` naming entries instead of ids.
enum QueueCoreEvent: Sendable {
    case enqueued(QueueCoreEntry)
    case present(QueueCoreAttempt)
    case presented(QueueCoreAttempt)
    case closed(QueueCoreAttempt, reason: CloseReason)
    case failed(QueueCoreAttempt, reason: String?, final: Bool)
    case declined(QueueCoreAttempt)
    case expired(QueueCoreEntry)
    case dropped(QueueCoreEntry, reason: DropReason)
    case cancelled(QueueCoreEntry)
    /// `namesInputID`: the event names the id the input named (a callback's or a cancel's); else no id.
    case ignored(IgnoredAction, namesInputID: Bool, attempt: Int?, reason: IgnoreReason)
    case paused
    case resumed
    case screen(String?)
    case waiting(QueueCoreWaiting)
}

/// What a callback names, in entry numbers.
struct QueueCoreTarget: Sendable {
    /// The live entries of the callback's id (`nil` when its sender knows the attempt ended: then it is
    /// ignored whatever is on screen).
    var sameID: IDEntries?
    var attempt: Int?
    var entry: UInt64?
}

/// Where a live entry is (``QueueStateMachine``).
enum QueueEntryState: Hashable, Sendable {
    case ready
    case waitingRetry
    case onScreen
}

/// A live entry of a ``QueueStateMachine``, without its id (the machine keeps ids in a side table, so this
/// type, the entry table and the heaps do not depend on the app's `ID`).
struct QueueEntry: Sendable {
    let number: UInt64
    /// The entry's slot (see ``QueueCore/slotCount``).
    let slot: Int
    let priority: Int
    /// Its screen rule and tags, kept out of line (`nil` for an item with neither: most of them).
    let placement: QueuePlacement?
    /// The attempts made so far (the latest attempt's number).
    var attempts: Int
    /// The attempts the presenter declined ("not now"): they do not count toward `maxAttempts`.
    var declined = 0
    var ttlDeadline: Duration?
    var ttlTimer: UInt64?
    var retryTimer: UInt64?
    var retryAt: Duration?
    var state: QueueEntryState = .ready
    /// Changes every time the entry returns to pending; heap elements with another stamp are stale.
    var stamp: UInt64 = 0

    /// The attempts that count toward `maxAttempts`.
    var attemptsUsed: Int { attempts - declined }

    /// Where the entry may appear (`nil`: anywhere; rule 16) and whether leaving dismisses it (rule 17).
    var screens: ScreenRule? { placement?.screens }
    /// Its tags (rule 19).
    var tags: Set<String> { placement?.tags ?? [] }

    /// The entry as the core's effects name it.
    var ref: QueueCoreEntry { QueueCoreEntry(number: number, slot: slot) }
}

/// The screen rule and tags of an entry that has either (out of line: they are rare, and the entry table and
/// its copies stay small without them).
final class QueuePlacement: Sendable {
    /// Where the entry may appear; `nil` for anywhere.
    let screens: ScreenRule?
    let tags: Set<String>

    /// The placement of an entry with this rule and these tags, or `nil` when it has neither.
    static func make(screens: ScreenRule?, tags: Set<String>) -> QueuePlacement? {
        let rule = screens.flatMap { $0.allowsAnywhere ? nil : $0 }
        return rule == nil && tags.isEmpty ? nil : QueuePlacement(screens: rule, tags: tags)
    }

    private init(screens: ScreenRule?, tags: Set<String>) {
        self.screens = screens
        self.tags = tags
    }
}

/// What a timer of a ``QueueStateMachine`` does when it fires.
enum QueueTimerKind: Hashable, Sendable {
    case ttl(entry: UInt64)
    case retry(entry: UInt64)
    case presentTimeout(entry: UInt64, attempt: Int)
    case displayTimeout(entry: UInt64, attempt: Int)
    case intervalElapsed
    case capOpens
    case declineElapsed
    /// A report-only wake-up (rule 18): nothing but the waiting report is re-considered.
    case waitingReport
}

/// The attempt on screen of a ``QueueStateMachine`` (its id is in the machine's side table).
struct QueueOnScreen: Sendable {
    let entry: UInt64
    let slot: Int
    let attempt: Int
    var presented: Bool
    var timer: UInt64?

    /// The attempt as the core's effects name it.
    var attemptRef: QueueCoreAttempt { QueueCoreAttempt(entry: entry, slot: slot, attempt: attempt) }
}

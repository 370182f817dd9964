/// The pure, value-type state machine of a ``PresentationQueue``: every rule of the contract, including the
/// id rules (duplicates, which entry is on screen, cancel by id, callbacks by id and attempt), with the
/// app's id type in its inputs and effects.
///
/// The machine never reads a clock. One way in, one way out: ``apply(_:at:)`` takes an ``Input`` with `now`
/// (the time since the queue started) and returns a ``Step``: the entry an enqueue created and the
/// ``Effect``s, in order: events to publish, presentations to start, dismissals, and entries that have ended
/// (with their outcome). Effects name entries by their number and slot, never the owner's storage. Each
/// input first fires every timer due at or before `now` (rule 12: deadline order, then creation order; the
/// machine's time moves to each timer's deadline as it fires), then handles the input, then re-checks rule 2
/// (``Input/advance`` only fires the timers, with the same checks after it), and, with waiting reports on,
/// considers a `waiting` report after the timers of each instant and after the input (rule 18). Every input
/// except ``Input/advance`` and a cancel by tag or by entries that matches nothing (rule 19 reports nothing then)
/// produces at least one event: an input that changes nothing is reported as
/// ``QueueEvent/Kind/ignored(_:id:attempt:reason:)`` (with ``emitsEvents`` off, an owner nobody listens to
/// gets the other effects only).
///
/// The actor, the simulator, the rule tests, the model-based tests and the scenario fuzzer all run this
/// type. It is a thin generic shell around a non-generic core (``QueueCore``) that applies every rule over
/// entry numbers: the shell keeps the ids (an array by slot, and a dictionary from each id to the numbers
/// of its live entries, the first one inline), hands the core the live entries of the id an input names
/// (the core decides duplicates, whether a callback names the attempt on screen, and which entries a
/// cancel names), files a new entry's id in the slot the core chose, and adds the ids to the core's
/// effects. So the hot storage (the entry table, binary heaps in arrays for the queue order, the overflow
/// victim and the timers, whose stale elements are skipped and compacted) never depends on the app's `ID`
/// and runs as specialised code even when the `ID` is only known in another module.
///
/// - Complexity: Every input costs O(log n) amortized in the number of entries, except `cancelAll` and
///   ``pendingInQueueOrder``, which sort (O(n log n)).
package struct QueueStateMachine<ID: Hashable & Sendable>: Sendable {
    package typealias Effect = QueueEffect<ID>
    package typealias Input = QueueInput<ID>
    package typealias CallbackTarget = QueueCallbackTarget<ID>
    package typealias PendingEntry = QueuePendingEntry<ID>
    package typealias Step = QueueStep<ID>

    /// Every rule over entry numbers (non-generic: it compiles to specialised code whatever the `ID`).
    var core: QueueCore
    /// The id of each live entry by its slot (the side table of the core's entries; an array, so no
    /// hashing).
    var ids: [ID?] = []
    /// The numbers of the live entries of each id, earliest first.
    var entriesByID: [ID: IDEntries] = [:]
    /// The last waiting report since the last present (rule 18: a report is made only when its id or reason
    /// differs). Forgotten by an input without events (nobody listens, so nobody saw a report).
    var lastWaiting: (id: ID, reason: WaitingReason)?

    /// Whether every input ends with ``checkInvariants()`` (for tests; costs O(n) per input).
    package var checksInvariants = false
    /// Whether inputs build their event effects. An owner with nobody listening turns it off for the input
    /// (the actor does, so a queue nobody observes builds no events); every other effect is unchanged.
    package var emitsEvents = true

    /// Creates an empty, running machine at time zero.
    package init(configuration: QueueConfiguration, checksInvariants: Bool = false) {
        self.core = QueueCore(configuration: configuration)
        self.checksInvariants = checksInvariants
    }

    /// The rules this machine applies.
    package var configuration: QueueConfiguration { core.configuration }
    /// The machine's time: the latest time it was given or a timer fired at.
    package var now: Duration { core.now }
    /// Whether the queue is paused (rule 10).
    package var isPaused: Bool { core.isPaused }
    /// Whether the presenter declined the latest attempt and the queue waits for the next accepted enqueue,
    /// `resume()` or the decline delay before it presents again (rule 14).
    package var isHeldByDecline: Bool { core.isHeldByDecline }

    /// The attempt on screen, if any.
    package var onScreenToken: AttemptToken<ID>? {
        guard let onScreen = core.onScreen, let id = ids[onScreen.slot] else { return nil }
        return AttemptToken(id: id, attempt: onScreen.attempt, entry: onScreen.entry)
    }

    /// Whether the attempt on screen has been reported `presented`.
    package var isOnScreenPresented: Bool { core.onScreen?.presented ?? false }

    /// The number of pending entries (waiting or waiting for a retry).
    package var pendingCount: Int { core.pendingCount }

    /// The earliest live timer deadline, if any timer is set.
    package var nextDeadline: Duration? {
        // Stale timers are dropped from the top as soon as they surface (see `tidy`).
        core.timers.min?.deadline
    }

    /// The earliest time at which the pacing rules (the minimum interval, rule 2, and the frequency cap,
    /// rule 15) allow the next present; `nil` when they allow one now.
    package var nextPresentAllowedAt: Duration? {
        var earliest = Duration.zero
        if let last = core.lastClosedAt { earliest = max(earliest, last + configuration.minInterval) }
        if let opens = core.capOpensAt() { earliest = max(earliest, opens) }
        return earliest > now ? earliest : nil
    }

    /// The screen the user is on, as the app last said (`nil`: none; rule 16).
    package var screen: String? { core.screen }

    /// Why nothing is on screen while items are pending (rule 18): the best pending entry (rule 3, whatever
    /// the screen), its id, the first reason that holds and when that wait ends; `nil` when something is on
    /// screen or nothing is pending. The same as a waiting report would say now, whether reports are on or not.
    ///
    /// - Complexity: O(g + log n) amortized (g: the screen rules among the eligible entries).
    package mutating func waiting() -> (entry: UInt64, id: ID, reason: WaitingReason, until: Duration?)? {
        guard let waiting = core.waiting(), let id = ids[waiting.entry.slot] else { return nil }
        return (waiting.entry.number, id, waiting.reason, waiting.until)
    }

    /// The pending entries in queue order (rule 3), including entries waiting for a retry.
    ///
    /// - Complexity: O(n log n).
    package var pendingInQueueOrder: [PendingEntry] {
        core.pendingEntries().map {
            PendingEntry(
                entry: $0.number, id: ids[$0.slot]!, priority: $0.priority, attemptsUsed: $0.attemptsUsed,
                ttlDeadline: $0.ttlDeadline, retryAt: $0.retryAt, screens: $0.screens ?? .anywhere, tags: $0.tags)
        }
    }

    /// Whether an entry with this id is pending or on screen.
    package func isLive(_ id: ID) -> Bool { entriesByID[id] != nil }

    /// The slot of a live entry.
    func slot(ofLiveEntry entry: UInt64) -> Int? { core.entries[entry]?.slot }

    /// The numbers of the live entries with this id, earliest enqueued first.
    package func liveEntries(of id: ID) -> [UInt64] { entriesByID[id]?.numbers ?? [] }
}

/// Something the owner of the machine must do, in order.
///
/// `slot` is the entry's slot: a small number the machine chose for the entry at its enqueue (``QueueStep``
/// says which), by which an owner may keep the entry's item in an array. A slot is handed out again only
/// from the input after the one whose effects release its entry.
package enum QueueEffect<ID: Hashable & Sendable>: Hashable, Sendable {
    /// Publish an event.
    case event(QueueEvent<ID>)
    /// Ask the presenter to present the entry's item as this attempt.
    case present(AttemptToken<ID>, slot: Int)
    /// Ask the presenter to dismiss this attempt (a timeout ended it).
    case dismiss(AttemptToken<ID>, slot: Int)
    /// The entry has ended (or an enqueue was refused) with this outcome; its item may be forgotten.
    case release(entry: UInt64, slot: Int, outcome: PresentationOutcome)
}

/// What one input to a ``QueueStateMachine`` did.
package struct QueueStep<ID: Hashable & Sendable>: Sendable {
    /// The entry an enqueue created (stored, or refused at once: then its effects release it), with the slot
    /// the machine chose for it; `nil` for other inputs.
    package var entry: QueueEntryRef?
    /// What the owner must do, in order.
    package var effects: [QueueEffect<ID>]
}

/// An entry as the machine's owner sees it: its number (as in ``AttemptToken/entry``) and its slot.
package struct QueueEntryRef: Hashable, Sendable {
    package var number: UInt64
    package var slot: Int
}

/// One input to the machine.
package enum QueueInput<ID: Hashable & Sendable>: Hashable, Sendable {
    /// Only fire the timers due by now.
    case advance
    /// Enqueue an entry (rules 7, 8, 9, 16, 19); `attemptsUsed` lets a restored entry keep its attempts.
    case enqueue(
        ID, priority: Int, ttl: Duration?, attemptsUsed: Int, screens: ScreenRule = .anywhere, tags: Set<String> = [])
    /// A presenter callback (rules 4, 5, 14).
    case callback(QueueCallback, QueueCallbackTarget<ID>)
    /// Pause presenting (rule 10).
    case pause
    /// Resume presenting (rule 10); also ends the wait after a decline (rule 14).
    case resume
    /// Cancel the pending entries with this id (rule 11).
    case cancel(ID)
    /// Cancel every pending entry (rule 11).
    case cancelAll
    /// The user is on this screen now (`nil`: none; rules 16, 17).
    case setScreen(String?)
    /// Cancel every pending entry with this tag (rule 19).
    case cancelTagged(String)
    /// Cancel the pending ones of these entries, in queue order (rule 19: the owner evaluated a predicate).
    case cancelEntries([UInt64])
}

/// What a callback names: an id, optionally an attempt number, optionally an exact entry; or an attempt
/// its sender knows has ended (always ignored).
package struct QueueCallbackTarget<ID: Hashable & Sendable>: Hashable, Sendable {
    package var id: ID
    package var attempt: Int?
    package var entry: UInt64?
    /// Whether the sender knows the attempt has ended: the machine reports the callback as ignored
    /// (`not-on-screen`) whatever is on screen.
    package var isEnded: Bool

    package init(id: ID, attempt: Int? = nil, entry: UInt64? = nil) {
        self.id = id
        self.attempt = attempt
        self.entry = entry
        self.isEnded = false
    }

    package init(_ token: AttemptToken<ID>) {
        self.init(id: token.id, attempt: token.attempt, entry: token.entry)
    }

    /// A target naming an attempt that has ended (or never was): the callback is reported as ignored.
    package static func ended(id: ID, attempt: Int?) -> Self {
        var target = Self(id: id, attempt: attempt)
        target.isEnded = true
        return target
    }
}

/// A pending entry as seen from outside.
package struct QueuePendingEntry<ID: Hashable & Sendable>: Hashable, Sendable {
    package var entry: UInt64
    package var id: ID
    package var priority: Int
    /// The attempts that count toward `maxAttempts` (declined ones do not).
    package var attemptsUsed: Int
    package var ttlDeadline: Duration?
    package var retryAt: Duration?
    package var screens: ScreenRule
    package var tags: Set<String>
}

/// A presenter callback, as the machine receives it.
package enum QueueCallback: Hashable, Sendable {
    /// The attempt is visible.
    case presented
    /// The attempt was closed.
    case closed
    /// The attempt failed.
    case failed(reason: String?)
    /// The presenter declined the attempt ("not now", rule 14).
    case declined

    /// The action an `ignored` event names.
    var action: IgnoredAction {
        switch self {
        case .presented: return .presented
        case .closed: return .closed
        case .failed: return .failed
        case .declined: return .declined
        }
    }
}

/// The live entries of one id, earliest enqueued first: the first inline, so the common case (one entry
/// per id, always so with `duplicates: .ignore`) allocates nothing.
struct IDEntries: Sendable {
    var first: UInt64
    var more: [UInt64] = []

    /// Every number, earliest first.
    var numbers: [UInt64] { [first] + more }

    var count: Int { 1 + more.count }

    /// Whether `number` is one of them.
    func contains(_ number: UInt64) -> Bool { first == number || more.contains(number) }

    /// Adds a new entry's `number` as the latest (a list just created with it as its first keeps it once).
    mutating func appendIfNew(_ number: UInt64) {
        if first != number { more.append(number) }
    }

    /// Removes `number`; `false` if none is left.
    mutating func remove(_ number: UInt64) -> Bool {
        if first == number {
            guard !more.isEmpty else { return false }
            first = more.removeFirst()
        } else {
            more.removeAll { $0 == number }
        }
        return true
    }
}

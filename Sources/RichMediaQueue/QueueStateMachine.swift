/// The pure, value-type rules of a ``PresentationQueue`` on ids: a ``QueueCore`` plus the id of each entry.
///
/// The machine never reads a clock. Each input takes `now` (the time since the queue started) and appends
/// the resulting ``Effect``s: events to publish, presentations to start, dismissals, and entries to release.
/// Each input first fires every timer due at or before `now` (rule 12), then handles the input, then
/// re-checks rule 2. The actor drives the core directly; this form is for tests and tools that want the
/// rules with ids in their effects.
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

    private var core: QueueCore
    private var ids: [UInt64: ID] = [:]
    private var entriesByID: [ID: [QueueCore.Ref]] = [:]
    /// Slots released by ended entries, reused before new ones.
    private var freeSlots: [Int] = []
    private var slotCount = 0

    /// Creates an empty, running machine at time zero.
    package init(configuration: QueueConfiguration) {
        core = QueueCore(configuration: configuration)
    }

    /// The rules this machine applies.
    package var configuration: QueueConfiguration { core.configuration }
    /// The machine's time: the latest time it was given or a timer fired at.
    package var now: Duration { core.now }
    /// Whether the queue is paused (rule 10).
    package var isPaused: Bool { core.isPaused }
    /// The entry number the next enqueue will get.
    package var nextEntry: UInt64 { core.nextEntry }

    /// The attempt on screen, if any.
    package var onScreenToken: AttemptToken<ID>? {
        guard let (ref, attempt) = core.onScreenAttempt, let id = ids[ref.entry] else { return nil }
        return AttemptToken(id: id, attempt: attempt, entry: ref.entry)
    }

    /// Whether the attempt on screen has been reported `presented`.
    package var isOnScreenPresented: Bool { core.isOnScreenPresented }

    /// The number of pending entries (waiting or waiting for a retry).
    package var pendingCount: Int { core.pendingCount }

    /// The earliest timer deadline, if any timer is set.
    package var nextDeadline: Duration? { core.nextDeadline }

    /// The pending entries in queue order (rule 3), including entries waiting for a retry.
    ///
    /// - Complexity: O(n log n).
    package var pendingInQueueOrder: [PendingEntry] {
        core.pendingInQueueOrder.compactMap { pending in
            ids[pending.ref.entry].map {
                PendingEntry(
                    entry: pending.ref.entry, id: $0, priority: pending.priority, attemptsUsed: pending.attemptsUsed,
                    ttlDeadline: pending.ttlDeadline, retryAt: pending.retryAt)
            }
        }
    }

    /// Fires every timer due at or before `time` (rule 12) and re-checks rule 2 after each.
    ///
    /// - Complexity: O(k log n) for k due timers.
    package mutating func advance(to time: Duration, effects: inout [Effect]) {
        step(subject: nil, effects: &effects) { $0.advance(to: time, effects: &$1) }
    }

    /// Enqueues an entry for `id` (rules 7, 8 and 9) and returns its entry number.
    ///
    /// A `ttl` of zero or less expires the entry at once. `attemptsUsed` lets a restored entry keep the
    /// attempts it already used.
    ///
    /// - Complexity: O(log n).
    @discardableResult
    package mutating func enqueue(
        _ id: ID, priority: Int = 0, ttl: Duration? = nil, attemptsUsed: Int = 0, at time: Duration,
        effects: inout [Effect]
    ) -> UInt64 {
        advance(to: time, effects: &effects)
        let isDuplicate = entriesByID[id] != nil
        let entry = core.nextEntry
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
        } else {
            slot = slotCount
            slotCount += 1
        }
        ids[entry] = id
        entriesByID[id, default: []].append(QueueCore.Ref(entry: entry, slot: slot))
        step(subject: nil, effects: &effects) {
            $0.enqueue(
                slot: slot, isDuplicate: isDuplicate, priority: priority, ttl: ttl, attemptsUsed: attemptsUsed,
                at: time, effects: &$1)
        }
        return entry
    }

    /// Handles a `presented` callback (rule 4).
    ///
    /// - Complexity: O(log n).
    package mutating func presented(_ target: CallbackTarget, at time: Duration, effects: inout [Effect]) {
        let resolved = resolve(target, at: time, effects: &effects)
        step(subject: target.id, effects: &effects) { $0.presented(resolved, at: time, effects: &$1) }
    }

    /// Handles a `closed` callback (rule 4): the attempt on screen ends as closed.
    ///
    /// - Complexity: O(log n).
    package mutating func closed(_ target: CallbackTarget, at time: Duration, effects: inout [Effect]) {
        let resolved = resolve(target, at: time, effects: &effects)
        step(subject: target.id, effects: &effects) { $0.closed(resolved, at: time, effects: &$1) }
    }

    /// Handles a `failed` callback (rules 4 and 5).
    ///
    /// - Complexity: O(log n).
    package mutating func failed(
        _ target: CallbackTarget, reason: String?, at time: Duration, effects: inout [Effect]
    ) {
        let resolved = resolve(target, at: time, effects: &effects)
        step(subject: target.id, effects: &effects) { $0.failed(resolved, reason: reason, at: time, effects: &$1) }
    }

    /// Pauses presenting (rule 10).
    package mutating func pause(at time: Duration, effects: inout [Effect]) {
        step(subject: nil, effects: &effects) { $0.pause(at: time, effects: &$1) }
    }

    /// Resumes presenting and presents at once if rules 2 and 3 allow (rule 10).
    package mutating func resume(at time: Duration, effects: inout [Effect]) {
        step(subject: nil, effects: &effects) { $0.resume(at: time, effects: &$1) }
    }

    /// Cancels every pending entry with this id, in queue order (rule 11).
    ///
    /// - Complexity: O(k log n) for k entries sharing the id.
    package mutating func cancel(_ id: ID, at time: Duration, effects: inout [Effect]) {
        advance(to: time, effects: &effects)
        let sameID = entriesByID[id] ?? []
        step(subject: id, effects: &effects) { $0.cancel(sameID: sameID, at: time, effects: &$1) }
    }

    /// Cancels every pending entry, in queue order (rule 11).
    ///
    /// - Complexity: O(n log n).
    package mutating func cancelAll(at time: Duration, effects: inout [Effect]) {
        step(subject: nil, effects: &effects) { $0.cancelAll(at: time, effects: &$1) }
    }

    /// Fires due timers, then answers whether `target` names the item on screen.
    private mutating func resolve(
        _ target: CallbackTarget, at time: Duration, effects: inout [Effect]
    ) -> QueueCore.Target {
        advance(to: time, effects: &effects)
        let onScreenID = core.onScreenAttempt.flatMap { ids[$0.ref.entry] }
        return QueueCore.Target(namesOnScreenID: onScreenID == target.id, attempt: target.attempt, entry: target.entry)
    }

    /// Runs `body` on the core and translates its effects, then forgets the ids of released entries (a
    /// dismissal can follow its entry's release).
    private mutating func step(
        subject: ID?, effects: inout [Effect], _ body: (inout QueueCore, inout [QueueCore.Effect]) -> Void
    ) {
        var coreEffects: [QueueCore.Effect] = []
        body(&core, &coreEffects)
        var released: [QueueCore.Ref] = []
        for effect in coreEffects {
            switch effect {
            case .event(let event, let elapsed):
                effects.append(.event(event.queueEvent(elapsed: elapsed, subject: subject) { ids[$0.entry]! }))
            case .present(let ref, let attempt):
                effects.append(.present(AttemptToken(id: ids[ref.entry]!, attempt: attempt, entry: ref.entry)))
            case .dismiss(let ref, let attempt):
                effects.append(.dismiss(AttemptToken(id: ids[ref.entry]!, attempt: attempt, entry: ref.entry)))
            case .release(let ref):
                released.append(ref)
                effects.append(.release(entry: ref.entry))
            }
        }
        for ref in released {
            freeSlots.append(ref.slot)
            if let id = ids.removeValue(forKey: ref.entry), var list = entriesByID[id] {
                list.removeAll { $0 == ref }
                entriesByID[id] = list.isEmpty ? nil : list
            }
        }
    }
}

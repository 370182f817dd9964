extension QueueStateMachine {
    /// Applies one input at `time` (rule 12: due timers first, then the input, then rule 2).
    ///
    /// - Parameters:
    ///   - input: What happened.
    ///   - time: The time since the queue started; a time before the machine's own is treated as now.
    ///   - effects: Receives what the owner must do, in order.
    /// - Returns: The entry number for an enqueue; `nil` for other inputs.
    /// - Complexity: O(log n) amortized, except `cancelAll` (O(n log n)).
    @discardableResult
    package mutating func apply(_ input: Input, at time: Duration, effects: inout [Effect]) -> UInt64? {
        let entry = run(input, at: time)
        translate(into: &effects)
        core.effects.removeAll(keepingCapacity: true)
        return entry?.number
    }

    /// Applies one input as ``apply(_:at:effects:)`` does, for an owner in this module that reads the core's
    /// effects itself (the actor): they stay in ``coreEffects`` until the next input, name entries by number
    /// and slot (so the owner keeps its items in an array by slot), and ``event(_:at:)`` and ``token(_:)``
    /// add the ids. Builds no ``Effect`` values.
    ///
    /// - Returns: The new entry of an enqueue; `nil` for other inputs.
    mutating func applyKeepingCoreEffects(_ input: Input, at time: Duration) -> QueueCoreEntry? {
        run(input, at: time)
    }

    /// The effects of the latest ``applyKeepingCoreEffects(_:at:)``, in order.
    var coreEffects: [QueueCoreEffect] { core.effects }

    /// The slot of a live entry.
    func slot(ofLiveEntry entry: UInt64) -> Int? { core.entries[entry]?.slot }

    /// Applies one input, leaving its effects in the core's (the ids of the entries they name stay in their
    /// slots until the next input).
    private mutating func run(_ input: Input, at time: Duration) -> QueueCoreEntry? {
        core.effects.removeAll(keepingCapacity: true)
        drained = 0
        // Only events read the input's id: without them it is not kept.
        if emitsEvents { inputID = nil }
        core.emitsEvents = emitsEvents
        // The slots the latest input released are free now.
        for slot in core.releasedSlots { ids[slot] = nil }
        core.recycleSlots()
        core.fireTimers(upTo: time)
        var entry: QueueCoreEntry?
        switch input {
        case .advance:
            break
        case .enqueue(let id, let priority, let ttl, let attemptsUsed):
            // The id rules see the entries the timers left.
            forgetReleased()
            if emitsEvents { inputID = id }
            let slot = core.nextSlot
            if slot == ids.count { ids.append(id) } else { ids[slot] = id }
            let isDuplicate = configuration.duplicates == .ignore && entriesByID[id] != nil
            let (new, stored) = core.enqueue(
                isDuplicate: isDuplicate, priority: priority, ttl: ttl, attemptsUsed: attemptsUsed)
            if stored {
                if configuration.duplicates == .ignore {
                    entriesByID[id] = IDEntries(first: new.number)
                } else {
                    entriesByID[id, default: IDEntries(first: new.number)].appendIfNew(new.number)
                }
            } else {
                unindexedEntry = new.number
            }
            entry = new
        case .callback(let callback, let target):
            if emitsEvents { inputID = target.id }
            var namesOnScreenID = false
            if !target.isEnded, let onScreen = core.onScreen { namesOnScreenID = ids[onScreen.slot] == target.id }
            core.handle(
                callback,
                target: QueueCoreTarget(namesOnScreenID: namesOnScreenID, attempt: target.attempt, entry: target.entry))
        case .pause:
            core.pause()
        case .resume:
            core.resume()
        case .cancel(let id):
            forgetReleased()
            if emitsEvents { inputID = id }
            core.cancel(entries: liveEntries(of: id))
        case .cancelAll:
            core.cancelAll()
        }
        core.finishInput()
        forgetReleased()
        unindexedEntry = nil
        if checksInvariants { checkInvariants() }
        return entry
    }

    /// The id of an entry the latest input named.
    private func id(of entry: QueueCoreEntry) -> ID {
        guard let id = ids[entry.slot] else { preconditionFailure("no id for the entry \(entry.number)") }
        return id
    }

    /// Takes the entries the core's new effects release out of the id index (their slots keep the ids until
    /// the next input).
    private mutating func forgetReleased() {
        let all = core.effects
        guard drained < all.count else { return }
        for effect in all[drained...] {
            if case .release(let entry, _) = effect { forget(entry) }
        }
        drained = all.count
    }

    /// Appends the core's effects of the latest input, with ids, to `effects`, in order.
    private func translate(into effects: inout [Effect]) {
        for effect in core.effects {
            switch effect {
            case .event(let time, let kind): effects.append(.event(event(kind, at: time)))
            case .present(let attempt): effects.append(.present(token(attempt)))
            case .dismiss(let attempt): effects.append(.dismiss(token(attempt)))
            case .release(let entry, let outcome): effects.append(.release(entry: entry.number, outcome: outcome))
            }
        }
    }

    /// The token of an attempt the latest input named.
    func token(_ attempt: QueueCoreAttempt) -> AttemptToken<ID> {
        AttemptToken(id: id(of: attempt.ref), attempt: attempt.attempt, entry: attempt.entry)
    }

    /// The event of the latest input that the core's event names, with ids.
    func event(_ kind: QueueCoreEvent, at time: Duration) -> QueueEvent<ID> {
        QueueEvent(elapsed: time, kind: eventKind(kind))
    }

    /// The event the core's event names, with ids.
    private func eventKind(_ kind: QueueCoreEvent) -> QueueEvent<ID>.Kind {
        switch kind {
        case .enqueued(let entry): return .enqueued(id(of: entry))
        case .present(let attempt): return .present(token(attempt))
        case .presented(let attempt): return .presented(token(attempt))
        case .closed(let attempt, let reason): return .closed(token(attempt), reason: reason)
        case .failed(let attempt, let reason, let final): return .failed(token(attempt), reason: reason, final: final)
        case .declined(let attempt): return .declined(token(attempt))
        case .expired(let entry): return .expired(id(of: entry))
        case .dropped(let entry, let reason): return .dropped(id(of: entry), reason: reason)
        case .cancelled(let entry): return .cancelled(id(of: entry))
        case .ignored(let action, let namesInputID, let attempt, let reason):
            return .ignored(action, id: namesInputID ? inputID : nil, attempt: attempt, reason: reason)
        case .paused: return .paused
        case .resumed: return .resumed
        }
    }

    /// Takes a released entry out of the id index (its slot keeps the id until the next input).
    private mutating func forget(_ entry: QueueCoreEntry) {
        guard entry.number != unindexedEntry else { return }
        let id = id(of: entry)
        if var list = entriesByID.removeValue(forKey: id), list.remove(entry.number) { entriesByID[id] = list }
    }

    /// Fires every timer due at or before `time` (rule 12) and re-checks rule 2 after each: the input
    /// ``Input/advance``, with every input's checks after it.
    package mutating func advance(to time: Duration, effects: inout [Effect]) {
        apply(.advance, at: time, effects: &effects)
    }

    // MARK: - Conveniences for tests and tools

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

    package mutating func declined(_ target: CallbackTarget, at time: Duration, effects: inout [Effect]) {
        apply(.callback(.declined, target), at: time, effects: &effects)
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
}

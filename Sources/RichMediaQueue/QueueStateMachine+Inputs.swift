extension QueueStateMachine {
    /// Applies one input at `time` (rule 12: due timers first, then the input, then rule 2) and returns what
    /// it did.
    ///
    /// The machine turns the input's id questions into entry numbers (the live entries of the id it names),
    /// lets the core apply every rule, files the id of a new entry in the slot the core chose for it, and
    /// returns the core's effects with the ids added. The one way in and the one way out.
    ///
    /// - Parameters:
    ///   - input: What happened.
    ///   - time: The time since the queue started; a time before the machine's own is treated as now.
    /// - Returns: The entry an enqueue created and the effects the owner must perform, in order.
    /// - Complexity: O(log n) amortized, except `cancelAll` (O(n log n)).
    @discardableResult
    package mutating func apply(_ input: Input, at time: Duration) -> Step {
        core.emitsEvents = emitsEvents
        var inputID: ID?
        let coreInput: QueueCoreInput
        switch input {
        case .advance:
            coreInput = .advance
        case .enqueue(let id, let priority, let ttl, let attemptsUsed, let screens, let tags):
            inputID = id
            coreInput = .enqueue(
                sameID: entriesByID[id],
                QueueCoreEnqueue(
                    priority: priority, ttl: ttl, attemptsUsed: attemptsUsed, screens: screens, tags: tags))
        case .callback(let callback, let target):
            inputID = target.id
            coreInput = .callback(
                callback,
                QueueCoreTarget(
                    sameID: target.isEnded ? nil : entriesByID[target.id], attempt: target.attempt,
                    entry: target.entry))
        case .pause:
            coreInput = .pause
        case .resume:
            coreInput = .resume
        case .cancel(let id):
            inputID = id
            coreInput = .cancel(sameID: entriesByID[id])
        case .cancelAll:
            coreInput = .cancelAll
        case .setScreen(let name):
            coreInput = .screen(name)
        case .cancelTagged(let tag):
            coreInput = .cancelTagged(tag)
        case .cancelEntries(let numbers):
            coreInput = .cancelEntries(numbers)
        }
        if !emitsEvents { lastWaiting = nil }
        let step = core.apply(coreInput, at: time)
        if let new = step.enqueued, let inputID {
            if new.slot == ids.count { ids.append(inputID) } else { ids[new.slot] = inputID }
        }
        var effects: [Effect] = []
        effects.reserveCapacity(step.effects.count)
        for effect in step.effects {
            switch effect {
            case .event(let time, .waiting(let waiting)):
                // Rule 18: only a report whose id or reason differs from the last since the last present.
                let id = id(of: waiting.entry)
                if let last = lastWaiting, last.id == id, last.reason == waiting.reason { continue }
                lastWaiting = (id, waiting.reason)
                effects.append(
                    .event(
                        QueueEvent(
                            elapsed: time, kind: .waiting(id, reason: waiting.reason, until: waiting.until))))
            case .event(let time, let kind):
                effects.append(.event(QueueEvent(elapsed: time, kind: eventKind(kind, inputID: inputID))))
            case .present(let attempt):
                lastWaiting = nil
                effects.append(.present(token(attempt), slot: attempt.slot))
            case .dismiss(let attempt): effects.append(.dismiss(token(attempt), slot: attempt.slot))
            case .release(let entry, let outcome):
                effects.append(.release(entry: entry.number, slot: entry.slot, outcome: outcome))
            }
        }
        // The effects carry their ids now: forget the entries that ended, then index a new one still live.
        for case .release(let entry, _) in step.effects { forget(entry) }
        if let new = step.enqueued, core.entries[new.number] != nil, let inputID {
            if configuration.duplicates == .ignore {
                entriesByID[inputID] = IDEntries(first: new.number)
            } else {
                entriesByID[inputID, default: IDEntries(first: new.number)].appendIfNew(new.number)
            }
        }
        if checksInvariants { checkInvariants() }
        return Step(entry: step.enqueued.map { QueueEntryRef(number: $0.number, slot: $0.slot) }, effects: effects)
    }

    /// The id of an entry the latest input named.
    private func id(of entry: QueueCoreEntry) -> ID {
        guard let id = ids[entry.slot] else { preconditionFailure("no id for the entry \(entry.number)") }
        return id
    }

    /// The token of an attempt the latest input named.
    private func token(_ attempt: QueueCoreAttempt) -> AttemptToken<ID> {
        AttemptToken(id: id(of: attempt.ref), attempt: attempt.attempt, entry: attempt.entry)
    }

    /// The event the core's event names, with ids (`inputID`: the id the input named, for `ignored`).
    private func eventKind(_ kind: QueueCoreEvent, inputID: ID?) -> QueueEvent<ID>.Kind {
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
        case .screen(let name): return .screen(name)
        case .waiting(let waiting):
            return .waiting(id(of: waiting.entry), reason: waiting.reason, until: waiting.until)
        }
    }

    /// Takes an ended entry out of the id index and frees its id's slot (the core hands the slot out again
    /// from the next input on).
    private mutating func forget(_ entry: QueueCoreEntry) {
        let id = id(of: entry)
        ids[entry.slot] = nil
        guard var list = entriesByID[id], list.contains(entry.number) else { return }
        if list.remove(entry.number) { entriesByID[id] = list } else { entriesByID[id] = nil }
    }

    /// Fires every timer due at or before `time` (rule 12) and re-checks rule 2 after each: the input
    /// ``Input/advance``, with every input's checks after it.
    package mutating func advance(to time: Duration, effects: inout [Effect]) {
        apply(.advance, at: time, effects: &effects)
    }

    /// Applies one input as ``apply(_:at:)`` does and appends its effects to `effects` (for tests and tools).
    package mutating func apply(_ input: Input, at time: Duration, effects: inout [Effect]) {
        effects += apply(input, at: time).effects
    }

    // MARK: - Conveniences for tests and tools

    @discardableResult
    package mutating func enqueue(
        _ id: ID, priority: Int = 0, ttl: Duration? = nil, attemptsUsed: Int = 0, at time: Duration,
        effects: inout [Effect]
    ) -> UInt64 {
        let step = apply(.enqueue(id, priority: priority, ttl: ttl, attemptsUsed: attemptsUsed), at: time)
        effects += step.effects
        return step.entry!.number
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

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
        fireTimers(upTo: time, effects: &effects)
        var entry: UInt64?
        switch input {
        case .advance:
            break
        case .enqueue(let id, let priority, let ttl, let attemptsUsed):
            entry = enqueue(id, priority: priority, ttl: ttl, attemptsUsed: attemptsUsed, effects: &effects)
        case .callback(let callback, let target):
            handle(callback, target: target, effects: &effects)
        case .pause:
            if isPaused {
                emit(.ignored(.pause, id: nil, attempt: nil, reason: .alreadyPaused), &effects)
            } else {
                isPaused = true
                emit(.paused, &effects)
            }
        case .resume:
            if isPaused {
                isPaused = false
                endDeclineHold()
                emit(.resumed, &effects)
            } else if isHeldByDecline {
                endDeclineHold()
                emit(.resumed, &effects)
            } else {
                emit(.ignored(.resume, id: nil, attempt: nil, reason: .notPaused), &effects)
            }
        case .cancel(let id):
            cancel(id, effects: &effects)
        case .cancelAll:
            for entry in pendingEntries() {
                emit(.cancelled(ids[entry.number]!), &effects)
                remove(entry.number, outcome: .cancelled, effects: &effects)
            }
        }
        presentIfPossible(effects: &effects)
        tidy()
        if checksInvariants { checkInvariants() }
        return entry
    }

    /// Fires every timer due at or before `time` (rule 12) and re-checks rule 2 after each: the input
    /// ``Input/advance``, with every input's checks after it.
    package mutating func advance(to time: Duration, effects: inout [Effect]) {
        apply(.advance, at: time, effects: &effects)
    }

    /// Fires every timer due at or before `time` (rule 12) and re-checks rule 2 after each.
    private mutating func fireTimers(upTo time: Duration, effects: inout [Effect]) {
        while let top = timers.min, top.deadline <= time {
            _ = timers.popMin()
            guard let kind = timerKinds.removeValue(forKey: top.created) else { continue }
            if top.deadline > now { now = top.deadline }
            fire(kind, effects: &effects)
            presentIfPossible(effects: &effects)
        }
        if time > now { now = time }
        presentIfPossible(effects: &effects)
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

    // MARK: - The inputs' rules

    private mutating func enqueue(
        _ id: ID, priority: Int, ttl: Duration?, attemptsUsed: Int, effects: inout [Effect]
    ) -> UInt64 {
        let number = nextEntry
        nextEntry += 1
        // A new request ends the wait after a decline (rule 14), whatever becomes of it.
        endDeclineHold()
        emit(.enqueued(id), &effects)
        if configuration.duplicates == .ignore, entriesByID[id] != nil {
            emit(.dropped(id, reason: .duplicate), &effects)
            effects.append(.release(entry: number, outcome: .dropped(reason: .duplicate)))
            return number
        }
        if let ttl, ttl <= .zero {
            emit(.expired(id), &effects)
            effects.append(.release(entry: number, outcome: .expired))
            return number
        }
        if let capacity = configuration.capacity, pendingCount + 1 > capacity {
            let victim: UInt64?
            switch configuration.overflow {
            case .dropNewest:
                victim = nil
            case .dropOldest:
                victim = oldestPending()?.entry
            case .dropLowestPriority:
                let rank = LowPriorityRank(priority: priority, sequence: number)
                victim = lowestPending().flatMap { $0.rank < rank ? $0.entry : nil }
            }
            guard let victim, let victimID = ids[victim] else {
                emit(.dropped(id, reason: .overflow), &effects)
                effects.append(.release(entry: number, outcome: .dropped(reason: .overflow)))
                return number
            }
            emit(.dropped(victimID, reason: .overflow), &effects)
            remove(victim, outcome: .dropped(reason: .overflow), effects: &effects)
        }
        var entry = Entry(
            number: number, priority: priority, attempts: max(attemptsUsed, 0),
            ttlDeadline: ttl.map { now + $0 })
        if let deadline = entry.ttlDeadline {
            entry.ttlTimer = addTimer(at: deadline, .ttl(entry: number))
        }
        if configuration.duplicates == .ignore {
            entriesByID[id] = IDEntries(first: number)
        } else {
            entriesByID[id, default: IDEntries(first: number)].appendIfNew(number)
        }
        ids[number] = id
        addToPending(&entry)
        entries[number] = entry
        return number
    }

    private mutating func handle(_ callback: QueueCallback, target: CallbackTarget, effects: inout [Effect]) {
        let action = callback.action
        guard !target.isEnded, var current = onScreen, target.entry == nil || target.entry == current.entry,
            onScreenID == target.id
        else {
            emit(.ignored(action, id: target.id, attempt: target.attempt, reason: .notOnScreen), &effects)
            return
        }
        if let attempt = target.attempt, attempt != current.attempt {
            emit(.ignored(action, id: target.id, attempt: target.attempt, reason: .staleAttempt), &effects)
            return
        }
        switch callback {
        case .presented:
            guard !current.presented else {
                emit(.ignored(.presented, id: target.id, attempt: target.attempt, reason: .alreadyPresented), &effects)
                return
            }
            current.presented = true
            if let timer = current.timer { cancelTimer(timer) }
            current.timer = nil
            if let timeout = configuration.displayTimeout {
                current.timer = addTimer(
                    at: now + timeout, .displayTimeout(entry: current.entry, attempt: current.attempt))
            }
            onScreen = current
            emit(.presented(token(current)), &effects)
        case .closed:
            close(reason: .closed, effects: &effects)
        case .failed(let reason):
            fail(reason: reason, effects: &effects)
        case .declined:
            guard !current.presented else {
                emit(.ignored(.declined, id: target.id, attempt: target.attempt, reason: .alreadyPresented), &effects)
                return
            }
            decline(effects: &effects)
        }
    }

    private mutating func cancel(_ id: ID, effects: inout [Effect]) {
        let sameID = liveEntries(of: id)
        let pending = sameID.compactMap { entries[$0] }.filter { $0.state != .onScreen }
        guard !pending.isEmpty else {
            let reason: IgnoreReason = sameID.isEmpty ? .notPending : .onScreen
            emit(.ignored(.cancel, id: id, attempt: nil, reason: reason), &effects)
            return
        }
        for entry in pending.sorted(by: { key(of: $0) < key(of: $1) }) {
            emit(.cancelled(id), &effects)
            remove(entry.number, outcome: .cancelled, effects: &effects)
        }
    }
}

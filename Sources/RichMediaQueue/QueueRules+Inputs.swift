extension QueueRules {
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
        advance(to: time, effects: &effects)
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
                emit(.resumed, &effects)
            } else {
                emit(.ignored(.resume, id: nil, attempt: nil, reason: .notPaused), &effects)
            }
        case .cancel(let id):
            cancel(id, effects: &effects)
        case .cancelAll:
            for entry in pendingEntries() {
                emit(.cancelled(ids[entry.slot]!), &effects)
                remove(entry.slot, effects: &effects)
            }
        }
        presentIfPossible(effects: &effects)
        freeReleasedSlots()
        tidy()
        if checksInvariants { checkInvariants() }
        return entry
    }

    /// Fires every timer due at or before `time` (rule 12) and re-checks rule 2 after each.
    package mutating func advance(to time: Duration, effects: inout [Effect]) {
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

    // MARK: - The inputs' rules

    private mutating func enqueue(
        _ id: ID, priority: Int, ttl: Duration?, attemptsUsed: Int, effects: inout [Effect]
    ) -> UInt64 {
        let number = nextEntry
        nextEntry += 1
        // The entry takes `nextSlot` now, accepted or not (the owner may have put its item there).
        let slot = freeSlots.popLast() ?? slots.count
        if slot == slots.count {
            slots.append(nil)
            ids.append(nil)
        }
        emit(.enqueued(id), &effects)
        let idHash = id.hashValue
        // One lookup serves the duplicate rule and the insertion below (redone only if a victim is removed).
        var index = entriesByIDHash.index(forKey: idHash)
        if configuration.duplicates == .ignore, let index, lists(id, entriesByIDHash.values[index]) {
            emit(.dropped(id, reason: .duplicate), &effects)
            return refuse(number, slot: slot, effects: &effects)
        }
        if let ttl, ttl <= .zero {
            emit(.expired(id), &effects)
            return refuse(number, slot: slot, effects: &effects)
        }
        if let capacity = configuration.capacity, pendingCount + 1 > capacity {
            switch configuration.overflow {
            case .dropNewest:
                emit(.dropped(id, reason: .overflow), &effects)
                return refuse(number, slot: slot, effects: &effects)
            case .dropOldest:
                if let victim = oldestPending() {
                    emit(.dropped(ids[victim.slot]!, reason: .overflow), &effects)
                    remove(victim.slot, effects: &effects)
                    index = entriesByIDHash.index(forKey: idHash)
                }
            case .dropLowestPriority:
                let rank = LowPriorityRank(priority: priority, sequence: number)
                if let victim = lowestPending(), victim.rank < rank {
                    emit(.dropped(ids[victim.slot]!, reason: .overflow), &effects)
                    remove(victim.slot, effects: &effects)
                    index = entriesByIDHash.index(forKey: idHash)
                } else {
                    emit(.dropped(id, reason: .overflow), &effects)
                    return refuse(number, slot: slot, effects: &effects)
                }
            }
        }
        liveCount += 1
        var entry = Entry(
            number: number, slot: slot, idHash: idHash, priority: priority, attemptsUsed: max(attemptsUsed, 0),
            ttlDeadline: ttl.map { now + $0 }, state: .ready, stamp: 0)
        if let deadline = entry.ttlDeadline {
            entry.ttlTimer = addTimer(at: deadline, .ttl(slot: slot))
        }
        if let index {
            entriesByIDHash.values[index].append(slot)
        } else {
            entriesByIDHash[idHash] = .one(slot)
        }
        addToPending(&entry)
        slots[slot] = entry
        ids[slot] = id
        return number
    }

    /// Ends a refused enqueue: its slot is free again at once (no other entry used it in this input).
    private mutating func refuse(_ number: UInt64, slot: Int, effects: inout [Effect]) -> UInt64 {
        freeSlots.append(slot)
        effects.append(.release(entry: number, slot: slot))
        return number
    }

    private mutating func handle(_ callback: QueueCallback, target: CallbackTarget, effects: inout [Effect]) {
        let action = callback.action
        guard var current = onScreen, target.entry == nil || target.entry == current.entry,
            ids[current.slot] == target.id
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
        }
    }

    private mutating func cancel(_ id: ID, effects: inout [Effect]) {
        let sameID = liveSlots(of: id, hash: id.hashValue)
        let pending = sameID.compactMap { slots[$0] }.filter { $0.state != .onScreen }
        guard !pending.isEmpty else {
            let reason: IgnoreReason = sameID.isEmpty ? .notPending : .onScreen
            emit(.ignored(.cancel, id: id, attempt: nil, reason: reason), &effects)
            return
        }
        for entry in pending.sorted(by: { key(of: $0) < key(of: $1) }) {
            emit(.cancelled(ids[entry.slot]!), &effects)
            remove(entry.slot, effects: &effects)
        }
    }
}

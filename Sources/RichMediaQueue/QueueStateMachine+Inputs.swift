extension QueueStateMachine {
    /// Fires every timer due at or before `time` (rule 12) and re-checks rule 2 after each.
    ///
    /// - Complexity: O(k log n) for k due timers.
    package mutating func advance(to time: Duration, effects: inout [Effect]) {
        while let top = timers.min, top.rank.deadline <= time {
            _ = timers.popMin()
            guard let kind = timerKinds.removeValue(forKey: top.key) else { continue }
            if top.rank.deadline > now { now = top.rank.deadline }
            fire(kind, effects: &effects)
            presentIfPossible(effects: &effects)
        }
        if time > now { now = time }
        presentIfPossible(effects: &effects)
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
        let sequence = nextEntry
        nextEntry += 1
        emit(.enqueued(id), &effects)
        defer { presentIfPossible(effects: &effects) }

        if configuration.duplicates == .ignore, let existing = entriesByID[id], !existing.isEmpty {
            emit(.dropped(id, reason: .duplicate), &effects)
            effects.append(.release(entry: sequence))
            return sequence
        }
        if let ttl, ttl <= .zero {
            emit(.expired(id), &effects)
            effects.append(.release(entry: sequence))
            return sequence
        }
        if let capacity = configuration.capacity, pendingCount + 1 > capacity {
            switch configuration.overflow {
            case .dropNewest:
                emit(.dropped(id, reason: .overflow), &effects)
                effects.append(.release(entry: sequence))
                return sequence
            case .dropOldest:
                if let victim = oldest.min?.key, let entry = entries[victim] {
                    emit(.dropped(entry.id, reason: .overflow), &effects)
                    remove(victim, effects: &effects)
                }
            case .dropLowestPriority:
                let incoming = LowPriorityRank(priority: priority, sequence: sequence)
                if let victim = lowest.min, victim.rank < incoming, let entry = entries[victim.key] {
                    emit(.dropped(entry.id, reason: .overflow), &effects)
                    remove(victim.key, effects: &effects)
                } else {
                    emit(.dropped(id, reason: .overflow), &effects)
                    effects.append(.release(entry: sequence))
                    return sequence
                }
            }
        }

        var entry = Entry(
            id: id, sequence: sequence, priority: priority, attemptsUsed: max(attemptsUsed, 0),
            ttlDeadline: ttl.map { now + $0 }, state: .ready)
        if let deadline = entry.ttlDeadline {
            entry.ttlTimer = addTimer(at: deadline, .ttl(entry: sequence))
        }
        entries[sequence] = entry
        entriesByID[id, default: []].append(sequence)
        addToPending(entry)
        return sequence
    }

    /// Handles a `presented` callback (rule 4).
    ///
    /// - Complexity: O(log n).
    package mutating func presented(_ target: CallbackTarget, at time: Duration, effects: inout [Effect]) {
        advance(to: time, effects: &effects)
        defer { presentIfPossible(effects: &effects) }
        guard var current = resolve(target, action: .presented, effects: &effects) else { return }
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
        emit(.presented(token(for: current)), &effects)
    }

    /// Handles a `closed` callback (rule 4): the attempt on screen ends as closed.
    ///
    /// - Complexity: O(log n).
    package mutating func closed(_ target: CallbackTarget, at time: Duration, effects: inout [Effect]) {
        advance(to: time, effects: &effects)
        defer { presentIfPossible(effects: &effects) }
        guard resolve(target, action: .closed, effects: &effects) != nil else { return }
        close(reason: .closed, effects: &effects)
    }

    /// Handles a `failed` callback (rules 4 and 5).
    ///
    /// - Complexity: O(log n).
    package mutating func failed(
        _ target: CallbackTarget, reason: String?, at time: Duration, effects: inout [Effect]
    ) {
        advance(to: time, effects: &effects)
        defer { presentIfPossible(effects: &effects) }
        guard resolve(target, action: .failed, effects: &effects) != nil else { return }
        fail(reason: reason, effects: &effects)
    }

    /// Pauses presenting (rule 10).
    package mutating func pause(at time: Duration, effects: inout [Effect]) {
        advance(to: time, effects: &effects)
        if isPaused {
            emit(.ignored(.pause, id: nil, attempt: nil, reason: .alreadyPaused), &effects)
        } else {
            isPaused = true
            emit(.paused, &effects)
        }
    }

    /// Resumes presenting and presents at once if rules 2 and 3 allow (rule 10).
    package mutating func resume(at time: Duration, effects: inout [Effect]) {
        advance(to: time, effects: &effects)
        if isPaused {
            isPaused = false
            emit(.resumed, &effects)
            presentIfPossible(effects: &effects)
        } else {
            emit(.ignored(.resume, id: nil, attempt: nil, reason: .notPaused), &effects)
        }
    }

    /// Cancels every pending entry with this id, in queue order (rule 11).
    ///
    /// - Complexity: O(k log n) for k entries sharing the id.
    package mutating func cancel(_ id: ID, at time: Duration, effects: inout [Effect]) {
        advance(to: time, effects: &effects)
        defer { presentIfPossible(effects: &effects) }
        let all = entriesByID[id] ?? []
        let pending = all.compactMap { entries[$0] }.filter { $0.state != .onScreen }
        guard !pending.isEmpty else {
            emit(.ignored(.cancel, id: id, attempt: nil, reason: all.isEmpty ? .notPending : .onScreen), &effects)
            return
        }
        for entry in pending.sorted(by: { rank(of: $0) < rank(of: $1) }) {
            emit(.cancelled(entry.id), &effects)
            remove(entry.sequence, effects: &effects)
        }
    }

    /// Cancels every pending entry, in queue order (rule 11).
    ///
    /// - Complexity: O(n log n).
    package mutating func cancelAll(at time: Duration, effects: inout [Effect]) {
        advance(to: time, effects: &effects)
        defer { presentIfPossible(effects: &effects) }
        for entry in pendingInQueueOrder {
            emit(.cancelled(entry.id), &effects)
            remove(entry.entry, effects: &effects)
        }
    }
}

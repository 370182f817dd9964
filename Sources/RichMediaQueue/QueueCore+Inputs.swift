extension QueueCore {
    /// Fires every timer due at or before `time` (rule 12) and re-checks rule 2 after each.
    ///
    /// - Complexity: O(k log n) for k due timers.
    mutating func advance(to time: Duration, effects: inout [Effect]) {
        while let top = timers.min, top.rank.deadline <= time {
            _ = timers.popMin()
            guard let kind = timerKinds[top.key] else { continue }
            timerKinds[top.key] = nil
            freeTimerSlots.append(top.key)
            if top.rank.deadline > now { now = top.rank.deadline }
            fire(kind, effects: &effects)
            presentIfPossible(effects: &effects)
        }
        if time > now { now = time }
        presentIfPossible(effects: &effects)
    }

    /// Enqueues an entry whose item the owner keeps in `slot` (rules 7, 8 and 9) and returns its entry
    /// number.
    ///
    /// `isDuplicate` says whether the id is already pending or on screen after timers due at `time` fired;
    /// the entry is dropped as a duplicate only when duplicates are ignored. A `ttl` of zero or less expires
    /// the entry at once. `attemptsUsed` lets a restored entry keep the attempts it already used.
    ///
    /// - Complexity: O(log n).
    @discardableResult
    mutating func enqueue(
        slot: Int, isDuplicate: Bool, priority: Int = 0, ttl: Duration? = nil, attemptsUsed: Int = 0,
        at time: Duration, effects: inout [Effect]
    ) -> UInt64 {
        advance(to: time, effects: &effects)
        let sequence = nextEntry
        nextEntry += 1
        let incoming = Ref(entry: sequence, slot: slot)
        emit(.enqueued(incoming), &effects)
        defer { presentIfPossible(effects: &effects) }

        if configuration.duplicates == .ignore, isDuplicate {
            emit(.dropped(incoming, reason: .duplicate), &effects)
            effects.append(.release(incoming))
            return sequence
        }
        if let ttl, ttl <= .zero {
            emit(.expired(incoming), &effects)
            effects.append(.release(incoming))
            return sequence
        }
        if let capacity = configuration.capacity, pendingCount + 1 > capacity {
            switch configuration.overflow {
            case .dropNewest:
                emit(.dropped(incoming, reason: .overflow), &effects)
                effects.append(.release(incoming))
                return sequence
            case .dropOldest:
                if let victim = oldest.min?.key, let entry = entries[victim] {
                    emit(.dropped(entry.ref, reason: .overflow), &effects)
                    remove(entry.ref, effects: &effects)
                }
            case .dropLowestPriority:
                let rank = LowPriorityRank(priority: priority, sequence: sequence)
                if let victim = lowest.min, victim.rank < rank, let entry = entries[victim.key] {
                    emit(.dropped(entry.ref, reason: .overflow), &effects)
                    remove(entry.ref, effects: &effects)
                } else {
                    emit(.dropped(incoming, reason: .overflow), &effects)
                    effects.append(.release(incoming))
                    return sequence
                }
            }
        }

        var entry = Entry(
            sequence: sequence, slot: slot, priority: priority, attemptsUsed: max(attemptsUsed, 0),
            ttlDeadline: ttl.map { now + $0 }, state: .ready)
        if let deadline = entry.ttlDeadline {
            entry.ttlTimer = addTimer(at: deadline, .ttl(incoming))
        }
        insertEntry(entry)
        addToPending(entry)
        return sequence
    }

    /// Handles a `presented` callback (rule 4).
    ///
    /// - Complexity: O(log n).
    mutating func presented(_ target: Target, at time: Duration, effects: inout [Effect]) {
        advance(to: time, effects: &effects)
        defer { presentIfPossible(effects: &effects) }
        guard var current = resolve(target, action: .presented, effects: &effects) else { return }
        guard !current.presented else {
            emit(.ignored(.presented, attempt: target.attempt, reason: .alreadyPresented), &effects)
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
        emit(.presented(current.ref, attempt: current.attempt), &effects)
    }

    /// Handles a `closed` callback (rule 4): the attempt on screen ends as closed.
    ///
    /// - Complexity: O(log n).
    mutating func closed(_ target: Target, at time: Duration, effects: inout [Effect]) {
        advance(to: time, effects: &effects)
        defer { presentIfPossible(effects: &effects) }
        guard resolve(target, action: .closed, effects: &effects) != nil else { return }
        close(reason: .closed, effects: &effects)
    }

    /// Handles a `failed` callback (rules 4 and 5).
    ///
    /// - Complexity: O(log n).
    mutating func failed(_ target: Target, reason: String?, at time: Duration, effects: inout [Effect]) {
        advance(to: time, effects: &effects)
        defer { presentIfPossible(effects: &effects) }
        guard resolve(target, action: .failed, effects: &effects) != nil else { return }
        fail(reason: reason, effects: &effects)
    }

    /// Pauses presenting (rule 10).
    mutating func pause(at time: Duration, effects: inout [Effect]) {
        advance(to: time, effects: &effects)
        if isPaused {
            emit(.ignored(.pause, attempt: nil, reason: .alreadyPaused), &effects)
        } else {
            isPaused = true
            emit(.paused, &effects)
        }
    }

    /// Resumes presenting and presents at once if rules 2 and 3 allow (rule 10).
    mutating func resume(at time: Duration, effects: inout [Effect]) {
        advance(to: time, effects: &effects)
        if isPaused {
            isPaused = false
            emit(.resumed, &effects)
            presentIfPossible(effects: &effects)
        } else {
            emit(.ignored(.resume, attempt: nil, reason: .notPaused), &effects)
        }
    }

    /// Cancels the pending entries among `sameID`, the live entries of one id, in queue order (rule 11).
    ///
    /// The owner finds `sameID` after timers due at `time` fired.
    ///
    /// - Complexity: O(k log n) for k entries sharing the id.
    mutating func cancel(sameID: [Ref], at time: Duration, effects: inout [Effect]) {
        advance(to: time, effects: &effects)
        defer { presentIfPossible(effects: &effects) }
        let pending = sameID.compactMap { entry($0) }.filter { $0.state != .onScreen }
        guard !pending.isEmpty else {
            emit(.ignored(.cancel, attempt: nil, reason: sameID.isEmpty ? .notPending : .onScreen), &effects)
            return
        }
        for entry in pending.sorted(by: { rank(of: $0) < rank(of: $1) }) {
            emit(.cancelled(entry.ref), &effects)
            remove(entry.ref, effects: &effects)
        }
    }

    /// Cancels every pending entry, in queue order (rule 11).
    ///
    /// - Complexity: O(n log n).
    mutating func cancelAll(at time: Duration, effects: inout [Effect]) {
        advance(to: time, effects: &effects)
        defer { presentIfPossible(effects: &effects) }
        for entry in pendingInQueueOrder {
            emit(.cancelled(entry.ref), &effects)
            remove(entry.ref, effects: &effects)
        }
    }
}

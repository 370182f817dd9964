extension QueueCore {
    func emit(_ event: Event, _ effects: inout [Effect]) {
        effects.append(.event(event, elapsed: now))
    }

    /// Matches a callback against the attempt on screen (rule 4); reports `ignored` when it does not match.
    mutating func resolve(_ target: Target, action: IgnoredAction, effects: inout [Effect]) -> OnScreen? {
        guard let current = onScreen, target.namesOnScreenID, target.entry == nil || target.entry == current.entry
        else {
            emit(.ignored(action, attempt: target.attempt, reason: .notOnScreen), &effects)
            return nil
        }
        if let attempt = target.attempt, attempt != current.attempt {
            emit(.ignored(action, attempt: target.attempt, reason: .staleAttempt), &effects)
            return nil
        }
        return current
    }

    /// Presents the best eligible pending entry if nothing is on screen, the queue runs and the minimum
    /// interval has passed (rule 2).
    mutating func presentIfPossible(effects: inout [Effect]) {
        guard !isPaused, onScreen == nil else { return }
        if let last = lastClosedAt, now < last + configuration.minInterval { return }
        guard let best = ready.popMin(), var entry = entries[best.key] else { return }
        oldest.remove(best.key)
        lowest.remove(best.key)
        entry.attemptsUsed += 1
        entry.state = .onScreen
        entries[best.key] = entry
        var current = OnScreen(
            entry: entry.sequence, slot: entry.slot, attempt: entry.attemptsUsed, presented: false, timer: nil)
        if let timeout = configuration.presentTimeout {
            current.timer = addTimer(
                at: now + timeout, .presentTimeout(entry: entry.sequence, attempt: current.attempt))
        }
        onScreen = current
        emit(.present(current.ref, attempt: current.attempt), &effects)
        effects.append(.present(current.ref, attempt: current.attempt))
    }

    /// Ends the attempt on screen as closed and starts the minimum interval.
    mutating func close(reason: CloseReason, effects: inout [Effect]) {
        guard let current = onScreen else { return }
        onScreen = nil
        if let timer = current.timer { cancelTimer(timer) }
        emit(.closed(current.ref, attempt: current.attempt, reason: reason), &effects)
        if reason == .timeout { effects.append(.dismiss(current.ref, attempt: current.attempt)) }
        remove(current.ref, effects: &effects)
        lastClosedAt = now
        if let timer = intervalTimer { cancelTimer(timer) }
        intervalTimer = nil
        if configuration.minInterval > .zero {
            intervalTimer = addTimer(at: now + configuration.minInterval, .intervalElapsed)
        }
    }

    /// Ends the attempt on screen as failed: back to pending for a retry, or a final failure (rule 5).
    mutating func fail(reason: String?, effects: inout [Effect]) {
        guard let current = onScreen, var entry = entry(current.ref) else { return }
        onScreen = nil
        if let timer = current.timer { cancelTimer(timer) }
        let final = entry.attemptsUsed >= configuration.maxAttempts
        emit(.failed(current.ref, attempt: current.attempt, reason: reason, final: final), &effects)
        if final {
            remove(current.ref, effects: &effects)
            return
        }
        if let deadline = entry.ttlDeadline, deadline <= now {
            emit(.expired(entry.ref), &effects)
            remove(current.ref, effects: &effects)
            return
        }
        if configuration.retryDelay > .zero {
            entry.state = .waitingRetry
            entry.retryAt = now + configuration.retryDelay
            entry.retryTimer = addTimer(at: now + configuration.retryDelay, .retry(entry.ref))
        } else {
            entry.state = .ready
        }
        entries[entry.slot] = entry
        addToPending(entry)
    }

    mutating func fire(_ kind: TimerKind, effects: inout [Effect]) {
        switch kind {
        case .ttl(let ref):
            guard var entry = entry(ref) else { return }
            entry.ttlTimer = nil
            entries[ref.slot] = entry
            // An item on screen never expires; if it comes back for a retry it expires then.
            guard entry.state != .onScreen else { return }
            emit(.expired(entry.ref), &effects)
            remove(ref, effects: &effects)
        case .retry(let ref):
            guard var entry = entry(ref), entry.state == .waitingRetry else { return }
            entry.retryTimer = nil
            entry.retryAt = nil
            entry.state = .ready
            entries[ref.slot] = entry
            ready.insert(ref.slot, rank: rank(of: entry))
        case .presentTimeout(let key, let attempt):
            guard let current = onScreen, current.entry == key, current.attempt == attempt else { return }
            onScreen?.timer = nil
            // Dismiss before failing: a final failure releases the entry, and the presenter must still be asked
            // to remove an attempt that may show up late (else it could be on screen with the next item).
            effects.append(.dismiss(current.ref, attempt: current.attempt))
            fail(reason: "timeout", effects: &effects)
        case .displayTimeout(let key, let attempt):
            guard let current = onScreen, current.entry == key, current.attempt == attempt else { return }
            onScreen?.timer = nil
            close(reason: .timeout, effects: &effects)
        case .intervalElapsed:
            intervalTimer = nil
        }
    }

    /// Puts an entry into the pending structures (its state says whether it is eligible now).
    mutating func addToPending(_ entry: Entry) {
        if entry.state == .ready { ready.insert(entry.slot, rank: rank(of: entry)) }
        switch configuration.overflow {
        case .dropNewest: break
        case .dropOldest: oldest.insert(entry.slot, rank: entry.sequence)
        case .dropLowestPriority:
            lowest.insert(entry.slot, rank: LowPriorityRank(priority: entry.priority, sequence: entry.sequence))
        }
    }

    /// Stores a new live entry in its slot.
    mutating func insertEntry(_ entry: Entry) {
        precondition(entry.slot >= 0, "negative slot")
        if entry.slot >= entries.count {
            entries.append(contentsOf: repeatElement(nil, count: max(entry.slot + 1 - entries.count, entries.count)))
        }
        precondition(entries[entry.slot] == nil, "slot already holds a live entry")
        entries[entry.slot] = entry
        liveCount += 1
    }

    /// Forgets an entry entirely (after its terminal event).
    mutating func remove(_ ref: Ref, effects: inout [Effect]) {
        guard let entry = entry(ref) else { return }
        entries[ref.slot] = nil
        liveCount -= 1
        ready.remove(ref.slot)
        oldest.remove(ref.slot)
        lowest.remove(ref.slot)
        if let timer = entry.ttlTimer { cancelTimer(timer) }
        if let timer = entry.retryTimer { cancelTimer(timer) }
        effects.append(.release(entry.ref))
    }

    mutating func addTimer(at deadline: Duration, _ kind: TimerKind) -> TimerHandle {
        let created = nextTimer
        nextTimer += 1
        let slot: Int
        if let free = freeTimerSlots.popLast() {
            slot = free
            timerKinds[slot] = kind
            timerCreated[slot] = created
        } else {
            slot = timerKinds.count
            timerKinds.append(kind)
            timerCreated.append(created)
        }
        timers.insert(slot, rank: TimerRank(deadline: deadline, created: created))
        return TimerHandle(slot: slot, created: created)
    }

    /// Cancels a timer unless it already fired (its slot may hold a later timer by now).
    mutating func cancelTimer(_ handle: TimerHandle) {
        guard timerKinds[handle.slot] != nil, timerCreated[handle.slot] == handle.created else { return }
        timers.remove(handle.slot)
        timerKinds[handle.slot] = nil
        freeTimerSlots.append(handle.slot)
    }
}

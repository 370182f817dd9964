extension QueueStateMachine {
    func token(for current: OnScreen) -> AttemptToken<ID> {
        AttemptToken(id: entries[current.entry]!.id, attempt: current.attempt, entry: current.entry)
    }

    func emit(_ kind: QueueEvent<ID>.Kind, _ effects: inout [Effect]) {
        effects.append(.event(QueueEvent(elapsed: now, kind: kind)))
    }

    /// Matches a callback against the attempt on screen (rule 4); reports `ignored` when it does not match.
    mutating func resolve(_ target: CallbackTarget, action: IgnoredAction, effects: inout [Effect]) -> OnScreen? {
        guard let current = onScreen, let entry = entries[current.entry], entry.id == target.id,
            target.entry == nil || target.entry == current.entry
        else {
            emit(.ignored(action, id: target.id, attempt: target.attempt, reason: .notOnScreen), &effects)
            return nil
        }
        if let attempt = target.attempt, attempt != current.attempt {
            emit(.ignored(action, id: target.id, attempt: target.attempt, reason: .staleAttempt), &effects)
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
        var current = OnScreen(entry: best.key, attempt: entry.attemptsUsed, presented: false, timer: nil)
        if let timeout = configuration.presentTimeout {
            current.timer = addTimer(at: now + timeout, .presentTimeout(entry: best.key, attempt: current.attempt))
        }
        onScreen = current
        let token = token(for: current)
        emit(.present(token), &effects)
        effects.append(.present(token))
    }

    /// Ends the attempt on screen as closed and starts the minimum interval.
    mutating func close(reason: CloseReason, effects: inout [Effect]) {
        guard let current = onScreen else { return }
        let token = token(for: current)
        onScreen = nil
        if let timer = current.timer { cancelTimer(timer) }
        emit(.closed(token, reason: reason), &effects)
        if reason == .timeout { effects.append(.dismiss(token)) }
        remove(current.entry, effects: &effects)
        lastClosedAt = now
        if let timer = intervalTimer { cancelTimer(timer) }
        intervalTimer = nil
        if configuration.minInterval > .zero {
            intervalTimer = addTimer(at: now + configuration.minInterval, .intervalElapsed)
        }
    }

    /// Ends the attempt on screen as failed: back to pending for a retry, or a final failure (rule 5).
    mutating func fail(reason: String?, effects: inout [Effect]) {
        guard let current = onScreen, var entry = entries[current.entry] else { return }
        let token = token(for: current)
        onScreen = nil
        if let timer = current.timer { cancelTimer(timer) }
        let final = entry.attemptsUsed >= configuration.maxAttempts
        emit(.failed(token, reason: reason, final: final), &effects)
        if final {
            remove(current.entry, effects: &effects)
            return
        }
        if let deadline = entry.ttlDeadline, deadline <= now {
            emit(.expired(entry.id), &effects)
            remove(current.entry, effects: &effects)
            return
        }
        if configuration.retryDelay > .zero {
            entry.state = .waitingRetry
            entry.retryAt = now + configuration.retryDelay
            entry.retryTimer = addTimer(at: now + configuration.retryDelay, .retry(entry: entry.sequence))
        } else {
            entry.state = .ready
        }
        entries[current.entry] = entry
        addToPending(entry)
    }

    mutating func fire(_ kind: TimerKind, effects: inout [Effect]) {
        switch kind {
        case .ttl(let key):
            guard var entry = entries[key] else { return }
            entry.ttlTimer = nil
            entries[key] = entry
            // An item on screen never expires; if it comes back for a retry it expires then.
            guard entry.state != .onScreen else { return }
            emit(.expired(entry.id), &effects)
            remove(key, effects: &effects)
        case .retry(let key):
            guard var entry = entries[key], entry.state == .waitingRetry else { return }
            entry.retryTimer = nil
            entry.retryAt = nil
            entry.state = .ready
            entries[key] = entry
            ready.insert(key, rank: rank(of: entry))
        case .presentTimeout(let key, let attempt):
            guard let current = onScreen, current.entry == key, current.attempt == attempt else { return }
            onScreen?.timer = nil
            let token = token(for: current)
            fail(reason: "timeout", effects: &effects)
            effects.append(.dismiss(token))
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
        if entry.state == .ready { ready.insert(entry.sequence, rank: rank(of: entry)) }
        switch configuration.overflow {
        case .dropNewest: break
        case .dropOldest: oldest.insert(entry.sequence, rank: entry.sequence)
        case .dropLowestPriority:
            lowest.insert(entry.sequence, rank: LowPriorityRank(priority: entry.priority, sequence: entry.sequence))
        }
    }

    /// Forgets an entry entirely (after its terminal event).
    mutating func remove(_ key: UInt64, effects: inout [Effect]) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        if var list = entriesByID[entry.id] {
            if let index = list.firstIndex(of: key) { list.remove(at: index) }
            entriesByID[entry.id] = list.isEmpty ? nil : list
        }
        ready.remove(key)
        oldest.remove(key)
        lowest.remove(key)
        if let timer = entry.ttlTimer { cancelTimer(timer) }
        if let timer = entry.retryTimer { cancelTimer(timer) }
        effects.append(.release(entry: key))
    }

    mutating func addTimer(at deadline: Duration, _ kind: TimerKind) -> UInt64 {
        let key = nextTimer
        nextTimer += 1
        timers.insert(key, rank: TimerRank(deadline: deadline, created: key))
        timerKinds[key] = kind
        return key
    }

    mutating func cancelTimer(_ key: UInt64) {
        timers.remove(key)
        timerKinds[key] = nil
    }
}

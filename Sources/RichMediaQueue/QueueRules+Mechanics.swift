extension QueueRules {
    func emit(_ kind: @autoclosure () -> QueueEvent<ID>.Kind, _ effects: inout [Effect]) {
        guard emitsEvents else { return }
        effects.append(.event(QueueEvent(elapsed: now, kind: kind())))
    }

    func token(_ current: OnScreen) -> AttemptToken<ID> {
        AttemptToken(id: entries[current.entry]!.id, attempt: current.attempt, entry: current.entry)
    }

    /// Whether a heap element still names a pending entry in the stay it was inserted for.
    func isPending<Rank>(_ node: PendingNode<Rank>) -> Bool {
        Self.isPending(node, in: entries)
    }

    static func isPending<Rank>(_ node: PendingNode<Rank>, in entries: [UInt64: Entry]) -> Bool {
        guard let entry = entries[node.entry] else { return false }
        return entry.stamp == node.stamp && entry.state != .onScreen
    }

    /// Whether a heap element still names an entry eligible now.
    func isReady(_ node: PendingNode<PendingRank>) -> Bool {
        Self.isReady(node, in: entries)
    }

    static func isReady(_ node: PendingNode<PendingRank>, in entries: [UInt64: Entry]) -> Bool {
        guard let entry = entries[node.entry] else { return false }
        return entry.stamp == node.stamp && entry.state == .ready
    }

    /// The earliest-enqueued pending entry (for `drop-oldest`), dropping stale heap elements from the top.
    mutating func oldestPending() -> PendingNode<UInt64>? {
        while let top = oldest.min, !isPending(top) { _ = oldest.popMin() }
        return oldest.min
    }

    /// The overflow victim for `drop-lowest-priority`, dropping stale heap elements from the top.
    mutating func lowestPending() -> PendingNode<LowPriorityRank>? {
        while let top = lowest.min, !isPending(top) { _ = lowest.popMin() }
        return lowest.min
    }

    /// Presents the best eligible pending entry if nothing is on screen, the queue runs and the minimum
    /// interval has passed (rule 2).
    mutating func presentIfPossible(effects: inout [Effect]) {
        guard !isPaused, onScreen == nil else { return }
        if let last = lastClosedAt, now < last + configuration.minInterval { return }
        var best: PendingNode<PendingRank>?
        while let top = ready.popMin() {
            if isReady(top) {
                best = top
                break
            }
        }
        guard let best, var entry = entries[best.entry] else { return }
        entry.attemptsUsed += 1
        entry.state = .onScreen
        entries[best.entry] = entry
        var current = OnScreen(entry: entry.number, attempt: entry.attemptsUsed, presented: false, timer: nil)
        if let timeout = configuration.presentTimeout {
            current.timer = addTimer(at: now + timeout, .presentTimeout(entry: entry.number, attempt: current.attempt))
        }
        onScreen = current
        let token = AttemptToken(id: entry.id, attempt: current.attempt, entry: entry.number)
        emit(.present(token), &effects)
        effects.append(.present(token))
    }

    /// Ends the attempt on screen as closed and starts the minimum interval.
    mutating func close(reason: CloseReason, effects: inout [Effect]) {
        guard let current = onScreen else { return }
        let token = token(current)
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
        onScreen = nil
        if let timer = current.timer { cancelTimer(timer) }
        let final = entry.attemptsUsed >= configuration.maxAttempts
        emit(
            .failed(
                AttemptToken(id: entry.id, attempt: current.attempt, entry: entry.number), reason: reason, final: final),
            &effects)
        if final {
            remove(entry.number, effects: &effects)
            return
        }
        if let deadline = entry.ttlDeadline, deadline <= now {
            emit(.expired(entry.id), &effects)
            remove(entry.number, effects: &effects)
            return
        }
        if configuration.retryDelay > .zero {
            entry.state = .waitingRetry
            entry.retryAt = now + configuration.retryDelay
            entry.retryTimer = addTimer(at: now + configuration.retryDelay, .retry(entry: entry.number))
        } else {
            entry.state = .ready
        }
        addToPending(&entry)
        entries[entry.number] = entry
    }

    mutating func fire(_ kind: TimerKind, effects: inout [Effect]) {
        switch kind {
        case .ttl(let number):
            guard var entry = entries[number] else { return }
            entry.ttlTimer = nil
            entries[number] = entry
            // An item on screen never expires; if it comes back for a retry it expires then.
            guard entry.state != .onScreen else { return }
            emit(.expired(entry.id), &effects)
            remove(number, effects: &effects)
        case .retry(let number):
            guard var entry = entries[number], entry.state == .waitingRetry else { return }
            entry.retryTimer = nil
            entry.retryAt = nil
            entry.state = .ready
            entries[number] = entry
            ready.insert(PendingNode(rank: rank(of: entry), entry: number, stamp: entry.stamp))
        case .presentTimeout(let number, let attempt):
            guard var current = onScreen, current.entry == number, current.attempt == attempt else { return }
            current.timer = nil
            onScreen = current
            // Dismiss before failing: the presenter must still be asked to remove an attempt that may show up
            // late (else it could be on screen with the next item).
            effects.append(.dismiss(token(current)))
            fail(reason: "timeout", effects: &effects)
        case .displayTimeout(let number, let attempt):
            guard var current = onScreen, current.entry == number, current.attempt == attempt else { return }
            current.timer = nil
            onScreen = current
            close(reason: .timeout, effects: &effects)
        case .intervalElapsed:
            intervalTimer = nil
        }
    }

    /// Gives an entry entering pending a new stamp and puts it into the pending heaps (its state says
    /// whether it is eligible now).
    mutating func addToPending(_ entry: inout Entry) {
        entry.stamp = nextStamp
        nextStamp += 1
        if entry.state == .ready {
            ready.insert(PendingNode(rank: rank(of: entry), entry: entry.number, stamp: entry.stamp))
        }
        switch configuration.overflow {
        case .dropNewest: break
        case .dropOldest: oldest.insert(PendingNode(rank: entry.number, entry: entry.number, stamp: entry.stamp))
        case .dropLowestPriority:
            lowest.insert(
                PendingNode(
                    rank: LowPriorityRank(priority: entry.priority, sequence: entry.number), entry: entry.number,
                    stamp: entry.stamp))
        }
    }

    /// Forgets an entry entirely (after its terminal event); its heap elements become stale.
    mutating func remove(_ number: UInt64, effects: inout [Effect]) {
        guard let entry = entries.removeValue(forKey: number) else { return }
        switch entriesByID[entry.id] {
        case .many(var list):
            entriesByID[entry.id] = nil
            list.removeAll { $0 == number }
            entriesByID[entry.id] = list.count == 1 ? .one(list[0]) : .many(list)
        case .one, nil:
            entriesByID[entry.id] = nil
        }
        if let timer = entry.ttlTimer { cancelTimer(timer) }
        if let timer = entry.retryTimer { cancelTimer(timer) }
        effects.append(.release(entry: number))
    }

    mutating func addTimer(at deadline: Duration, _ kind: TimerKind) -> UInt64 {
        let created = nextTimer
        nextTimer += 1
        timerKinds[created] = kind
        timers.insert(TimerRank(deadline: deadline, created: created))
        return created
    }

    /// Cancels a timer unless it already fired; its heap element becomes stale.
    mutating func cancelTimer(_ created: UInt64) {
        timerKinds[created] = nil
    }

    /// Drops stale elements from the top of the timer heap (so ``nextDeadline`` is live) and compacts
    /// heaps whose stale elements outnumber the live ones.
    mutating func tidy() {
        while let top = timers.min, timerKinds[top.created] == nil { _ = timers.popMin() }
        if timers.count > 2 * timerKinds.count + 32 {
            let kinds = timerKinds
            timers.compact { kinds[$0.created] != nil }
        }
        let pending = pendingCount
        let entries = self.entries
        if ready.count > 2 * pending + 32 { ready.compact { Self.isReady($0, in: entries) } }
        if oldest.count > 2 * pending + 32 { oldest.compact { Self.isPending($0, in: entries) } }
        if lowest.count > 2 * pending + 32 { lowest.compact { Self.isPending($0, in: entries) } }
    }
}

extension QueueRules {
    func emit(_ kind: @autoclosure () -> QueueEvent<ID>.Kind, _ effects: inout [Effect]) {
        guard emitsEvents else { return }
        effects.append(.event(QueueEvent(elapsed: now, kind: kind())))
    }

    func token(_ current: OnScreen) -> AttemptToken<ID> {
        AttemptToken(id: ids[current.slot]!, attempt: current.attempt, entry: current.entry)
    }

    /// Whether a heap element still names a pending entry in the stay it was inserted for.
    func isPending<Rank>(_ node: PendingNode<Rank>) -> Bool {
        Self.isPending(node, in: slots)
    }

    static func isPending<Rank>(_ node: PendingNode<Rank>, in slots: [Entry?]) -> Bool {
        guard let entry = slots[node.slot] else { return false }
        return entry.stamp == node.stamp && entry.state != .onScreen
    }

    /// Whether a heap element still names an entry eligible now.
    func isReady(_ node: PendingNode<PendingKey>) -> Bool {
        Self.isReady(node, in: slots)
    }

    static func isReady(_ node: PendingNode<PendingKey>, in slots: [Entry?]) -> Bool {
        guard let entry = slots[node.slot] else { return false }
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
        var best: PendingNode<PendingKey>?
        while let top = ready.popMin() {
            if isReady(top) {
                best = top
                break
            }
        }
        guard let best, var entry = slots[best.slot] else { return }
        entry.attemptsUsed += 1
        entry.state = .onScreen
        slots[best.slot] = entry
        var current = OnScreen(
            slot: best.slot, entry: entry.number, attempt: entry.attemptsUsed, presented: false, timer: nil)
        if let timeout = configuration.presentTimeout {
            current.timer = addTimer(at: now + timeout, .presentTimeout(entry: entry.number, attempt: current.attempt))
        }
        onScreen = current
        let token = AttemptToken(id: ids[best.slot]!, attempt: current.attempt, entry: entry.number)
        emit(.present(token), &effects)
        effects.append(.present(token, slot: best.slot))
    }

    /// Ends the attempt on screen as closed and starts the minimum interval.
    mutating func close(reason: CloseReason, effects: inout [Effect]) {
        guard let current = onScreen else { return }
        let token = token(current)
        onScreen = nil
        if let timer = current.timer { cancelTimer(timer) }
        emit(.closed(token, reason: reason), &effects)
        if reason == .timeout { effects.append(.dismiss(token, slot: current.slot)) }
        remove(current.slot, effects: &effects)
        lastClosedAt = now
        if let timer = intervalTimer { cancelTimer(timer) }
        intervalTimer = nil
        if configuration.minInterval > .zero {
            intervalTimer = addTimer(at: now + configuration.minInterval, .intervalElapsed)
        }
    }

    /// Ends the attempt on screen as failed: back to pending for a retry, or a final failure (rule 5).
    mutating func fail(reason: String?, effects: inout [Effect]) {
        guard let current = onScreen, var entry = slots[current.slot] else { return }
        onScreen = nil
        if let timer = current.timer { cancelTimer(timer) }
        let final = entry.attemptsUsed >= configuration.maxAttempts
        emit(.failed(token(current), reason: reason, final: final), &effects)
        if final {
            remove(entry.slot, effects: &effects)
            return
        }
        if let deadline = entry.ttlDeadline, deadline <= now {
            emit(.expired(ids[entry.slot]!), &effects)
            remove(entry.slot, effects: &effects)
            return
        }
        if configuration.retryDelay > .zero {
            entry.state = .waitingRetry
            entry.retryAt = now + configuration.retryDelay
            entry.retryTimer = addTimer(at: now + configuration.retryDelay, .retry(slot: entry.slot))
        } else {
            entry.state = .ready
        }
        addToPending(&entry)
        slots[entry.slot] = entry
    }

    mutating func fire(_ kind: TimerKind, effects: inout [Effect]) {
        switch kind {
        case .ttl(let slot):
            guard var entry = slots[slot] else { return }
            entry.ttlTimer = nil
            slots[slot] = entry
            // An item on screen never expires; if it comes back for a retry it expires then.
            guard entry.state != .onScreen else { return }
            emit(.expired(ids[slot]!), &effects)
            remove(slot, effects: &effects)
        case .retry(let slot):
            guard var entry = slots[slot], entry.state == .waitingRetry else { return }
            entry.retryTimer = nil
            entry.retryAt = nil
            entry.state = .ready
            slots[slot] = entry
            ready.insert(PendingNode(rank: key(of: entry), slot: slot, stamp: entry.stamp))
        case .presentTimeout(let number, let attempt):
            guard var current = onScreen, current.entry == number, current.attempt == attempt else { return }
            current.timer = nil
            onScreen = current
            // Dismiss before failing: the presenter must still be asked to remove an attempt that may show up
            // late (else it could be on screen with the next item).
            effects.append(.dismiss(token(current), slot: current.slot))
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
            ready.insert(PendingNode(rank: key(of: entry), slot: entry.slot, stamp: entry.stamp))
        }
        switch configuration.overflow {
        case .dropNewest: break
        case .dropOldest: oldest.insert(PendingNode(rank: entry.number, slot: entry.slot, stamp: entry.stamp))
        case .dropLowestPriority:
            lowest.insert(
                PendingNode(
                    rank: LowPriorityRank(priority: entry.priority, sequence: entry.number), slot: entry.slot,
                    stamp: entry.stamp))
        }
    }

    /// Forgets the entry in `slot` entirely (after its terminal event); the slot is free once the input
    /// ends (see ``releasedSlots``) and the entry's heap elements become stale.
    mutating func remove(_ slot: Int, effects: inout [Effect]) {
        guard let entry = slots[slot] else { return }
        slots[slot] = nil
        ids[slot] = nil
        releasedSlots.append(slot)
        liveCount -= 1
        if let index = entriesByIDHash.index(forKey: entry.idHash), !entriesByIDHash.values[index].remove(slot) {
            entriesByIDHash.remove(at: index)
        }
        if let timer = entry.ttlTimer { cancelTimer(timer) }
        if let timer = entry.retryTimer { cancelTimer(timer) }
        effects.append(.release(entry: entry.number, slot: slot))
    }

    /// Makes the slots freed by this input free for the next one.
    mutating func freeReleasedSlots() {
        guard !releasedSlots.isEmpty else { return }
        freeSlots.append(contentsOf: releasedSlots)
        releasedSlots.removeAll(keepingCapacity: true)
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
        let slots = self.slots
        if ready.count > 2 * pending + 32 { ready.compact { Self.isReady($0, in: slots) } }
        if oldest.count > 2 * pending + 32 { oldest.compact { Self.isPending($0, in: slots) } }
        if lowest.count > 2 * pending + 32 { lowest.compact { Self.isPending($0, in: slots) } }
    }
}

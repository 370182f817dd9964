extension QueueCore {
    /// Appends an event effect at the core's time, built only while events are on.
    mutating func emit(_ kind: @autoclosure () -> QueueCoreEvent) {
        if emitsEvents { effects.append(.event(now, kind())) }
    }

    /// Whether a heap element still names a pending entry in the stay it was inserted for.
    static func isPending<Rank>(_ node: PendingNode<Rank>, in entries: [UInt64: Entry]) -> Bool {
        guard let entry = entries[node.entry] else { return false }
        return entry.stamp == node.stamp && entry.state != .onScreen
    }

    /// Whether a heap element still names an entry eligible now.
    static func isReady(_ node: PendingNode<PendingKey>, in entries: [UInt64: Entry]) -> Bool {
        guard let entry = entries[node.entry] else { return false }
        return entry.stamp == node.stamp && entry.state == .ready
    }

    /// The earliest-enqueued pending entry (for `drop-oldest`), dropping stale heap elements from the top.
    mutating func oldestPending() -> PendingNode<UInt64>? {
        while let top = oldest.min, !Self.isPending(top, in: entries) { _ = oldest.popMin() }
        return oldest.min
    }

    /// The overflow victim for `drop-lowest-priority`, dropping stale heap elements from the top.
    mutating func lowestPending() -> PendingNode<LowPriorityRank>? {
        while let top = lowest.min, !Self.isPending(top, in: entries) { _ = lowest.popMin() }
        return lowest.min
    }

    /// Whether a heap element still names an entry waiting out a retry delay.
    static func isRetrying<Rank>(_ node: PendingNode<Rank>, in entries: [UInt64: Entry]) -> Bool {
        guard let entry = entries[node.entry] else { return false }
        return entry.stamp == node.stamp && entry.state == .waitingRetry
    }

    /// The top of a queue-order heap of eligible entries, dropping stale elements from it.
    static func liveTop(
        _ heap: inout BinaryHeap<PendingNode<PendingKey>>, in entries: [UInt64: Entry]
    ) -> PendingNode<PendingKey>? {
        while let top = heap.min, !isReady(top, in: entries) { _ = heap.popMin() }
        return heap.min
    }

    /// The best eligible entry (rule 3) that the current screen allows (rule 16), or with `anyScreen` the best
    /// eligible entry whatever the screen, and the rule of the heap it tops (`nil`: ``ready``). Drops stale
    /// heap elements from the tops, and heaps left empty.
    ///
    /// - Complexity: O(g) amortized for g screen rules among the eligible entries, plus the stale elements.
    mutating func bestReady(anyScreen: Bool = false) -> (node: PendingNode<PendingKey>, rule: ScreenRule?)? {
        var best = Self.liveTop(&ready, in: entries).map { (node: $0, rule: ScreenRule?.none) }
        guard !placed.isEmpty else { return best }
        for rule in Array(placed.keys) where anyScreen || rule.allows(screen) {
            guard let top = Self.liveTop(&placed[rule]!, in: entries) else {
                placed[rule] = nil
                continue
            }
            if best.map({ top < $0.node }) ?? true { best = (top, rule) }
        }
        return best
    }

    /// When the frequency cap's window opens, if it is full now (rule 15); `nil` when it allows a present.
    func capOpensAt() -> Duration? {
        guard let cap = configuration.frequencyCap else { return nil }
        let inWindow = recentStarts.filter { $0 + cap.window > now }
        guard inWindow.count >= cap.count else { return nil }
        return inWindow[inWindow.count - cap.count] + cap.window
    }

    /// Presents the best eligible pending entry the current screen allows if nothing is on screen, the queue
    /// runs, no decline holds it, the minimum interval has passed and the frequency cap allows (rules 2, 14,
    /// 15, 16).
    mutating func presentIfPossible() {
        guard !isPaused, !isHeldByDecline, onScreen == nil else { return }
        if let last = lastClosedAt, now < last + configuration.minInterval { return }
        guard let (best, rule) = bestReady() else { return }
        if let cap = configuration.frequencyCap {
            while let first = recentStarts.first, first + cap.window <= now { recentStarts.removeFirst() }
            if let opens = capOpensAt() {
                // Wake when the earliest start in the window leaves it (never polled).
                if capTimer == nil { capTimer = addTimer(at: opens, .capOpens) }
                return
            }
            recentStarts.append(now)
        }
        if let rule { _ = placed[rule]!.popMin() } else { _ = ready.popMin() }
        // One lookup, mutated in place.
        let (attempt, slot) = Self.startAttempt(&entries[best.entry]!)
        var current = OnScreen(entry: best.entry, slot: slot, attempt: attempt, presented: false, timer: nil)
        if let timeout = configuration.presentTimeout {
            current.timer = addTimer(at: now + timeout, .presentTimeout(entry: best.entry, attempt: attempt))
        }
        onScreen = current
        let token = current.attemptRef
        emit(.present(token))
        effects.append(.present(token))
    }

    /// Counts a new attempt of a ready entry and puts it on screen; returns the attempt's number.
    static func startAttempt(_ entry: inout Entry) -> (attempt: Int, slot: Int) {
        entry.attempts += 1
        entry.state = .onScreen
        return (entry.attempts, entry.slot)
    }

    /// Takes the attempt off screen (its timer cancelled) and returns its token.
    mutating func takeOffScreen(_ current: OnScreen) -> QueueCoreAttempt {
        let token = current.attemptRef
        onScreen = nil
        if let timer = current.timer { cancelTimer(timer) }
        return token
    }

    /// Ends the attempt on screen as closed and starts the minimum interval; the presenter is asked to
    /// dismiss it unless it reported the close itself.
    mutating func close(reason: CloseReason) {
        guard let current = onScreen else { return }
        let token = takeOffScreen(current)
        emit(.closed(token, reason: reason))
        if reason != .closed { effects.append(.dismiss(token)) }
        remove(current.entry, outcome: .closed(reason: reason))
        lastClosedAt = now
        if let timer = intervalTimer { cancelTimer(timer) }
        intervalTimer = nil
        if configuration.minInterval > .zero {
            intervalTimer = addTimer(at: now + configuration.minInterval, .intervalElapsed)
        }
    }

    /// Ends the attempt on screen as failed: back to pending for a retry, or a final failure (rule 5).
    mutating func fail(reason: String?) {
        guard let current = onScreen, var entry = entries[current.entry] else { return }
        let token = takeOffScreen(current)
        let final = entry.attemptsUsed >= configuration.maxAttempts
        emit(.failed(token, reason: reason, final: final))
        if final {
            remove(entry.number, outcome: .failed(reason: reason))
            return
        }
        if let deadline = entry.ttlDeadline, deadline <= now {
            emit(.expired(token.ref))
            remove(entry.number, outcome: .expired)
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

    /// Ends the attempt on screen as declined (rule 14): the entry returns to pending at its place, the
    /// attempt does not count, its start leaves the frequency cap's window, and the queue presents nothing
    /// until the next enqueue, `resume()` or the decline delay.
    mutating func decline() {
        guard let current = onScreen, var entry = entries[current.entry] else { return }
        let token = takeOffScreen(current)
        emit(.declined(token))
        entry.declined += 1
        if configuration.frequencyCap != nil, !recentStarts.isEmpty { recentStarts.removeLast() }
        if let timer = capTimer {
            cancelTimer(timer)
            capTimer = nil
        }
        if let deadline = entry.ttlDeadline, deadline <= now {
            emit(.expired(token.ref))
            remove(entry.number, outcome: .expired)
        } else {
            entry.state = .ready
            addToPending(&entry)
            entries[entry.number] = entry
        }
        isHeldByDecline = true
        if let delay = configuration.declineDelay {
            declineTimer = addTimer(at: now + delay, .declineElapsed)
        }
    }

    /// Ends the wait after a decline, if any.
    mutating func endDeclineHold() {
        isHeldByDecline = false
        if let timer = declineTimer {
            cancelTimer(timer)
            declineTimer = nil
        }
    }

    mutating func fire(_ kind: TimerKind) {
        switch kind {
        case .ttl(let number):
            guard let found = Self.clearTTLTimer(&entries[number]) else { return }
            let (state, slot) = found
            // An item on screen never expires; if it comes back for a retry it expires then.
            guard state != .onScreen else { return }
            emit(.expired(QueueCoreEntry(number: number, slot: slot)))
            remove(number, outcome: .expired)
        case .retry(let number):
            guard let entry = Self.endRetryWait(&entries[number]) else { return }
            insertReady(entry)
        case .presentTimeout(let number, let attempt):
            guard var current = onScreen, current.entry == number, current.attempt == attempt else { return }
            current.timer = nil
            onScreen = current
            // Dismiss before failing: the presenter must still be asked to remove an attempt that may show up
            // late (else it could be on screen with the next item).
            effects.append(.dismiss(current.attemptRef))
            fail(reason: "timeout")
        case .displayTimeout(let number, let attempt):
            guard var current = onScreen, current.entry == number, current.attempt == attempt else { return }
            current.timer = nil
            onScreen = current
            close(reason: .timeout)
        case .intervalElapsed:
            intervalTimer = nil
        case .capOpens:
            capTimer = nil
        case .declineElapsed:
            declineTimer = nil
            isHeldByDecline = false
        case .waitingReport:
            waitingReportTimer = nil
        }
    }

    /// Puts an eligible entry into the queue-order heap of its screen rule.
    mutating func insertReady(_ entry: Entry) {
        let node = PendingNode(rank: key(of: entry), entry: entry.number, stamp: entry.stamp)
        if let rule = entry.screens {
            placed[rule, default: BinaryHeap()].insert(node)
        } else {
            ready.insert(node)
        }
    }

    /// Gives an entry entering pending a new stamp and puts it into the pending heaps (its state says
    /// whether it is eligible now).
    mutating func addToPending(_ entry: inout Entry) {
        entry.stamp = nextStamp
        nextStamp += 1
        if entry.state == .ready {
            insertReady(entry)
        } else if let retryAt = entry.retryAt {
            retrying.insert(PendingNode(rank: key(of: entry), entry: entry.number, stamp: entry.stamp))
            retryEnds.insert(PendingNode(rank: retryAt, entry: entry.number, stamp: entry.stamp))
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

    /// Clears an entry's ttl timer in place; returns its state and slot, or `nil` for no entry.
    static func clearTTLTimer(_ entry: inout Entry?) -> (EntryState, Int)? {
        guard entry != nil else { return nil }
        entry!.ttlTimer = nil
        return (entry!.state, entry!.slot)
    }

    /// Makes an entry waiting for a retry eligible, in place; returns it, or `nil` if it was not waiting.
    static func endRetryWait(_ slot: inout Entry?) -> Entry? {
        guard var entry = slot, entry.state == .waitingRetry else { return nil }
        entry.retryTimer = nil
        entry.retryAt = nil
        entry.state = .ready
        slot = entry
        return entry
    }

    /// Forgets an entry entirely (after its terminal event); its heap elements become stale.
    mutating func remove(_ number: UInt64, outcome: PresentationOutcome) {
        guard let entry = entries.removeValue(forKey: number) else { return }
        if let timer = entry.ttlTimer { cancelTimer(timer) }
        if let timer = entry.retryTimer { cancelTimer(timer) }
        release(entry.ref, outcome: outcome)
    }

    /// Reports an entry ended (or refused) and frees its slot from the next input on.
    mutating func release(_ entry: QueueCoreEntry, outcome: PresentationOutcome) {
        releasedSlots.append(entry.slot)
        effects.append(.release(entry, outcome: outcome))
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
        if !placed.isEmpty, placed.values.reduce(0, { $0 + $1.count }) > 2 * pending + 32 {
            for rule in Array(placed.keys) {
                placed[rule]!.compact { Self.isReady($0, in: entries) }
                if placed[rule]!.count == 0 { placed[rule] = nil }
            }
        }
        if retrying.count > 2 * pending + 32 { retrying.compact { Self.isRetrying($0, in: entries) } }
        if retryEnds.count > 2 * pending + 32 { retryEnds.compact { Self.isRetrying($0, in: entries) } }
        if oldest.count > 2 * pending + 32 { oldest.compact { Self.isPending($0, in: entries) } }
        if lowest.count > 2 * pending + 32 { lowest.compact { Self.isPending($0, in: entries) } }
    }
}

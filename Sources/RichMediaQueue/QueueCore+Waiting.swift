extension QueueCore {
    /// Why nothing is on screen while entries are pending (rule 18), or `nil` when something is on screen or
    /// nothing is pending.
    ///
    /// Names the best pending entry (rule 3, whatever the screen, including entries waiting out a retry delay)
    /// with the first reason that holds: `paused`; `declined` (rule 14); `min-interval`; `frequency-cap`;
    /// `screen` (some pending entries are eligible and the current screen allows none of them); `retry-delay`
    /// (every pending entry waits out a retry delay). `min-interval`, `frequency-cap` and `retry-delay` give the
    /// time the wait ends (for `retry-delay`, the earliest).
    ///
    /// - Complexity: O(g + log n) amortized (g: the screen rules among the eligible entries).
    mutating func waiting() -> QueueCoreWaiting? {
        guard onScreen == nil, let best = bestPending() else { return nil }
        let ref = QueueCoreEntry(number: best.entry, slot: entries[best.entry]!.slot)
        if isPaused { return QueueCoreWaiting(entry: ref, reason: .paused) }
        if isHeldByDecline { return QueueCoreWaiting(entry: ref, reason: .declined) }
        if let last = lastClosedAt, now < last + configuration.minInterval {
            return QueueCoreWaiting(entry: ref, reason: .minInterval, until: last + configuration.minInterval)
        }
        if let opens = capOpensAt() { return QueueCoreWaiting(entry: ref, reason: .frequencyCap, until: opens) }
        if bestReady(anyScreen: true) != nil {
            // Rule 2 has run: an eligible entry the screen allows would be on screen.
            return bestReady() == nil ? QueueCoreWaiting(entry: ref, reason: .screen) : nil
        }
        return QueueCoreWaiting(entry: ref, reason: .retryDelay, until: earliestRetry())
    }

    /// Reports why the queue waits, if reports are on (rule 18): at each consideration point (after the timers
    /// due at an instant, after each input). The machine drops a report that repeats the last one since the
    /// last `present` (it compares ids). While a report names the frequency cap and no present waits for the
    /// window to open, a report-only wake-up is set for that moment, so the report changes when the cap opens.
    mutating func considerWaiting() {
        guard configuration.reportsWaiting, let waiting = waiting() else { return }
        if waiting.reason == .frequencyCap, capTimer == nil, waitingReportTimer == nil, let until = waiting.until {
            waitingReportTimer = addTimer(at: until, .waitingReport)
        }
        emit(.waiting(waiting))
    }

    /// The best pending entry (rule 3, eligible or not, whatever the screen): the best top of the eligible
    /// entries' heaps and of the retrying ones', dropping stale heap elements.
    mutating func bestPending() -> PendingNode<PendingKey>? {
        let eligible = bestReady(anyScreen: true)?.node
        while let top = retrying.min, !Self.isRetrying(top, in: entries) { _ = retrying.popMin() }
        guard let retry = retrying.min else { return eligible }
        guard let eligible else { return retry }
        return retry < eligible ? retry : eligible
    }

    /// The earliest end of a retry delay among the pending entries, dropping stale heap elements.
    mutating func earliestRetry() -> Duration? {
        while let top = retryEnds.min, !Self.isRetrying(top, in: entries) { _ = retryEnds.popMin() }
        return retryEnds.min?.rank
    }

    /// The deadline of the earliest live timer, dropping stale elements from the top of the timer heap.
    mutating func nextLiveDeadline() -> Duration? {
        while let top = timers.min, timerKinds[top.created] == nil { _ = timers.popMin() }
        return timers.min?.deadline
    }
}

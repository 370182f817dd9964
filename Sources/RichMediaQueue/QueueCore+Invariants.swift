extension QueueCore {
    /// Checks that the core's records agree with each other; traps on the first violation (the machine's
    /// ``QueueStateMachine/checkInvariants()`` runs it, then checks the ids).
    ///
    /// It checks: at most one entry is on screen and it is the one ``onScreen`` names; every eligible entry has a live
    /// element in the queue-order heap of its screen rule and no other entry has one; every entry waiting out a
    /// retry delay has one in each retry heap; every live timer belongs to something live; the heaps are in heap order; the frequency cap's
    /// window holds at most its count; and, after an input, nothing eligible that the current screen allows
    /// waits while the slot is free and the pacing rules allow a present (rules 2 and 16).
    ///
    /// - Complexity: O(n log n).
    func checkInvariants() {
        for (number, entry) in entries {
            precondition(entry.number == number, "entry record is filed under another number")
            precondition(entry.attemptsUsed >= 0 && entry.declined >= 0, "negative attempt counts")
            precondition((entry.state == .waitingRetry) == (entry.retryAt != nil), "retry time and state differ")
            if let timer = entry.ttlTimer { precondition(timerKinds[timer] == .ttl(entry: number), "ttl timer") }
            if let timer = entry.retryTimer { precondition(timerKinds[timer] == .retry(entry: number), "retry timer") }
        }
        let onScreenEntries = entries.values.filter { $0.state == .onScreen }
        precondition(onScreenEntries.count <= 1, "\(onScreenEntries.count) entries on screen")
        precondition(onScreenEntries.first?.number == onScreen?.entry, "on-screen entry and record differ")
        if let onScreen {
            let entry = entries[onScreen.entry]!
            precondition(onScreen.attempt == entry.attempts, "on-screen attempt is not the latest")
            precondition(entry.attemptsUsed <= configuration.maxAttempts, "more attempts than max-attempts")
        }
        if let onScreen, let rule = entries[onScreen.entry]?.screens, rule.dismissOnLeave {
            precondition(rule.allows(screen), "a dismiss-on-leave item stays on a screen it does not allow")
        }
        let liveSlots = Set(entries.values.map(\.slot))
        precondition(liveSlots.count == entries.count, "two live entries share a slot")
        let freed = freeSlots + releasedSlots
        precondition(
            Set(freed).count == freed.count && liveSlots.isDisjoint(with: freed), "a slot is free twice or live")
        precondition(liveSlots.allSatisfy { $0 < slotCount } && freed.allSatisfy { $0 < slotCount }, "unknown slot")
        if let onScreen { precondition(entries[onScreen.entry]?.slot == onScreen.slot, "on-screen slot") }
        var readyLive = Set(ready.elements.filter { Self.isReady($0, in: entries) }.map(\.entry))
        precondition(readyLive.allSatisfy { entries[$0]?.screens == nil }, "an entry with a screen rule in `ready`")
        for (rule, heap) in placed {
            let live = heap.elements.filter { Self.isReady($0, in: entries) }.map(\.entry)
            precondition(live.allSatisfy { entries[$0]?.screens == rule }, "an entry in another rule's heap")
            precondition(readyLive.isDisjoint(with: live), "an eligible entry in two heaps")
            readyLive.formUnion(live)
            heap.checkInvariants()
        }
        let eligible = Set(entries.values.filter { $0.state == .ready }.map(\.number))
        precondition(readyLive == eligible, "queue-order heaps and eligible entries differ")
        let waitingRetry = Set(entries.values.filter { $0.state == .waitingRetry }.map(\.number))
        let retryingLive = Set(retrying.elements.filter { Self.isRetrying($0, in: entries) }.map(\.entry))
        let retryEndsLive = Set(retryEnds.elements.filter { Self.isRetrying($0, in: entries) }.map(\.entry))
        precondition(
            retryingLive == waitingRetry && retryEndsLive == waitingRetry,
            "the retry heaps and the entries waiting for a retry differ")
        for kind in timerKinds.values {
            switch kind {
            case .ttl(let number), .retry(let number):
                precondition(entries[number] != nil, "timer for a dead entry")
            case .presentTimeout(let number, let attempt), .displayTimeout(let number, let attempt):
                precondition(onScreen?.entry == number && onScreen?.attempt == attempt, "timeout for an ended attempt")
            case .intervalElapsed:
                precondition(intervalTimer != nil, "untracked interval timer")
            case .capOpens:
                precondition(capTimer != nil, "untracked frequency-cap timer")
            case .declineElapsed:
                precondition(declineTimer != nil && isHeldByDecline, "untracked decline timer")
            case .waitingReport:
                precondition(waitingReportTimer != nil && configuration.reportsWaiting, "untracked report timer")
            }
        }
        for timer in [intervalTimer, capTimer, declineTimer, waitingReportTimer].compactMap({ $0 }) {
            precondition(timerKinds[timer] != nil, "a tracked timer is not live")
        }
        let liveTimers = Set(timers.elements.map(\.created)).intersection(timerKinds.keys)
        precondition(liveTimers.count == timerKinds.count, "a live timer is missing from the heap")
        if let top = timers.min { precondition(timerKinds[top.created] != nil, "stale timer on top") }
        ready.checkInvariants()
        retrying.checkInvariants()
        retryEnds.checkInvariants()
        oldest.checkInvariants()
        lowest.checkInvariants()
        timers.checkInvariants()
        if configuration.overflow == .dropOldest {
            let listed = Set(oldest.elements.filter { Self.isPending($0, in: entries) }.map(\.entry))
            precondition(listed.count == pendingCount, "drop-oldest heap misses pending entries")
        }
        if configuration.overflow == .dropLowestPriority {
            let listed = Set(lowest.elements.filter { Self.isPending($0, in: entries) }.map(\.entry))
            precondition(listed.count == pendingCount, "drop-lowest-priority heap misses pending entries")
        }
        precondition(!isHeldByDecline || configuration.declineDelay == nil || declineTimer != nil, "hold never ends")
        var capBlocks = false
        if let cap = configuration.frequencyCap {
            precondition(recentStarts == recentStarts.sorted(), "frequency-cap starts out of order")
            let inWindow = recentStarts.filter { $0 + cap.window > now }
            precondition(inWindow.count <= cap.count, "more presents in the window than the frequency cap")
            capBlocks = inWindow.count >= cap.count
        } else {
            precondition(recentStarts.isEmpty && capTimer == nil, "frequency-cap records without a cap")
        }
        let intervalRunning = lastClosedAt.map { now < $0 + configuration.minInterval } ?? false
        let allowed = eligible.filter { entries[$0]?.screens?.allows(screen) ?? true }
        if !isPaused, !isHeldByDecline, onScreen == nil, !intervalRunning, !allowed.isEmpty {
            precondition(capBlocks, "an eligible entry waits while the slot is free")
            precondition(capTimer != nil, "the frequency cap blocks a present and no timer ends it")
        }
    }
}

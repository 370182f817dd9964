extension QueueRules {
    /// Checks that the machine's records agree with each other; traps on the first violation.
    ///
    /// Tests turn it on with ``checksInvariants`` so it runs after every input (as swift-collections'
    /// `Heap+Invariants.swift` does for its heap). It checks: at most one entry is on screen and it is the
    /// one ``onScreen`` names; the id index lists exactly the live entries; every eligible entry has a live
    /// element in the queue-order heap and no other entry has one; every live timer belongs to something
    /// live; the heaps are in heap order; and, after an input, nothing eligible waits while the slot is
    /// free (rule 2).
    ///
    /// - Complexity: O(n log n).
    package func checkInvariants() {
        let onScreenEntries = entries.values.filter { $0.state == .onScreen }
        precondition(onScreenEntries.count <= 1, "\(onScreenEntries.count) entries on screen")
        precondition(onScreenEntries.first?.number == onScreen?.entry, "on-screen entry and record differ")
        if let onScreen {
            let entry = entries[onScreen.entry]!
            precondition(onScreen.attempt == entry.attemptsUsed, "on-screen attempt is not the latest")
            precondition(onScreen.attempt <= configuration.maxAttempts, "more attempts than max-attempts")
        }
        var indexed = 0
        for (id, list) in entriesByID {
            let numbers = list.numbers
            precondition(!numbers.isEmpty, "empty id list")
            if case .many(let many) = list { precondition(many.count > 1, "a list of one entry stored as many") }
            precondition(configuration.duplicates == .allow || numbers.count == 1, "duplicate live entries")
            for number in numbers { precondition(entries[number]?.id == id, "id index names a dead or other entry") }
            indexed += numbers.count
        }
        precondition(indexed == entries.count, "id index and entries differ in size")
        let readyLive = Set(ready.elements.filter { isReady($0) }.map(\.entry))
        let eligible = Set(entries.values.filter { $0.state == .ready }.map(\.number))
        precondition(readyLive == eligible, "queue-order heap and eligible entries differ")
        for entry in entries.values {
            precondition((entry.state == .waitingRetry) == (entry.retryAt != nil), "retry time and state differ")
            if let timer = entry.ttlTimer { precondition(timerKinds[timer] == .ttl(entry: entry.number), "ttl timer") }
            if let timer = entry.retryTimer {
                precondition(timerKinds[timer] == .retry(entry: entry.number), "retry timer")
            }
        }
        for kind in timerKinds.values {
            switch kind {
            case .ttl(let number), .retry(let number):
                precondition(entries[number] != nil, "timer for a dead entry")
            case .presentTimeout(let number, let attempt), .displayTimeout(let number, let attempt):
                precondition(onScreen?.entry == number && onScreen?.attempt == attempt, "timeout for an ended attempt")
            case .intervalElapsed:
                precondition(intervalTimer != nil, "untracked interval timer")
            }
        }
        let liveTimers = Set(timers.elements.map(\.created)).intersection(timerKinds.keys)
        precondition(liveTimers.count == timerKinds.count, "a live timer is missing from the heap")
        if let top = timers.min { precondition(timerKinds[top.created] != nil, "stale timer on top") }
        ready.checkInvariants()
        oldest.checkInvariants()
        lowest.checkInvariants()
        timers.checkInvariants()
        if configuration.overflow == .dropOldest {
            let live = Set(oldest.elements.filter { isPending($0) }.map(\.entry))
            precondition(live.count == pendingCount, "drop-oldest heap misses pending entries")
        }
        if configuration.overflow == .dropLowestPriority {
            let live = Set(lowest.elements.filter { isPending($0) }.map(\.entry))
            precondition(live.count == pendingCount, "drop-lowest-priority heap misses pending entries")
        }
        let intervalRunning = lastClosedAt.map { now < $0 + configuration.minInterval } ?? false
        if !isPaused, onScreen == nil, !intervalRunning {
            precondition(eligible.isEmpty, "an eligible entry waits while the slot is free")
        }
    }
}

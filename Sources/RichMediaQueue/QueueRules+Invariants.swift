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
        let live = slots.compactMap { $0 }
        precondition(live.count == liveCount, "live count and slots differ")
        precondition(ids.count == slots.count, "ids and slots differ in size")
        for (slot, entry) in slots.enumerated() {
            precondition(
                entry.map { $0.slot == slot } ?? (freeSlots.contains(slot) || releasedSlots.contains(slot)),
                "slot record is wrong")
            precondition((entry == nil) == (ids[slot] == nil), "id record and slot differ")
        }
        precondition(
            freeSlots.count + releasedSlots.count + liveCount == slots.count, "free slots and live entries differ")
        let onScreenEntries = live.filter { $0.state == .onScreen }
        precondition(onScreenEntries.count <= 1, "\(onScreenEntries.count) entries on screen")
        precondition(onScreenEntries.first?.number == onScreen?.entry, "on-screen entry and record differ")
        if let onScreen {
            let entry = slots[onScreen.slot]!
            precondition(entry.number == onScreen.entry, "on-screen slot holds another entry")
            precondition(onScreen.attempt == entry.attemptsUsed, "on-screen attempt is not the latest")
            precondition(onScreen.attempt <= configuration.maxAttempts, "more attempts than max-attempts")
        }
        var indexed = 0
        for (hash, list) in entriesByIDHash {
            let listed = list.slots
            precondition(!listed.isEmpty, "empty id list")
            if case .many(let many) = list { precondition(many.count > 1, "a list of one entry stored as many") }
            precondition(Set(listed).count == listed.count, "a slot listed twice")
            for slot in listed {
                guard let entry = slots[slot] else { preconditionFailure("id index names a free slot") }
                let id = ids[slot]!
                precondition(entry.idHash == hash && id.hashValue == hash, "id index names another hash")
                precondition(
                    configuration.duplicates == .allow || liveSlots(of: id, hash: hash).count == 1,
                    "duplicate live entries")
            }
            indexed += listed.count
        }
        precondition(indexed == liveCount, "id index and entries differ in size")
        let readyLive = Set(ready.elements.filter { isReady($0) }.map(\.slot))
        let eligible = Set(live.filter { $0.state == .ready }.map(\.slot))
        precondition(readyLive == eligible, "queue-order heap and eligible entries differ")
        for entry in live {
            precondition((entry.state == .waitingRetry) == (entry.retryAt != nil), "retry time and state differ")
            if let timer = entry.ttlTimer { precondition(timerKinds[timer] == .ttl(slot: entry.slot), "ttl timer") }
            if let timer = entry.retryTimer {
                precondition(timerKinds[timer] == .retry(slot: entry.slot), "retry timer")
            }
        }
        for kind in timerKinds.values {
            switch kind {
            case .ttl(let slot), .retry(let slot):
                precondition(slots[slot] != nil, "timer for a dead entry")
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
            let listed = Set(oldest.elements.filter { isPending($0) }.map(\.slot))
            precondition(listed.count == pendingCount, "drop-oldest heap misses pending entries")
        }
        if configuration.overflow == .dropLowestPriority {
            let listed = Set(lowest.elements.filter { isPending($0) }.map(\.slot))
            precondition(listed.count == pendingCount, "drop-lowest-priority heap misses pending entries")
        }
        let intervalRunning = lastClosedAt.map { now < $0 + configuration.minInterval } ?? false
        if !isPaused, onScreen == nil, !intervalRunning {
            precondition(eligible.isEmpty, "an eligible entry waits while the slot is free")
        }
    }
}

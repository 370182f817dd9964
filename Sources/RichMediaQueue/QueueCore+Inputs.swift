extension QueueCore {
    /// Applies one input at `time`: fires every timer due at or before `time` (rule 12), applies the input,
    /// re-checks rule 2, and returns what it did.
    ///
    /// - Parameters:
    ///   - input: What happened.
    ///   - time: The time since the queue started; a time before the core's own is treated as now.
    /// - Returns: The entry an enqueue created (with the slot the core chose) and the effects, in order.
    /// - Complexity: O(log n) amortized, except `cancelAll` (O(n log n)).
    mutating func apply(_ input: QueueCoreInput, at time: Duration) -> QueueCoreStep {
        effects = []
        // The slots the latest input released are free from now on.
        freeSlots.append(contentsOf: releasedSlots)
        releasedSlots.removeAll(keepingCapacity: true)
        fireTimers(upTo: time)
        var enqueued: QueueCoreEntry?
        switch input {
        case .advance:
            break
        case .enqueue(let sameID, let request):
            enqueued = enqueue(
                request, isDuplicate: configuration.duplicates == .ignore && firstLive(of: sameID) != nil)
        case .callback(let callback, let target):
            handle(callback, target: target)
        case .pause:
            pause()
        case .resume:
            resume()
        case .cancel(let sameID):
            cancel(sameID: sameID)
        case .cancelAll:
            cancelAll()
        case .screen(let name):
            setScreen(name)
        case .cancelTagged(let tag):
            cancelPending { $0.tags.contains(tag) }
        case .cancelEntries(let numbers):
            let chosen = Set(numbers)
            cancelPending { chosen.contains($0.number) }
        }
        presentIfPossible()
        considerWaiting()
        tidy()
        let step = QueueCoreStep(enqueued: enqueued, effects: effects)
        effects = []
        return step
    }

    /// Fires every timer due at or before `time` (rule 12) and re-checks rule 2 after each (a report-only
    /// wake-up changes nothing, so it re-checks nothing); once all the timers due at an instant have fired,
    /// considers the waiting report (rule 18).
    private mutating func fireTimers(upTo time: Duration) {
        while let top = timers.min, top.deadline <= time {
            _ = timers.popMin()
            guard let kind = timerKinds.removeValue(forKey: top.created) else { continue }
            if top.deadline > now { now = top.deadline }
            fire(kind)
            if kind != .waitingReport { presentIfPossible() }
            if configuration.reportsWaiting, nextLiveDeadline() != top.deadline { considerWaiting() }
        }
        if time > now { now = time }
        presentIfPossible()
    }

    /// The earliest of `sameID` that is still live, if any.
    func firstLive(of sameID: IDEntries?) -> UInt64? {
        guard let sameID else { return nil }
        if entries[sameID.first] != nil { return sameID.first }
        return sameID.more.first { entries[$0] != nil }
    }

    /// Enqueues a new entry (rules 7, 8, 9) under the next entry number in a free slot; `isDuplicate` says
    /// whether the duplicate rule refuses it. Returns the entry, stored or refused at once.
    private mutating func enqueue(_ request: QueueCoreEnqueue, isDuplicate: Bool) -> QueueCoreEntry {
        let (priority, ttl) = (request.priority, request.ttl)
        let number = nextEntry
        nextEntry += 1
        let slot = freeSlots.popLast() ?? slotCount
        if slot == slotCount { slotCount += 1 }
        let ref = QueueCoreEntry(number: number, slot: slot)
        // A new request ends the wait after a decline (rule 14), whatever becomes of it.
        endDeclineHold()
        emit(.enqueued(ref))
        if isDuplicate {
            emit(.dropped(ref, reason: .duplicate))
            release(ref, outcome: .dropped(reason: .duplicate))
            return ref
        }
        if let ttl, ttl <= .zero {
            emit(.expired(ref))
            release(ref, outcome: .expired)
            return ref
        }
        if let capacity = configuration.capacity, pendingCount + 1 > capacity {
            let victim: UInt64?
            switch configuration.overflow {
            case .dropNewest:
                victim = nil
            case .dropOldest:
                victim = oldestPending()?.entry
            case .dropLowestPriority:
                let rank = LowPriorityRank(priority: priority, sequence: number)
                victim = lowestPending().flatMap { $0.rank < rank ? $0.entry : nil }
            }
            guard let victim, let victimEntry = entries[victim] else {
                emit(.dropped(ref, reason: .overflow))
                release(ref, outcome: .dropped(reason: .overflow))
                return ref
            }
            emit(.dropped(victimEntry.ref, reason: .overflow))
            remove(victim, outcome: .dropped(reason: .overflow))
        }
        var entry = Entry(
            number: number, slot: slot, priority: priority,
            placement: QueuePlacement.make(screens: request.screens, tags: request.tags),
            attempts: max(request.attemptsUsed, 0), ttlDeadline: ttl.map { now + $0 })
        if let deadline = entry.ttlDeadline {
            entry.ttlTimer = addTimer(at: deadline, .ttl(entry: number))
        }
        addToPending(&entry)
        entries[number] = entry
        return ref
    }

    /// A presenter callback (rules 4, 5, 14).
    private mutating func handle(_ callback: QueueCallback, target: QueueCoreTarget) {
        let action = callback.action
        guard var current = onScreen, target.sameID?.contains(current.entry) == true,
            target.entry == nil || target.entry == current.entry
        else {
            emit(.ignored(action, namesInputID: true, attempt: target.attempt, reason: .notOnScreen))
            return
        }
        if let attempt = target.attempt, attempt != current.attempt {
            emit(.ignored(action, namesInputID: true, attempt: target.attempt, reason: .staleAttempt))
            return
        }
        switch callback {
        case .presented:
            guard !current.presented else {
                emit(.ignored(.presented, namesInputID: true, attempt: target.attempt, reason: .alreadyPresented))
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
            emit(.presented(current.attemptRef))
        case .closed:
            close(reason: .closed)
        case .failed(let reason):
            fail(reason: reason)
        case .declined:
            guard !current.presented else {
                emit(.ignored(.declined, namesInputID: true, attempt: target.attempt, reason: .alreadyPresented))
                return
            }
            decline()
        }
    }

    /// Pause presenting (rule 10).
    private mutating func pause() {
        if isPaused {
            emit(.ignored(.pause, namesInputID: false, attempt: nil, reason: .alreadyPaused))
        } else {
            isPaused = true
            emit(.paused)
        }
    }

    /// Resume presenting (rule 10); also ends the wait after a decline (rule 14).
    private mutating func resume() {
        if isPaused {
            isPaused = false
            endDeclineHold()
            emit(.resumed)
        } else if isHeldByDecline {
            endDeclineHold()
            emit(.resumed)
        } else {
            emit(.ignored(.resume, namesInputID: false, attempt: nil, reason: .notPaused))
        }
    }

    /// Cancels the pending ones of `sameID`, the live entries of the id a cancel names (rule 11).
    private mutating func cancel(sameID: IDEntries?) {
        let live = (sameID?.numbers ?? []).compactMap { entries[$0] }
        let pending = live.filter { $0.state != .onScreen }
        guard !pending.isEmpty else {
            let reason: IgnoreReason = live.isEmpty ? .notPending : .onScreen
            emit(.ignored(.cancel, namesInputID: true, attempt: nil, reason: reason))
            return
        }
        for entry in pending.sorted(by: { key(of: $0) < key(of: $1) }) {
            emit(.cancelled(entry.ref))
            remove(entry.number, outcome: .cancelled)
        }
    }

    /// Cancels every pending entry, in queue order (rule 11).
    private mutating func cancelAll() {
        cancelPending { _ in true }
    }

    /// Cancels every pending entry `isChosen` picks, in queue order; nothing is reported when it picks none
    /// (rules 11 and 19).
    ///
    /// - Complexity: O(n log n).
    private mutating func cancelPending(_ isChosen: (Entry) -> Bool) {
        for entry in pendingEntries() where isChosen(entry) {
            emit(.cancelled(entry.ref))
            remove(entry.number, outcome: .cancelled)
        }
    }

    /// The user is on `name` now (rule 16): reported even when it is the same screen; the item on screen is
    /// dismissed if the new screen does not allow it and it was enqueued with `dismiss-on-leave` (rule 17).
    /// The caller re-checks rule 2 (a screen change does not end a decline's wait).
    private mutating func setScreen(_ name: String?) {
        screen = name
        emit(.screen(name))
        guard let current = onScreen, let rule = entries[current.entry]?.screens, rule.dismissOnLeave,
            !rule.allows(name)
        else { return }
        close(reason: .leftScreen)
    }
}

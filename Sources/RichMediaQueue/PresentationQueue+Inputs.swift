extension PresentationQueue {
    /// Adds an item to the queue (rules 7, 8, 9, 16, 19), presenting it at once if the queue is idle and the
    /// current screen allows it.
    ///
    /// The queue publishes ``QueueEvent/Kind/enqueued(_:)``, then possibly a drop (duplicate or
    /// overflow) and a ``QueueEvent/Kind/present(_:)``.
    ///
    /// - Parameters:
    ///   - item: The item to present.
    ///   - priority: Its priority for ``PresentationOrder/priority`` and
    ///     ``OverflowPolicy/dropLowestPriority``; higher goes first.
    ///   - ttl: How long the item may stay pending, counted from now; `nil` never expires. Zero or less
    ///     expires it at once.
    ///   - screens: Where it may appear (see ``ScreenRule``); anywhere by default.
    ///   - tags: Tags to cancel it by (``cancel(tagged:)``).
    /// - Complexity: O(log n) in the number of pending items.
    public func enqueue(
        _ item: Item, priority: Int = 0, ttl: Duration? = nil, screens: ScreenRule = .anywhere, tags: Set<String> = []
    ) async {
        await run(
            .enqueue(item.id, priority: priority, ttl: ttl, attemptsUsed: 0, screens: screens, tags: tags), item: item)
    }

    /// Reports that the attempt named by `token` is visible (rule 4).
    ///
    /// Stops the present timeout and starts the display timeout. Ignored unless `token` is the attempt on
    /// screen and it was not reported presented before.
    ///
    /// - Parameter token: The token the presenter was given.
    /// - Complexity: O(log n).
    public func presented(_ token: AttemptToken<Item.ID>) async {
        await run(.callback(.presented, .init(token)))
    }

    /// Reports that the attempt named by `token` was closed (rule 4); the item ends as closed and the
    /// minimum interval starts.
    ///
    /// - Parameter token: The token the presenter was given.
    /// - Complexity: O(log n).
    public func closed(_ token: AttemptToken<Item.ID>) async {
        await run(.callback(.closed, .init(token)))
    }

    /// Reports that the attempt named by `token` failed (rule 5): the item is retried after the retry
    /// delay if it has attempts left, otherwise it ends as failed. The next item may present at once.
    ///
    /// - Parameters:
    ///   - token: The token the presenter was given.
    ///   - reason: A short reason for the event stream, or `nil`.
    /// - Complexity: O(log n).
    public func failed(_ token: AttemptToken<Item.ID>, reason: String? = nil) async {
        await run(.callback(.failed(reason: reason), .init(token)))
    }

    /// Reports that the presenter declines the attempt named by `token` for now (rule 14): the item goes
    /// back to pending at its place, the attempt does not count toward
    /// ``QueueConfiguration/maxAttempts``, and the queue presents nothing until the next enqueue,
    /// ``resume()`` or the ``QueueConfiguration/declineDelay``. Later callbacks for this attempt are
    /// ignored.
    ///
    /// Decline from ``MediaPresenter/present(_:attempt:)`` when the app cannot show rich media now (a
    /// checkout or video screen, for example). Ignored unless `token` is the attempt on screen and it was
    /// not reported presented.
    ///
    /// - Parameter token: The token the presenter was given.
    /// - Complexity: O(log n).
    public func declined(_ token: AttemptToken<Item.ID>) async {
        await run(.callback(.declined, .init(token)))
    }

    /// Enqueues an item as ``enqueue(_:priority:ttl:screens:tags:)`` does, then waits until its entry ends and returns
    /// how it ended.
    ///
    /// The wait starts before the enqueue, so even an entry refused at once (a duplicate, an overflow, a
    /// ttl of zero) has its outcome. The presenter calls the enqueue causes are made while this waits.
    ///
    /// <!-- snippet: PresentationOutcomeDocExample -->
    /// ```swift
    /// let outcome = try await queue.enqueueAndWait(Promo(id: "spring-sale"))  // returns when it ends
    /// if case .closed = outcome { log("seen") }
    /// ```
    ///
    /// - Parameters:
    ///   - item: The item to present.
    ///   - priority: Its priority.
    ///   - ttl: How long the item may stay pending, or `nil`.
    ///   - screens: Where it may appear; anywhere by default.
    ///   - tags: Tags to cancel it by.
    /// - Returns: The entry's outcome.
    /// - Throws: `CancellationError` when the awaiting task is cancelled; the item stays enqueued.
    /// - Complexity: O(log n), as ``enqueue(_:priority:ttl:screens:tags:)``.
    public func enqueueAndWait(
        _ item: Item, priority: Int = 0, ttl: Duration? = nil, screens: ScreenRule = .anywhere, tags: Set<String> = []
    ) async throws -> PresentationOutcome {
        try await enqueueAndWait(item, priority: priority, ttl: ttl, screens: screens, tags: tags, whenWaiting: nil)
    }

    /// ``enqueueAndWait(_:priority:ttl:screens:tags:)``, telling `whenWaiting`, on the queue's executor, once the
    /// enqueue is applied and the wait registered (a test can then move the clock without sleeping).
    package func enqueueAndWait(
        _ item: Item, priority: Int, ttl: Duration?, screens: ScreenRule = .anywhere, tags: Set<String> = [],
        whenWaiting: (@Sendable () -> Void)?
    ) async throws -> PresentationOutcome {
        let key = newOutcomeWaiterKey()
        // The entry's number, once the machine has given it (the cancellation handler needs it).
        let entry = LockedValue<UInt64?>(nil)
        let outcome = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { waiter in
                // One actor turn: the enqueue is applied, the waiter registered under the entry number it
                // returned, then the effects are performed (a refused enqueue resumes the waiter at once);
                // its presenter calls follow in a task of their own.
                let input = Machine.Input.enqueue(
                    item.id, priority: priority, ttl: ttl, attemptsUsed: 0, screens: screens, tags: tags)
                step(input, item: item) { number in
                    guard let number else { preconditionFailure("an enqueue without an entry number") }
                    entry.withLock { $0 = number }
                    self.addOutcomeWaiter(waiter, entry: number, key: key)
                }
                whenWaiting?()
                Task { await self.flushCalls() }
            }
        } onCancel: {
            Task {
                // Cancelled before the enqueue ran: `addOutcomeWaiter` sees the cancellation itself.
                guard let number = entry.withLock({ $0 }) else { return }
                await self.cancelOutcomeWaiter(number, key: key)
            }
        }
        guard let outcome else { preconditionFailure("an entry's waiter resumed without its outcome") }
        return outcome
    }

    /// Waits until the entry with this id ends, and returns how it ended.
    ///
    /// With duplicates allowed, it waits for the earliest-enqueued live entry with this id. Returns `nil`
    /// at once when no entry with this id is pending or on screen (never enqueued, already ended, or
    /// refused at its enqueue: the events say why; ``enqueueAndWait(_:priority:ttl:screens:tags:)`` has no such gap).
    /// It does not catch up with the clock before it looks. The awaiting task keeps the queue alive;
    /// cancel the task to stop waiting.
    ///
    /// - Parameter id: The item id.
    /// - Returns: The outcome, or `nil` if the queue does not know the id.
    /// - Throws: `CancellationError` when the awaiting task is cancelled; the item is unaffected.
    /// - Complexity: O(1) to start waiting.
    public func outcome(of id: Item.ID) async throws -> PresentationOutcome? {
        try await outcome(of: id, whenWaiting: nil)
    }

    /// ``outcome(of:)``, telling `whenWaiting`, on the queue's executor, once the wait is registered (or the
    /// id found unknown), so a test can move the clock without sleeping.
    package func outcome(of id: Item.ID, whenWaiting: (@Sendable () -> Void)?) async throws -> PresentationOutcome? {
        guard let entry = machine.liveEntries(of: id).first else {
            whenWaiting?()
            return nil
        }
        let key = newOutcomeWaiterKey()
        // The waiter is registered before this actor runs anything else, so the cancellation task, which
        // has to enter the actor, always finds it (or finds it already resumed by the outcome).
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { waiter in
                addOutcomeWaiter(waiter, entry: entry, key: key)
                whenWaiting?()
            }
        } onCancel: {
            Task { await self.cancelOutcomeWaiter(entry, key: key) }
        }
    }

    /// Delivers a callback that names an id and optionally an attempt or entry (scripted presenters, the
    /// SDK bridge).
    package func callback(_ callback: QueueCallback, target: Machine.CallbackTarget) async {
        await run(.callback(callback, target))
    }

    /// Stops presenting new items (rule 10); the item on screen stays, ttl and retry timers keep running.
    public func pause() async {
        await run(.pause)
    }

    /// Resumes presenting, presenting at once if an item is eligible (rule 10).
    public func resume() async {
        await run(.resume)
    }

    /// Cancels the pending entries with this id (rule 11); ignored if the item is on screen or unknown.
    ///
    /// - Parameter id: The item id.
    /// - Complexity: O(log n) per entry with that id.
    public func cancel(_ id: Item.ID) async {
        await run(.cancel(id))
    }

    /// Cancels every pending entry, in queue order (rule 11); the item on screen stays.
    ///
    /// - Complexity: O(n log n).
    public func cancelAll() async {
        await run(.cancelAll)
    }

    /// Tells the queue which screen the user is on (rule 16): the name your app gives it, or `nil` for none
    /// (a queue starts at none).
    ///
    /// The queue publishes ``QueueEvent/Kind/screen(_:)`` (also when the screen is the one it already was).
    /// If the item on screen does not allow the new screen and was enqueued with
    /// ``ScreenRule/dismissOnLeave``, the presenter is asked to dismiss it and it ends as closed with reason
    /// ``CloseReason/leftScreen`` (rule 17). Then the best pending item the new screen allows is presented if
    /// the queue may present now. A screen change does not end the wait after a "not now" (rule 14).
    ///
    /// - Parameter screen: The screen's name, or `nil`.
    /// - Complexity: O(g + log n) (g: the screen rules among the pending items).
    public func setScreen(_ screen: String?) async {
        await run(.setScreen(screen))
    }

    /// Cancels every pending entry with this tag, in queue order (rule 19); nothing is published when none
    /// has it. The item on screen stays.
    ///
    /// - Parameter tag: The tag.
    /// - Complexity: O(n log n).
    public func cancel(tagged tag: String) async {
        await run(.cancelTagged(tag))
    }

    /// Cancels every pending entry whose item `isStale` picks, in queue order (rule 19): for example the
    /// messages that went stale while the app was in the background, on resume. Nothing is published when it
    /// picks none. The item on screen stays.
    ///
    /// <!-- snippet: CancelWhereDocExample -->
    /// ```swift
    /// await queue.cancel { promo in promo.endsAt < Date() }   // on resume: the sales that are over
    /// ```
    ///
    /// - Parameter isStale: Called on the queue's executor with each pending item, once.
    /// - Complexity: O(n log n).
    public func cancel(where isStale: (Item) -> Bool) async {
        let chosen = machine.pendingInQueueOrder.filter { isStale(item(ofEntry: $0.entry)) }.map(\.entry)
        await run(.cancelEntries(chosen))
    }
}

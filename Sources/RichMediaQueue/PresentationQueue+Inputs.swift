extension PresentationQueue {
    /// Adds an item to the queue (rules 7, 8, 9), presenting it at once if the queue is idle.
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
    /// - Complexity: O(log n) in the number of pending items.
    public func enqueue(_ item: Item, priority: Int = 0, ttl: Duration? = nil) async {
        let id = item.id
        let hash = id.hashValue
        let hasCalls = step(
            subject: { nil }, needsTime: ttl != nil,
            input: { engine, now in
                let isDuplicate = configuration.duplicates == .ignore && isLive(id, hash: hash, in: engine.index)
                let slot = store(item, hash: hash, in: &engine)
                engine.core.enqueue(
                    slot: slot, isDuplicate: isDuplicate, priority: priority, ttl: ttl, at: now,
                    effects: &engine.effects)
            })
        if hasCalls { await makeCalls() }
    }

    /// Reports that the attempt named by `token` is visible (rule 4).
    ///
    /// Stops the present timeout and starts the display timeout. Ignored unless `token` is the attempt on
    /// screen and it was not reported presented before.
    ///
    /// - Parameter token: The token the presenter was given.
    /// - Complexity: O(log n).
    @inlinable public func presented(_ token: AttemptToken<Item.ID>) async {
        await presented(id: token.id, attempt: token.attempt, entry: token.entry)
    }

    /// Reports that the attempt named by `token` was closed (rule 4); the item ends as closed and the
    /// minimum interval starts.
    ///
    /// - Parameter token: The token the presenter was given.
    /// - Complexity: O(log n).
    @inlinable public func closed(_ token: AttemptToken<Item.ID>) async {
        await closed(id: token.id, attempt: token.attempt, entry: token.entry)
    }

    /// Reports that the attempt named by `token` failed (rule 5): the item is retried after the retry
    /// delay if it has attempts left, otherwise it ends as failed. The next item may present at once.
    ///
    /// - Parameters:
    ///   - token: The token the presenter was given.
    ///   - reason: A short reason for the event stream, or `nil`.
    /// - Complexity: O(log n).
    @inlinable public func failed(_ token: AttemptToken<Item.ID>, reason: String? = nil) async {
        await failed(id: token.id, attempt: token.attempt, entry: token.entry, reason: reason)
    }

    // The public callbacks are inlinable and pass the token's fields: the app's code, specialized for its
    // id type, unpacks the token, so the queue's unspecialized code never needs the token type's metadata.

    /// ``presented(_:)`` for the token with these fields.
    @usableFromInline func presented(id: ID, attempt: Int, entry: UInt64) async {
        if deliver(.presented, id: id, attempt: attempt, entry: entry) { await makeCalls() }
    }

    /// ``closed(_:)`` for the token with these fields.
    @usableFromInline func closed(id: ID, attempt: Int, entry: UInt64) async {
        if deliver(.closed, id: id, attempt: attempt, entry: entry) { await makeCalls() }
    }

    /// ``failed(_:reason:)`` for the token with these fields.
    @usableFromInline func failed(id: ID, attempt: Int, entry: UInt64, reason: String?) async {
        if deliver(.failed, id: id, attempt: attempt, entry: entry, reason: reason) { await makeCalls() }
    }

    /// Delivers a callback that names an id and optionally an attempt, for scripted presenters.
    package func callback(_ action: IgnoredAction, target: Machine.CallbackTarget, reason: String? = nil) async {
        if deliver(action, id: target.id, attempt: target.attempt, entry: target.entry, reason: reason) {
            await makeCalls()
        }
    }

    /// Delivers a `presented`, `closed` or `failed` callback to the core; returns whether presenter calls
    /// wait for ``makeCalls()``.
    func deliver(_ action: IgnoredAction, id: ID, attempt: Int?, entry: UInt64?, reason: String? = nil) -> Bool {
        step(
            subject: { id }, needsTime: false,
            input: { engine, now in
                let isOnScreen = isOnScreen(id, entry: entry, in: engine.core)
                let target = QueueCore.Target(namesOnScreenID: isOnScreen, attempt: attempt, entry: entry)
                switch action {
                case .presented: engine.core.presented(target, at: now, effects: &engine.effects)
                case .closed: engine.core.closed(target, at: now, effects: &engine.effects)
                case .failed: engine.core.failed(target, reason: reason, at: now, effects: &engine.effects)
                case .cancel, .pause, .resume: break
                }
            })
    }

    /// Stops presenting new items (rule 10); the item on screen stays, ttl and retry timers keep running.
    public func pause() async {
        if step(subject: { nil }, input: { $0.core.pause(at: $1, effects: &$0.effects) }) { await makeCalls() }
    }

    /// Resumes presenting, presenting at once if an item is eligible (rule 10).
    public func resume() async {
        if step(subject: { nil }, input: { $0.core.resume(at: $1, effects: &$0.effects) }) { await makeCalls() }
    }

    /// Cancels the pending entries with this id (rule 11); ignored if the item is on screen or unknown.
    ///
    /// - Parameter id: The item id.
    /// - Complexity: O(log n) per entry with that id.
    public func cancel(_ id: Item.ID) async {
        let hash = id.hashValue
        let hasCalls = step(
            subject: { id },
            input: { engine, now in
                let sameID = liveEntries(id, hash: hash, in: engine.index)
                engine.core.cancel(sameID: sameID, at: now, effects: &engine.effects)
            })
        if hasCalls { await makeCalls() }
    }

    /// Cancels every pending entry, in queue order (rule 11); the item on screen stays.
    ///
    /// - Complexity: O(n log n).
    public func cancelAll() async {
        if step(subject: { nil }, input: { $0.core.cancelAll(at: $1, effects: &$0.effects) }) { await makeCalls() }
    }
}

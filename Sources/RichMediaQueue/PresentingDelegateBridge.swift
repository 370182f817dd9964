/// Connects a push SDK's synchronous presenting delegate (`shouldPresent(media) -> Bool`, `didPresent`,
/// `didClose`, `presentingDidFail`) to a ``PresentationQueue``.
///
/// The SDK asks `shouldPresent` synchronously, on its own thread, and cannot wait for an actor. The bridge
/// answers from lock-protected state: **yes** only for the item the queue itself asked to present and
/// that the SDK has not asked about yet (contract rule 13); otherwise **no**, and the item is enqueued.
/// Enqueues and callbacks are forwarded to the queue in call order through one ordered stream.
///
/// The queue presents an item by calling the `present` closure you supply (for example
/// `PWRichMediaManager.shared().present(media)`); the SDK then asks `shouldPresent` for it again and gets
/// yes. SDK callbacks name only the item, so the bridge attributes them to the attempt of that item that
/// is on screen; callbacks for any other item are reported by the queue as ignored.
///
/// See `Docs/RichMediaQueue.md` for a complete `PWRichMediaPresentingDelegate`.
public final class PresentingDelegateBridge<Item: Identifiable & Sendable, C: Clock>: Sendable
where Item.ID: Sendable, C.Duration == Duration {
    private enum Command: Sendable {
        case enqueue(Item, priority: Int, ttl: Duration?)
        case callback(IgnoredAction, QueueStateMachine<Item.ID>.CallbackTarget, reason: String?)
    }

    /// The queue behind the bridge; observe its events or snapshot it as usual.
    public let queue: PresentationQueue<Item, C>
    private let state: LockedValue<BridgeState<Item.ID>>
    private let commands: AsyncStream<Command>.Continuation

    /// Creates a bridge and its queue.
    ///
    /// - Parameters:
    ///   - configuration: The queue's rules.
    ///   - clock: The queue's clock.
    ///   - present: Asks the SDK to present the item; called by the queue when it is the item's turn.
    ///     Throwing counts as a failed attempt.
    ///   - dismiss: Asks the SDK to remove the item after a present or display timeout.
    public init(
        configuration: QueueConfiguration = QueueConfiguration(),
        clock: C,
        present: @escaping @Sendable (Item) async throws -> Void,
        dismiss: @escaping @Sendable (Item) async -> Void = { _ in }
    ) {
        let state = LockedValue(BridgeState<Item.ID>())
        let presenter = BridgePresenter<Item>(state: state, show: present, hide: dismiss)
        let queue = PresentationQueue(configuration: configuration, clock: clock, presenter: presenter)
        var captured: AsyncStream<Command>.Continuation?
        let stream = AsyncStream<Command>(bufferingPolicy: .unbounded) { captured = $0 }
        self.queue = queue
        self.state = state
        self.commands = captured!
        Task { [weak queue] in
            for await command in stream {
                guard let queue else { return }
                switch command {
                case .enqueue(let item, let priority, let ttl):
                    await queue.enqueue(item, priority: priority, ttl: ttl)
                case .callback(let action, let target, let reason):
                    await queue.callback(action, target: target, reason: reason)
                }
            }
        }
    }

    deinit {
        commands.finish()
    }

    /// Answers the SDK's synchronous `shouldPresent` without blocking.
    ///
    /// - Parameters:
    ///   - item: The item the SDK wants to present.
    ///   - priority: Its priority if it has to be enqueued.
    ///   - ttl: Its ttl if it has to be enqueued.
    /// - Returns: `true` only when the queue asked to present exactly this item and the SDK had not asked
    ///   about it yet; otherwise `false`, and the item is enqueued.
    /// - Complexity: O(1); takes a lock briefly.
    public func shouldPresent(_ item: Item, priority: Int = 0, ttl: Duration? = nil) -> Bool {
        let isOwnRequest = state.withLock { state -> Bool in
            guard let current = state.current, current.id == item.id, !state.answered else { return false }
            state.answered = true
            return true
        }
        if !isOwnRequest {
            commands.yield(.enqueue(item, priority: priority, ttl: ttl))
        }
        return isOwnRequest
    }

    /// Forwards the SDK's `didPresent` for the item with this id.
    ///
    /// - Parameter id: The id of the item the SDK presented.
    public func didPresent(_ id: Item.ID) {
        commands.yield(.callback(.presented, target(for: id, ending: false), reason: nil))
    }

    /// Forwards the SDK's `didClose` for the item with this id.
    ///
    /// - Parameter id: The id of the item the SDK closed.
    public func didClose(_ id: Item.ID) {
        commands.yield(.callback(.closed, target(for: id, ending: true), reason: nil))
    }

    /// Forwards the SDK's `presentingDidFail` for the item with this id.
    ///
    /// - Parameters:
    ///   - id: The id of the item that failed.
    ///   - reason: A short reason, for example the error's description.
    public func didFail(_ id: Item.ID, reason: String? = nil) {
        commands.yield(.callback(.failed, target(for: id, ending: true), reason: reason))
    }

    /// Resolves an SDK callback to the attempt the queue asked for, or to a target that is always ignored.
    private func target(for id: Item.ID, ending: Bool) -> QueueStateMachine<Item.ID>.CallbackTarget {
        state.withLock { state in
            guard let current = state.current, current.id == id else {
                // Attempt 0 never exists: the queue reports the callback as ignored.
                return .init(id: id, attempt: 0)
            }
            if ending { state.current = nil }
            return .init(current)
        }
    }
}

extension PresentingDelegateBridge where C == ContinuousClock {
    /// Creates a bridge and its queue on the continuous clock.
    ///
    /// - Parameters:
    ///   - configuration: The queue's rules.
    ///   - present: Asks the SDK to present the item. Throwing counts as a failed attempt.
    ///   - dismiss: Asks the SDK to remove the item after a timeout.
    public convenience init(
        configuration: QueueConfiguration = QueueConfiguration(),
        present: @escaping @Sendable (Item) async throws -> Void,
        dismiss: @escaping @Sendable (Item) async -> Void = { _ in }
    ) {
        self.init(configuration: configuration, clock: ContinuousClock(), present: present, dismiss: dismiss)
    }
}

/// What the bridge knows synchronously: the attempt the queue asked to present, and whether the SDK has
/// asked `shouldPresent` for it yet.
struct BridgeState<ID: Hashable & Sendable>: Sendable {
    var current: AttemptToken<ID>?
    var answered = false
}

/// The presenter the bridge installs in its queue: records the requested attempt, then calls the app.
struct BridgePresenter<Item: Identifiable & Sendable>: MediaPresenter where Item.ID: Sendable {
    let state: LockedValue<BridgeState<Item.ID>>
    let show: @Sendable (Item) async throws -> Void
    let hide: @Sendable (Item) async -> Void

    func present(_ item: Item, attempt: AttemptToken<Item.ID>) async throws {
        state.withLock { state in
            state.current = attempt
            state.answered = false
        }
        do {
            try await show(item)
        } catch {
            state.withLock { state in
                if state.current == attempt { state.current = nil }
            }
            throw error
        }
    }

    func dismiss(_ item: Item, attempt: AttemptToken<Item.ID>) async {
        await hide(item)
    }
}

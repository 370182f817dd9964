/// Connects a push SDK's synchronous presenting delegate (`shouldPresent(media) -> Bool`, `didPresent`,
/// `didClose`, `presentingDidFail`) to a ``PresentationQueue``.
///
/// The SDK asks `shouldPresent` synchronously, on its own thread, and cannot wait for an actor. The bridge
/// answers from lock-protected state that the queue updates whenever its attempt on screen changes:
///
/// - **yes** only while the queue's own current attempt is that media and the queue has asked the SDK to
///   present it (the bridge's `present` closure ran for that attempt), and only once per attempt (contract
///   rule 13). The SDK then shows the page it was asked for.
/// - **no** for everything else, and the media is enqueued as a new request: a first trigger, a second
///   trigger of a page already on screen (dropped as a duplicate unless duplicates are allowed), and a page
///   whose attempt has ended (by present or display timeout, failure, or close) that the SDK asks about
///   late (for example a slow page that finally loaded). Any end of an attempt clears the yes.
///
/// Enqueues and callbacks are forwarded to the queue in call order through one ordered stream; await
/// ``settled()`` to know they have been applied. SDK callbacks name only the media, so the bridge
/// attributes them to the queue's current attempt of that media when it may:
///
/// - `didPresent` counts for the current attempt once the queue asked the SDK to present it. A
///   `didPresent` for a page whose attempt has ended (it appeared after its present timeout) is reported
///   by the queue as ignored, and the bridge asks the SDK to `dismiss` that page, so it never stays on
///   screen beside the next one.
/// - `didClose` counts only for the current attempt after its `didPresent`: a close that arrives earlier
///   is taken for a late close of an earlier attempt and reported as ignored (a wrong close would free the
///   slot while the page is still up).
/// - `didFail` counts for the current attempt once the queue asked the SDK to present it.
///
/// Everything else is reported by the queue as ignored. See `Docs/RichMediaQueue.md` for a complete
/// `PWRichMediaPresentingDelegate`.
public final class PresentingDelegateBridge<Item: Identifiable & Sendable, C: Clock>: Sendable
where Item.ID: Sendable, C.Duration == Duration {
    private typealias Target = QueueStateMachine<Item.ID>.CallbackTarget

    private enum Command: Sendable {
        case enqueue(Item, priority: Int, ttl: Duration?, screens: ScreenRule, tags: Set<String>)
        case screen(String?)
        case callback(QueueCallback, Target)
        case dismiss(Item)
        case settle(CheckedContinuation<Void, Never>)
    }

    /// The queue behind the bridge; observe its events or snapshot it as usual.
    public let queue: PresentationQueue<Item, C>
    private let state: LockedValue<BridgeState<Item>>
    private let commands: AsyncStream<Command>.Continuation

    /// Creates a bridge and its queue.
    ///
    /// - Parameters:
    ///   - configuration: The queue's rules.
    ///   - clock: The queue's clock.
    ///   - present: Asks the SDK to present the item; called by the queue when it is the item's turn.
    ///     Throwing counts as a failed attempt.
    ///   - dismiss: Asks the SDK to remove the item: after a present or display timeout, when a page
    ///     appears after its attempt ended, and when the user leaves for a screen a `dismiss-on-leave` page
    ///     does not allow. Pass it: without it such a page stays on screen.
    public init(
        configuration: QueueConfiguration = QueueConfiguration(),
        clock: C,
        present: @escaping @Sendable (Item) async throws -> Void,
        dismiss: @escaping @Sendable (Item) async -> Void = { _ in }
    ) {
        let state = LockedValue(BridgeState<Item>())
        let presenter = BridgePresenter<Item>(state: state, show: present, hide: dismiss)
        let queue = PresentationQueue(
            configuration: configuration, clock: clock, presenter: presenter, schedulesWakeUps: true,
            onScreenChange: { token in state.withLock { $0.onScreen = token } })
        let (stream, continuation) = AsyncStream<Command>.makeStream(bufferingPolicy: .unbounded)
        self.queue = queue
        self.state = state
        self.commands = continuation
        Task { [weak queue] in
            for await command in stream {
                guard let queue else {
                    if case .settle(let waiter) = command { waiter.resume() }
                    continue
                }
                switch command {
                case .enqueue(let item, let priority, let ttl, let screens, let tags):
                    await queue.enqueue(item, priority: priority, ttl: ttl, screens: screens, tags: tags)
                case .screen(let screen):
                    await queue.setScreen(screen)
                case .callback(let callback, let target):
                    await queue.callback(callback, target: target)
                case .dismiss(let item):
                    await dismiss(item)
                case .settle(let waiter):
                    await queue.settled()
                    waiter.resume()
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
    ///   - screens: Where it may appear if it has to be enqueued (rule 16); anywhere by default.
    ///   - tags: Its tags if it has to be enqueued (rule 19).
    /// - Returns: `true` only while the queue's current attempt is this item, the queue asked the SDK to
    ///   present it, and this attempt has not had its yes yet; otherwise `false`, and the item is enqueued
    ///   as a new request.
    /// - Complexity: O(1); takes a lock briefly.
    public func shouldPresent(
        _ item: Item, priority: Int = 0, ttl: Duration? = nil, screens: ScreenRule = .anywhere, tags: Set<String> = []
    ) -> Bool {
        let isOwnRequest = state.withLock { $0.answerYes(to: item.id) }
        if !isOwnRequest {
            commands.yield(.enqueue(item, priority: priority, ttl: ttl, screens: screens, tags: tags))
        }
        return isOwnRequest
    }

    /// Tells the queue which screen the user is on (rule 16), without blocking: call it from your screens'
    /// `viewDidAppear` (or SwiftUI's `onAppear`) with the name your app gives each.
    ///
    /// It is forwarded in call order with the SDK's requests, so a `shouldPresent` made after it is judged on
    /// this screen. A page on screen that was enqueued with ``ScreenRule/dismissOnLeave`` and does not allow
    /// the new screen is dismissed through the bridge's `dismiss` closure (rule 17).
    ///
    /// - Parameter screen: The screen's name, or `nil` for none.
    public func setScreen(_ screen: String?) {
        commands.yield(.screen(screen))
    }

    /// Forwards the SDK's `didPresent` for the item with this id; asks the SDK to dismiss the page if its
    /// attempt has already ended.
    ///
    /// - Parameter id: The id of the item the SDK presented.
    public func didPresent(_ id: Item.ID) {
        let (target, stray) = state.withLock { $0.didPresent(id) }
        commands.yield(.callback(.presented, target))
        if let stray { commands.yield(.dismiss(stray)) }
    }

    /// Forwards the SDK's `didClose` for the item with this id.
    ///
    /// - Parameter id: The id of the item the SDK closed.
    public func didClose(_ id: Item.ID) {
        commands.yield(.callback(.closed, state.withLock { $0.didEnd(id, requiresPresented: true) }))
    }

    /// Forwards the SDK's `presentingDidFail` for the item with this id.
    ///
    /// - Parameters:
    ///   - id: The id of the item that failed.
    ///   - reason: A short reason, for example the error's description.
    public func didFail(_ id: Item.ID, reason: String? = nil) {
        commands.yield(.callback(.failed(reason: reason), state.withLock { $0.didEnd(id, requiresPresented: false) }))
    }

    /// Waits until everything forwarded so far (enqueues, callbacks, dismissals of late pages) is
    /// applied, the queue has caught up with its clock, and the presenter calls all this caused are made.
    ///
    /// SDK callbacks reach the queue asynchronously. In a test, await this after driving the fake SDK and
    /// after advancing a ``ManualClock``, before looking at the queue or the SDK:
    ///
    /// <!-- snippet: BridgeSettledDocExample -->
    /// ```swift
    /// _ = bridge.shouldPresent(Promo(id: "a"))
    /// await bridge.settled()            // the queue asked the SDK to present a#1
    /// clock.advance(by: .seconds(5))
    /// await bridge.settled()            // the present timeout fired and its dismissal was made
    /// ```
    public func settled() async {
        await withCheckedContinuation { waiter in
            if case .terminated = commands.yield(.settle(waiter)) { waiter.resume() }
        }
    }
}

extension PresentingDelegateBridge where C == ContinuousClock {
    /// Creates a bridge and its queue on the continuous clock.
    ///
    /// - Parameters:
    ///   - configuration: The queue's rules.
    ///   - present: Asks the SDK to present the item. Throwing counts as a failed attempt.
    ///   - dismiss: Asks the SDK to remove the item after a timeout, or when it appears after its
    ///     attempt ended.
    public convenience init(
        configuration: QueueConfiguration = QueueConfiguration(),
        present: @escaping @Sendable (Item) async throws -> Void,
        dismiss: @escaping @Sendable (Item) async -> Void = { _ in }
    ) {
        self.init(configuration: configuration, clock: ContinuousClock(), present: present, dismiss: dismiss)
    }
}

/// The presenter the bridge installs in its queue: records the requested attempt, then calls the app.
struct BridgePresenter<Item: Identifiable & Sendable>: MediaPresenter where Item.ID: Sendable {
    let state: LockedValue<BridgeState<Item>>
    let show: @Sendable (Item) async throws -> Void
    let hide: @Sendable (Item) async -> Void

    func present(_ item: Item, attempt: AttemptToken<Item.ID>) async throws {
        // The queue checked that the attempt is current; it may have ended since (a callback applied
        // meanwhile): then the SDK is not asked.
        guard state.withLock({ $0.asking(attempt, item: item) }) else { return }
        try await show(item)
    }

    func dismiss(_ item: Item, attempt: AttemptToken<Item.ID>) async {
        await hide(item)
    }
}

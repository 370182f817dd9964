/// The state of a ``PresentationQueue`` at one moment: the item on screen, the pending items in queue
/// order, the screen, and why the queue waits.
public struct QueueSnapshot<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
    /// A pending item and its bookkeeping.
    public struct Pending: Sendable {
        /// The item.
        public var item: Item
        /// Its priority.
        public var priority: Int
        /// How many attempts it has used (declined attempts do not count).
        public var attemptsUsed: Int
        /// The time left before it expires, or `nil` if it never expires.
        public var remainingTTL: Duration?
        /// Whether it is waiting out a retry delay (and so not eligible yet).
        public var isWaitingForRetry: Bool
        /// Where it may appear (rule 16).
        public var screens: ScreenRule = .anywhere
        /// Its tags (rule 19).
        public var tags: Set<String> = []
    }

    /// Why nothing is on screen while items are pending (rule 18).
    public struct Waiting: Sendable {
        /// The best pending item (rule 3, whatever the screen).
        public var item: Item
        /// The first reason that holds.
        public var reason: WaitingReason
        /// When the wait ends (queue time, comparable with ``QueueSnapshot/elapsed``), for `min-interval`,
        /// `frequency-cap` and `retry-delay` (the earliest retry); `nil` for the others.
        public var until: Duration?
    }

    /// The item on screen, if any.
    public var onScreen: Item?
    /// The attempt on screen, if any.
    public var onScreenAttempt: AttemptToken<Item.ID>?
    /// Whether the attempt on screen was reported presented.
    public var isPresented: Bool
    /// The pending items, in the order they would be presented (rule 3).
    public var pending: [Pending]
    /// Whether the queue is paused.
    public var isPaused: Bool
    /// The queue's time when the snapshot was taken.
    public var elapsed: Duration
    /// The earliest queue time (comparable with ``elapsed``) at which the pacing rules, the minimum
    /// interval and the frequency cap, allow the next present; `nil` when they allow one now. Pause, a
    /// decline and the item on screen are not pacing: see ``isPaused``, ``isWaitingAfterDecline`` and
    /// ``onScreen``.
    public var nextPresentAllowedAt: Duration? = nil
    /// Whether the presenter declined the latest attempt and the queue waits for the next enqueue,
    /// `resume()` or the decline delay before it presents again (rule 14).
    public var isWaitingAfterDecline = false
    /// The screen the user is on, as the app last said (`nil`: none; rule 16).
    public var screen: String? = nil
    /// Why nothing is on screen while items are pending (rule 18), whether or not the queue reports it with
    /// events; `nil` while an item is on screen or nothing is pending.
    public var waiting: Waiting? = nil
}

extension PresentationQueue {
    /// Returns the current state after catching up with the clock.
    ///
    /// - Returns: The item on screen, the pending items in queue order, and why the queue waits.
    /// - Complexity: O(n log n) in the number of pending items.
    public func snapshot() async -> QueueSnapshot<Item> {
        await catchUp()
        let now = machine.now
        let pending = machine.pendingInQueueOrder.map { entry in
            QueueSnapshot<Item>.Pending(
                item: item(ofEntry: entry.entry), priority: entry.priority, attemptsUsed: entry.attemptsUsed,
                remainingTTL: entry.ttlDeadline.map { $0 - now }, isWaitingForRetry: entry.retryAt != nil,
                screens: entry.screens, tags: entry.tags)
        }
        let onScreen = machine.onScreenToken
        var snapshot = QueueSnapshot(
            onScreen: onScreen.map { item(ofEntry: $0.entry) }, onScreenAttempt: onScreen,
            isPresented: machine.isOnScreenPresented, pending: pending, isPaused: machine.isPaused, elapsed: now)
        snapshot.nextPresentAllowedAt = machine.nextPresentAllowedAt
        snapshot.isWaitingAfterDecline = machine.isHeldByDecline
        snapshot.screen = machine.screen
        snapshot.waiting = waiting()
        return snapshot
    }
}

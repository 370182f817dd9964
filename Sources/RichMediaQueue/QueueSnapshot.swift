/// The state of a ``PresentationQueue`` at one moment: the item on screen and the pending items in queue
/// order.
public struct QueueSnapshot<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
    /// A pending item and its bookkeeping.
    public struct Pending: Sendable {
        /// The item.
        public var item: Item
        /// Its priority.
        public var priority: Int
        /// How many attempts it has used.
        public var attemptsUsed: Int
        /// The time left before it expires, or `nil` if it never expires.
        public var remainingTTL: Duration?
        /// Whether it is waiting out a retry delay (and so not eligible yet).
        public var isWaitingForRetry: Bool
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
}

extension PresentationQueue {
    /// Returns the current state after catching up with the clock.
    ///
    /// - Returns: The item on screen and the pending items in queue order.
    /// - Complexity: O(n log n) in the number of pending items.
    public func snapshot() async -> QueueSnapshot<Item> {
        await catchUp()
        let now = machine.now
        let pending = machine.pendingInQueueOrder.map { entry in
            QueueSnapshot<Item>.Pending(
                item: item(inSlot: entry.slot), priority: entry.priority, attemptsUsed: entry.attemptsUsed,
                remainingTTL: entry.ttlDeadline.map { $0 - now }, isWaitingForRetry: entry.retryAt != nil)
        }
        let onScreen = onScreenToken
        return QueueSnapshot(
            onScreen: machine.onScreenSlot.map { item(inSlot: $0) }, onScreenAttempt: onScreen,
            isPresented: machine.isOnScreenPresented, pending: pending, isPaused: machine.isPaused, elapsed: now)
    }
}

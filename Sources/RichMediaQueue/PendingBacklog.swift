/// A saveable copy of a queue's pending items, so an app relaunch does not lose queued rich media.
///
/// Take one with ``PresentationQueue/backlog()``, encode it (it is `Codable` when the item is), and hand
/// it to ``PresentationQueue/restore(_:elapsedSinceSave:)`` after relaunch. Entries are kept in enqueue
/// order with their priority, the attempts they used and their remaining ttl, so restoring reproduces the
/// queue order under every ``PresentationOrder``. The item on screen is not included: whether the user
/// saw it is unknown after a relaunch.
///
/// Monotonic clocks do not survive a relaunch, so the ttl is stored as the time remaining when the
/// backlog was taken; pass the time the app was away (for example from a `Date` you save alongside) as
/// `elapsedSinceSave` to subtract it. Retry delays do not survive: restored items are eligible at once. Screen
/// rules and tags survive; the screen itself does not (a queue starts at none: set it after relaunch).
public struct PendingBacklog<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
    /// One pending item.
    public struct Entry: Sendable {
        /// The item.
        public var item: Item
        /// Its priority.
        public var priority: Int
        /// The ttl left when the backlog was taken, or `nil` if it never expires.
        public var remainingTTL: Duration?
        /// How many attempts it has already used.
        public var attemptsUsed: Int
        /// Where it may appear (rule 16).
        public var screens: ScreenRule
        /// Its tags (rule 19).
        public var tags: Set<String>

        /// Creates an entry.
        ///
        /// - Parameters:
        ///   - item: The item.
        ///   - priority: Its priority.
        ///   - remainingTTL: The ttl left, or `nil`.
        ///   - attemptsUsed: Attempts already used.
        ///   - screens: Where it may appear.
        ///   - tags: Its tags.
        public init(
            item: Item, priority: Int = 0, remainingTTL: Duration? = nil, attemptsUsed: Int = 0,
            screens: ScreenRule = .anywhere, tags: Set<String> = []
        ) {
            self.item = item
            self.priority = priority
            self.remainingTTL = remainingTTL
            self.attemptsUsed = attemptsUsed
            self.screens = screens
            self.tags = tags
        }
    }

    /// The pending items in enqueue order.
    public var entries: [Entry]

    /// Creates a backlog.
    ///
    /// - Parameter entries: The pending items in enqueue order.
    public init(entries: [Entry]) {
        self.entries = entries
    }
}

extension PendingBacklog: Codable where Item: Codable {}

extension PendingBacklog.Entry: Codable where Item: Codable {
    private enum CodingKeys: String, CodingKey {
        case item, priority, remainingTTL, attemptsUsed, screens, tags
    }

    /// Decodes an entry; `screens` and `tags`, which backlogs saved before they existed lack, default to anywhere
    /// and none.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        item = try container.decode(Item.self, forKey: .item)
        priority = try container.decode(Int.self, forKey: .priority)
        remainingTTL = try container.decodeIfPresent(Duration.self, forKey: .remainingTTL)
        attemptsUsed = try container.decode(Int.self, forKey: .attemptsUsed)
        screens = try container.decodeIfPresent(ScreenRule.self, forKey: .screens) ?? .anywhere
        tags = try container.decodeIfPresent(Set<String>.self, forKey: .tags) ?? []
    }

    /// Encodes an entry.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(item, forKey: .item)
        try container.encode(priority, forKey: .priority)
        try container.encodeIfPresent(remainingTTL, forKey: .remainingTTL)
        try container.encode(attemptsUsed, forKey: .attemptsUsed)
        try container.encode(screens, forKey: .screens)
        try container.encode(tags, forKey: .tags)
    }
}
extension PendingBacklog: Equatable where Item: Equatable {}
extension PendingBacklog.Entry: Equatable where Item: Equatable {}

extension PresentationQueue {
    /// Returns the pending items (not the one on screen) for saving, after catching up with the clock.
    ///
    /// - Returns: The pending items in enqueue order with priority, attempts used and remaining ttl.
    /// - Complexity: O(n log n).
    public func backlog() async -> PendingBacklog<Item> {
        await catchUp()
        let now = machine.now
        let entries = machine.pendingInQueueOrder.sorted { $0.entry < $1.entry }.map { pending in
            PendingBacklog.Entry(
                item: item(ofEntry: pending.entry), priority: pending.priority,
                remainingTTL: pending.ttlDeadline.map { $0 - now }, attemptsUsed: pending.attemptsUsed,
                screens: pending.screens, tags: pending.tags)
        }
        return PendingBacklog(entries: entries)
    }

    /// Enqueues a saved backlog's items in their original enqueue order, keeping priorities and used
    /// attempts.
    ///
    /// Each item goes through the usual enqueue rules (duplicates, capacity). Its ttl is the saved
    /// remaining ttl minus `elapsedSinceSave`; items whose ttl ran out while the app was away are reported
    /// as expired at once.
    ///
    /// - Parameters:
    ///   - backlog: The saved backlog.
    ///   - elapsedSinceSave: How long the app was away since the backlog was taken.
    /// - Complexity: O(k log n) for k restored items.
    public func restore(_ backlog: PendingBacklog<Item>, elapsedSinceSave: Duration = .zero) async {
        for entry in backlog.entries {
            let ttl = entry.remainingTTL.map { $0 - elapsedSinceSave }
            step(
                .enqueue(
                    entry.item.id, priority: entry.priority, ttl: ttl, attemptsUsed: entry.attemptsUsed,
                    screens: entry.screens, tags: entry.tags), item: entry.item)
        }
        await flushCalls()
    }
}

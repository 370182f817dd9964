/// The tunable rules of a ``PresentationQueue``: order, pacing, timeouts, retries, capacity, duplicates,
/// the frequency cap, what a decline waits for, and whether the queue reports why it waits.
///
/// The defaults match the contract: FIFO, no minimum interval, no timeouts, a single attempt, unlimited
/// capacity, duplicates ignored.
///
/// <!-- snippet: QueueConfigurationDocExample -->
/// ```swift
/// let configuration = QueueConfiguration(
///     order: .priority, minInterval: .seconds(30), presentTimeout: .seconds(5),
///     maxAttempts: 3, retryDelay: .seconds(10), capacity: 20, overflow: .dropLowestPriority)
/// ```
public struct QueueConfiguration: Sendable, Hashable, Codable {
    /// Which pending item is presented next (rule 3).
    public var order: PresentationOrder
    /// The minimum time between a `closed` and the next `present` (rule 2). Failures do not start it.
    public var minInterval: Duration
    /// How long the presenter has to report `presented` after `present` before the attempt fails with
    /// reason `timeout` (rule 5); `nil` waits forever.
    public var presentTimeout: Duration?
    /// How long a presented item may stay on screen before it is closed with reason `timeout` and
    /// dismissed (rule 6); `nil` (the default) lets users look as long as they like.
    public var displayTimeout: Duration?
    /// How many attempts an item gets before a failure is final (rule 5); at least 1.
    public var maxAttempts: Int
    /// How long a failed item waits before it is eligible again (rule 5).
    public var retryDelay: Duration
    /// The maximum number of pending items (the on-screen item does not count); `nil` is unlimited
    /// (rule 9). Retried items returning to pending are not counted against it.
    public var capacity: Int?
    /// Which item is dropped when an enqueue would exceed ``capacity``.
    public var overflow: OverflowPolicy
    /// What happens to an enqueue whose id is already pending or on screen (rule 8).
    public var duplicates: DuplicatePolicy
    /// At most so many presentations in any window of this length (rule 15); `nil` (the default) is no cap.
    public var frequencyCap: FrequencyCap?
    /// How long after the presenter declines an attempt the queue asks again by itself (rule 14); `nil`
    /// (the default) waits for the next enqueue or ``PresentationQueue/resume()``.
    public var declineDelay: Duration?
    /// Whether the queue publishes ``QueueEvent/Kind/waiting(_:reason:until:)`` events saying why nothing is on
    /// screen while items are pending (rule 18); off by default, so existing event streams do not change. The
    /// snapshot says the same at any time (``QueueSnapshot/waiting``), on or off.
    public var reportsWaiting = false

    /// Creates a configuration; every parameter defaults to the contract's default.
    ///
    /// Negative durations are treated as zero, `maxAttempts` below 1 as 1, a `capacity` below 1 as 1, and a
    /// `declineDelay` below 1 ms as 1 ms (asking again at the same instant would spin).
    ///
    /// - Parameters:
    ///   - order: Which pending item is presented next.
    ///   - minInterval: The minimum time between a close and the next present.
    ///   - presentTimeout: How long to wait for `presented`, or `nil`.
    ///   - displayTimeout: How long a presented item may stay, or `nil`.
    ///   - maxAttempts: Attempts per item before a failure is final.
    ///   - retryDelay: The wait before a failed item is eligible again.
    ///   - capacity: The maximum number of pending items, or `nil` for unlimited.
    ///   - overflow: Which item to drop when the capacity would be exceeded.
    ///   - duplicates: What to do with an id that is already pending or on screen.
    ///   - frequencyCap: At most so many presentations per window, or `nil`.
    ///   - declineDelay: When to ask again after a decline, or `nil` to wait for an enqueue or `resume()`.
    ///   - reportsWaiting: Whether to publish `waiting` events (rule 18).
    public init(
        order: PresentationOrder = .fifo,
        minInterval: Duration = .zero,
        presentTimeout: Duration? = nil,
        displayTimeout: Duration? = nil,
        maxAttempts: Int = 1,
        retryDelay: Duration = .zero,
        capacity: Int? = nil,
        overflow: OverflowPolicy = .dropNewest,
        duplicates: DuplicatePolicy = .ignore,
        frequencyCap: FrequencyCap? = nil,
        declineDelay: Duration? = nil,
        reportsWaiting: Bool = false
    ) {
        self.order = order
        self.minInterval = max(minInterval, .zero)
        self.presentTimeout = presentTimeout.map { max($0, .zero) }
        self.displayTimeout = displayTimeout.map { max($0, .zero) }
        self.maxAttempts = max(maxAttempts, 1)
        self.retryDelay = max(retryDelay, .zero)
        self.capacity = capacity.map { max($0, 1) }
        self.overflow = overflow
        self.duplicates = duplicates
        self.frequencyCap = frequencyCap
        self.declineDelay = declineDelay.map { max($0, .milliseconds(1)) }
        self.reportsWaiting = reportsWaiting
    }

    private enum CodingKeys: String, CodingKey {
        case order, minInterval, presentTimeout, displayTimeout, maxAttempts, retryDelay, capacity, overflow,
            duplicates, frequencyCap, declineDelay, reportsWaiting
    }

    /// Decodes a configuration; `reportsWaiting`, which configurations saved before it existed lack, defaults to
    /// `false`.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        order = try container.decode(PresentationOrder.self, forKey: .order)
        minInterval = try container.decode(Duration.self, forKey: .minInterval)
        presentTimeout = try container.decodeIfPresent(Duration.self, forKey: .presentTimeout)
        displayTimeout = try container.decodeIfPresent(Duration.self, forKey: .displayTimeout)
        maxAttempts = try container.decode(Int.self, forKey: .maxAttempts)
        retryDelay = try container.decode(Duration.self, forKey: .retryDelay)
        capacity = try container.decodeIfPresent(Int.self, forKey: .capacity)
        overflow = try container.decode(OverflowPolicy.self, forKey: .overflow)
        duplicates = try container.decode(DuplicatePolicy.self, forKey: .duplicates)
        frequencyCap = try container.decodeIfPresent(FrequencyCap.self, forKey: .frequencyCap)
        declineDelay = try container.decodeIfPresent(Duration.self, forKey: .declineDelay)
        reportsWaiting = try container.decodeIfPresent(Bool.self, forKey: .reportsWaiting) ?? false
    }
}

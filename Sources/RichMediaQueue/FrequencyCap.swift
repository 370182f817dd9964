/// At most ``count`` presentations in any window of length ``window`` (contract rule 15).
///
/// A present waits until fewer than `count` attempts started in the last `window`; retries count,
/// declined attempts do not (nothing was shown). The queue schedules the moment the window opens; it
/// never polls.
///
/// <!-- snippet: FrequencyCapDocExample -->
/// ```swift
/// let configuration = QueueConfiguration(frequencyCap: FrequencyCap(3, per: .seconds(3600)))
/// ```
public struct FrequencyCap: Sendable, Hashable, Codable {
    /// The most presentations in one window; at least 1.
    public var count: Int
    /// The window's length; more than zero.
    public var window: Duration

    /// Creates a cap of `count` presentations per `window`.
    ///
    /// A `count` below 1 is treated as 1 and a `window` of zero or less as 1 nanosecond.
    ///
    /// - Parameters:
    ///   - count: The most presentations in one window.
    ///   - window: The window's length.
    public init(_ count: Int, per window: Duration) {
        self.count = max(count, 1)
        self.window = max(window, .nanoseconds(1))
    }
}

/// Names one presentation attempt of one queued entry.
///
/// The queue hands a token to the presenter with every `present`; callbacks (`presented`, `closed`,
/// `failed`) carry it back. A callback whose token is not the attempt on screen right now (an earlier
/// attempt, a finished item, a second close) is reported as ``QueueEvent/Kind/ignored(_:id:attempt:reason:)``
/// and changes nothing, so late and duplicate callbacks are harmless.
public struct AttemptToken<ID: Hashable & Sendable>: Hashable, Sendable {
    /// The id of the item being presented.
    public let id: ID
    /// The attempt number, starting at 1.
    public let attempt: Int
    /// The queue entry: the queue numbers every enqueue 1, 2, 3, … in call order (dropped and expired
    /// entries included), so entries that share an id stay apart when duplicates are allowed.
    public let entry: UInt64

    /// Creates a token, for example the one a test expects the queue to hand its presenter.
    ///
    /// <!-- snippet: AttemptTokenDocExample -->
    /// ```swift
    /// // The second item enqueued, on its first attempt:
    /// #expect(presenter.lastToken(for: "b") == AttemptToken(id: "b", attempt: 1, entry: 2))
    /// ```
    ///
    /// - Parameters:
    ///   - id: The item's id.
    ///   - attempt: The attempt number, from 1.
    ///   - entry: The entry number: the position of the enqueue among all enqueues of the queue, from 1.
    public init(id: ID, attempt: Int, entry: UInt64) {
        self.id = id
        self.attempt = attempt
        self.entry = entry
    }
}

extension AttemptToken: CustomStringConvertible {
    /// The token as `id#attempt`.
    public var description: String { "\(id)#\(attempt)" }
}

/// Names one presentation attempt of one queued entry.
///
/// The queue hands a token to the presenter with every `present`; callbacks (`presented`, `closed`,
/// `failed`) carry it back. A callback whose token is not the attempt on screen right now (an earlier
/// attempt, a finished item, a second close) is reported as ``QueueEvent/Kind/ignored(_:id:attempt:reason:)``
/// and changes nothing, so late and duplicate callbacks are harmless.
public struct AttemptToken<ID: Hashable & Sendable>: Hashable, Sendable {
    // The fixed-size fields come first, so the queue's unspecialized code reads them at constant offsets.

    /// The attempt number, starting at 1.
    public let attempt: Int
    /// The queue entry, distinguishing entries that share an id when duplicates are allowed.
    @usableFromInline let entry: UInt64
    /// The id of the item being presented.
    public let id: ID

    init(id: ID, attempt: Int, entry: UInt64) {
        self.attempt = attempt
        self.entry = entry
        self.id = id
    }
}

extension AttemptToken: CustomStringConvertible {
    /// The token as `id#attempt`.
    public var description: String { "\(id)#\(attempt)" }
}

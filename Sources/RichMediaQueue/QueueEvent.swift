/// Something that happened in a ``PresentationQueue``, in the vocabulary of the `mediaqueue` simulator.
///
/// Every enqueued entry produces ``Kind/enqueued(_:)`` and later exactly one terminal event
/// (``Kind/closed(_:reason:)``, a final ``Kind/failed(_:reason:final:)``, ``Kind/expired(_:)``,
/// ``Kind/dropped(_:reason:)`` or ``Kind/cancelled(_:)``), unless it is still pending or on screen.
public struct QueueEvent<ID: Hashable & Sendable>: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// An entry was accepted for consideration (it may be dropped right after).
        case enqueued(ID)
        /// The queue asked the presenter to present this attempt; the slot is taken from now on.
        case present(AttemptToken<ID>)
        /// The presenter reported the attempt visible.
        case presented(AttemptToken<ID>)
        /// The attempt on screen ended normally or by display timeout. Terminal.
        case closed(AttemptToken<ID>, reason: CloseReason)
        /// The attempt failed (`reason` is `"timeout"` for a present timeout); terminal when `final`.
        case failed(AttemptToken<ID>, reason: String?, final: Bool)
        /// A pending entry's ttl ran out. Terminal.
        case expired(ID)
        /// An entry was dropped as a duplicate or by the overflow policy. Terminal.
        case dropped(ID, reason: DropReason)
        /// A pending entry was cancelled. Terminal.
        case cancelled(ID)
        /// An input changed nothing; `id` and `attempt` are what the input named, if anything.
        case ignored(IgnoredAction, id: ID?, attempt: Int?, reason: IgnoreReason)
        /// The queue was paused.
        case paused
        /// The queue was resumed.
        case resumed
    }

    /// The time since the queue was created, on the queue's clock.
    public var elapsed: Duration
    /// What happened.
    public var kind: Kind

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - elapsed: The time since the queue was created.
    ///   - kind: What happened.
    public init(elapsed: Duration, kind: Kind) {
        self.elapsed = elapsed
        self.kind = kind
    }

    /// Whether this event ends its entry (closed, final failure, expired, dropped, cancelled).
    public var isTerminal: Bool {
        switch kind {
        case .closed, .expired, .dropped, .cancelled: return true
        case .failed(_, _, let final): return final
        default: return false
        }
    }
}

/// How a queued entry ended: its terminal event, as a value (see ``PresentationQueue/outcome(of:)``).
///
/// New cases may be added in a minor version: switch over it with an `@unknown default` case.
#if hasAttribute(nonexhaustive)
    @nonexhaustive
#endif
public enum PresentationOutcome: Hashable, Sendable {
    /// The item was shown and closed: by the presenter (``CloseReason/closed``) or by the display timeout
    /// (``CloseReason/timeout``).
    case closed(reason: CloseReason)
    /// The last attempt failed; `reason` is the failure's reason (`"timeout"` for a present timeout).
    case failed(reason: String?)
    /// Its ttl ran out while it was pending.
    case expired
    /// It was dropped as a duplicate or by the overflow policy.
    case dropped(reason: DropReason)
    /// It was cancelled while pending.
    case cancelled
}

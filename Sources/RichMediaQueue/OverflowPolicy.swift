/// What happens when an enqueue would exceed the queue's capacity (contract rule 9).
///
/// The item chosen ends with a ``QueueEvent/Kind/dropped(_:reason:)`` event whose reason is
/// ``DropReason/overflow``.
///
/// New cases may be added in a minor version: switch over it with an `@unknown default` case.
#if hasAttribute(nonexhaustive)
    @nonexhaustive
#endif
public enum OverflowPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Drop the incoming item.
    case dropNewest = "drop-newest"
    /// Drop the earliest-enqueued pending item and keep the incoming one.
    case dropOldest = "drop-oldest"
    /// Drop the lowest-priority item among the pending ones and the incoming one; ties drop the latest
    /// enqueued.
    case dropLowestPriority = "drop-lowest-priority"
}

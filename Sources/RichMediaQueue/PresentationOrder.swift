/// The order in which pending items are presented (contract rule 3).
///
/// New cases may be added in a minor version: switch over it with an `@unknown default` case.
#if hasAttribute(nonexhaustive)
    @nonexhaustive
#endif
public enum PresentationOrder: String, Sendable, Hashable, Codable, CaseIterable {
    /// Earliest enqueued first.
    case fifo
    /// Latest enqueued first.
    case lifo
    /// Highest priority first; ties go to the earliest enqueued.
    case priority
}

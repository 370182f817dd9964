/// The order in which pending items are presented (contract rule 3).
public enum PresentationOrder: String, Sendable, Hashable, Codable, CaseIterable {
    /// Earliest enqueued first.
    case fifo
    /// Latest enqueued first.
    case lifo
    /// Highest priority first; ties go to the earliest enqueued.
    case priority
}

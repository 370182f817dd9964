/// What happens when an item is enqueued while an item with the same id is pending or on screen
/// (contract rule 8).
///
/// New cases may be added in a minor version: switch over it with an `@unknown default` case.
#if hasAttribute(nonexhaustive)
    @nonexhaustive
#endif
public enum DuplicatePolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Drop the new entry with reason ``DropReason/duplicate``.
    case ignore
    /// Queue the new entry as another, independent entry.
    case allow
}

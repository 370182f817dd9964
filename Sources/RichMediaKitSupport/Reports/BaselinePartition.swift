/// Splits findings by a baseline of accepted ones (package access: not public API).
///
/// The one rule every baseline follows: a finding whose key is in the baseline is accepted, any other is new, and
/// a baseline key that no finding has is stale (the problem it accepted is gone, so the entry can be deleted).
package struct BaselinePartition<Finding, Key: Hashable> {
    /// Findings not in the baseline, in their original order.
    package var new: [Finding]
    /// Findings the baseline accepts, in their original order.
    package var accepted: [Finding]
    /// Baseline keys that match no finding, in the baseline's order (each once).
    package var stale: [Key]

    /// Partitions `findings` by the accepted `keys`.
    ///
    /// - Parameters:
    ///   - findings: The findings of today's run.
    ///   - keys: The baseline's keys.
    ///   - key: A finding's stable key.
    /// - Complexity: O(*f* + *k*).
    package init(_ findings: [Finding], accepting keys: [Key], key: (Finding) -> Key) {
        let accepted = Set(keys)
        var seen = Set<Key>()
        new = []
        self.accepted = []
        for finding in findings {
            let findingKey = key(finding)
            if accepted.contains(findingKey) {
                self.accepted.append(finding)
                seen.insert(findingKey)
            } else {
                new.append(finding)
            }
        }
        var listed = Set<Key>()
        stale = keys.filter { !seen.contains($0) && listed.insert($0).inserted }
    }
}

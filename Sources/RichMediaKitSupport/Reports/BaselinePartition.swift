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
        self.init(findings, accepting: keys, keys: { [key($0)] })
    }

    /// Partitions `findings` by the accepted `keys`, a finding having several keys (its identity by content, and the
    /// one a version 1 baseline gave it by position): it is accepted when any of them is, and each key it has that
    /// the baseline lists is not stale.
    ///
    /// - Parameters:
    ///   - findings: The findings of today's run.
    ///   - keys: The baseline's keys.
    ///   - findingKeys: A finding's keys.
    /// - Complexity: O(*f* · *n* + *k*) for *n* keys a finding.
    package init(_ findings: [Finding], accepting keys: [Key], keys findingKeys: (Finding) -> [Key]) {
        let accepted = Set(keys)
        var seen = Set<Key>()
        new = []
        self.accepted = []
        for finding in findings {
            let matched = findingKeys(finding).filter { accepted.contains($0) }
            if matched.isEmpty {
                new.append(finding)
            } else {
                self.accepted.append(finding)
                seen.formUnion(matched)
            }
        }
        var listed = Set<Key>()
        stale = keys.filter { !seen.contains($0) && listed.insert($0).inserted }
    }
}

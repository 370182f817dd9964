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
        var matcher = BaselineMatcher(accepting: keys)
        new = []
        accepted = []
        for finding in findings {
            if matcher.accepts(findingKeys(finding)) { accepted.append(finding) } else { new.append(finding) }
        }
        stale = matcher.stale
    }
}

/// The rule of ``BaselinePartition`` one finding at a time (package access: `Baseline.compare(_:)` asks it about
/// each finding of a report).
package struct BaselineMatcher<Key: Hashable> {
    private let keys: [Key]
    private let accepting: Set<Key>
    private var seen = Set<Key>()

    /// A matcher for a baseline's keys.
    ///
    /// - Parameter keys: The baseline's keys, in its order.
    package init(accepting keys: [Key]) {
        self.keys = keys
        accepting = Set(keys)
    }

    /// Whether the baseline accepts a finding with these keys (any of them); each key it has that the baseline lists
    /// is not stale.
    ///
    /// - Parameter findingKeys: The finding's keys (its identity by content, and the one a version 1 file gave it).
    /// - Returns: Whether the finding is accepted.
    package mutating func accepts(_ findingKeys: [Key]) -> Bool {
        let matched = findingKeys.filter(accepting.contains)
        seen.formUnion(matched)
        return !matched.isEmpty
    }

    /// The baseline's keys that no finding asked about so far had, in the baseline's order (each once).
    package var stale: [Key] {
        var listed = Set<Key>()
        return keys.filter { !seen.contains($0) && listed.insert($0).inserted }
    }
}

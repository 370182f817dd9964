// Kept until the whole-app check moves onto the one baseline mechanism (FindingBaseline).
/// The rule for baseline entries that no longer match anything.
package enum BaselineStaleness {
    /// The rule's id.
    package static let ruleID = "stale-baseline-entry"
    /// The rule.
    package static let rule = ReportRule(
        id: ruleID, shortDescription: "A baseline entry accepts a finding that no longer occurs.",
        help: "Delete the entry (or write the baseline again with --write-baseline) so the baseline only shrinks.",
        defaultLevel: .note)

    /// One note per stale entry, located at the entry in the baseline file's array at `arrayPointer`.
    package static func findings<Entry: Hashable>(
        _ stale: [Entry], in entries: [Entry], arrayPointer: String, path: String, bytes: [UInt8],
        message: (Entry) -> String
    ) -> (rule: ReportRule, findings: [ReportFinding]) {
        let indexes = Dictionary(entries.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let pointers = stale.map { "\(arrayPointer)/\(indexes[$0] ?? 0)" }
        let positions = JSONSourcePositions.positions(of: pointers, in: bytes)
        let findings = zip(stale, pointers).map { entry, pointer in
            let position = positions[pointer] ?? JSONSourcePosition(line: 1, column: 1)
            return ReportFinding(
                ruleID: ruleID, level: .note, message: message(entry),
                location: .init(path: path, line: position.line, column: position.column))
        }
        return (rule, findings)
    }
}

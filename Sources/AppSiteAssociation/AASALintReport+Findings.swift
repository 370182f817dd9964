import RichMediaKitSupport

extension AASALintReport {
    /// The report's diagnostics as findings for SARIF or GitHub annotations, located in the file (package access).
    ///
    /// Syntax errors keep their line and column; other diagnostics are placed where the value their pointer
    /// designates starts in `bytes`.
    ///
    /// - Parameters:
    ///   - diagnostics: The diagnostics to report (all of the report's, or only new ones against a baseline).
    ///   - path: The file's path as given, or nil for standard input (then findings have no location).
    ///   - bytes: The file's bytes.
    /// - Returns: One finding per diagnostic, and one rule per code that occurs, in order of appearance.
    package static func findings(
        _ diagnostics: [AASADiagnostic], path: String?, bytes: [UInt8]
    ) -> (rules: [ReportRule], findings: [ReportFinding]) {
        let positions = path == nil ? [:] : JSONSourcePositions.positions(of: diagnostics.map(\.pointer), in: bytes)
        var rules: [ReportRule] = []
        var seen = Set<String>()
        var findings: [ReportFinding] = []
        for diagnostic in diagnostics {
            if seen.insert(diagnostic.code.rawValue).inserted {
                rules.append(
                    diagnostic.code.reportRule(fallbackHelp: diagnostic.hint, level: diagnostic.severity.reportLevel))
            }
            var location: ReportFinding.Location?
            if let path {
                if let line = diagnostic.line, let column = diagnostic.column {
                    location = .init(path: path, line: line, column: column)
                } else if let position = positions[diagnostic.pointer] {
                    location = .init(path: path, line: position.line, column: position.column)
                }
            }
            let at = diagnostic.pointer.isEmpty ? "." : " (at \(diagnostic.pointer))."
            findings.append(
                ReportFinding(
                    ruleID: diagnostic.code.rawValue, level: diagnostic.severity.reportLevel,
                    message: diagnostic.message + at + " Fix: " + diagnostic.hint, location: location))
        }
        return (rules, findings)
    }
}

extension AASALintBaseline {
    /// Stale baseline entries as notes located in the baseline file, so the file can shrink (package access).
    ///
    /// - Parameters:
    ///   - stale: The stale entries.
    ///   - path: The baseline file's path.
    ///   - bytes: The baseline file's bytes.
    /// - Returns: The rule and one note per entry.
    package func staleFindings(
        _ stale: [Entry], path: String, bytes: [UInt8]
    ) -> (rule: ReportRule, findings: [ReportFinding]) {
        BaselineStaleness.findings(
            stale, in: diagnostics, arrayPointer: "/diagnostics", path: path, bytes: bytes
        ) { "The accepted diagnostic \($0) no longer occurs; remove it from the baseline." }
    }
}

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

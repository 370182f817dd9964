import AppSiteAssociation
import RichMediaKitSupport

extension AASADiffReport {
    /// The rules `link-router aasa diff` reports, for SARIF (package access).
    package static let reportRules = [
        ReportRule(
            id: "gained",
            shortDescription: "URLs open the app under the new AASA file and did not under the old one.",
            help: "Check that the app has a route for the example URL; if the change is unintended, restore the "
                + "rule. See Docs/AASA.md, aasa diff.",
            defaultLevel: .warning),
        ReportRule(
            id: "lost",
            shortDescription: "URLs opened the app under the old AASA file and open Safari under the new one.",
            help: "If links to the example URL must keep opening the app, restore or widen the rule. See "
                + "Docs/AASA.md, aasa diff.",
            defaultLevel: .warning),
    ]

    /// The changes as findings (package access), located at the deciding rule in the new file, or in the old file
    /// when no rule of the new file decides the example.
    ///
    /// - Parameters:
    ///   - old: The old file's path as given (nil for standard input) and bytes.
    ///   - new: The new file's path as given (nil for standard input) and bytes.
    /// - Returns: One finding per change, gained first.
    package func findings(old: (path: String?, bytes: [UInt8]), new: (path: String?, bytes: [UInt8])) -> [ReportFinding]
    {
        let all = gained + lost
        let newPositions = JSONSourcePositions.positions(of: all.compactMap(\.new), in: new.bytes)
        let oldPositions = JSONSourcePositions.positions(of: all.compactMap(\.old), in: old.bytes)
        func location(_ change: Change) -> ReportFinding.Location? {
            if let pointer = change.new, let path = new.path, let position = newPositions[pointer] {
                return .init(path: path, line: position.line, column: position.column)
            }
            if let pointer = change.old, let path = old.path, let position = oldPositions[pointer] {
                return .init(path: path, line: position.line, column: position.column)
            }
            return nil
        }
        var findings: [ReportFinding] = []
        for change in gained {
            let before =
                change.old.map { "excluded by rule \($0) of the old file" } ?? "no rule of the old file matched"
            findings.append(
                ReportFinding(
                    ruleID: "gained", level: .warning,
                    message: "\(change.example) now opens the app (rule \(change.new ?? "?") of the new file); "
                        + "before, Safari opened it (\(before)).",
                    location: location(change)))
        }
        for change in lost {
            let now = change.new.map { "excluded by rule \($0) of the new file" } ?? "no rule of the new file matches"
            findings.append(
                ReportFinding(
                    ruleID: "lost", level: .warning,
                    message: "\(change.example) no longer opens the app: Safari opens it (\(now)); before, rule "
                        + "\(change.old ?? "?") of the old file opened the app.",
                    location: location(change)))
        }
        return findings
    }
}

import AppSiteAssociation
import FileLocations
import RichMediaKitSupport

/// A diff report is a check's report: one warning per change, located at the deciding rule in the new file
/// (`.new`), or in the old one (`.old`) when no rule of the new file decides the example.
/// Any change fails the check (exit status 1), so it is clean only when there is no finding.
extension AASADiffReport: CheckReport, StandaloneTextCheckReport {
    /// The rules `link-router aasa diff` reports, in this order: `gained`, `lost`.
    public var findingRules: [FindingRule] { Self.rules }

    private static let rules = [
        FindingRule(
            code: "gained", summary: "URLs open the app under the new AASA file and did not under the old one.",
            help: "Check that the app has a route for the example URL; if the change is unintended, restore the "
                + "rule. See Docs/AASA.md, aasa diff.",
            severity: .warning),
        FindingRule(
            code: "lost", summary: "URLs opened the app under the old AASA file and open Safari under the new one.",
            help: "If links to the example URL must keep opening the app, restore or widen the rule. See "
                + "Docs/AASA.md, aasa diff.",
            severity: .warning),
    ]

    /// One warning per change, gained first.
    public var locatedFindings: [LocatedFinding] {
        func places(_ change: Change) -> [LocatedFinding.Place] {
            [
                change.new.map { .init(.new, .pointer(JSONPointer(known: $0))) },
                change.old.map {
                    .init(.old, .pointer(JSONPointer(known: $0)))
                },
            ].compactMap { $0 }
        }
        let gained = gained.map { change in
            let before =
                change.old.map { "excluded by rule \($0) of the old file" } ?? "no rule of the old file matched"
            return LocatedFinding(
                code: "gained", severity: .warning,
                message: "\(change.example) now opens the app (rule \(change.new ?? "?") of the new file); before, "
                    + "Safari opened it (\(before)).",
                places: places(change))
        }
        let lost = lost.map { change in
            let now = change.new.map { "excluded by rule \($0) of the new file" } ?? "no rule of the new file matches"
            return LocatedFinding(
                code: "lost", severity: .warning,
                message: "\(change.example) no longer opens the app: Safari opens it (\(now)); before, rule "
                    + "\(change.old ?? "?") of the old file opened the app.",
                places: places(change))
        }
        return gained + lost
    }

    /// Whether both files open the app for the same URLs: no change at all (``isUnchanged``).
    public var isClean: Bool { locatedFindings.isEmpty }
}

import AppSiteAssociation
import FileLocations
import RichMediaKitSupport

/// A coverage report is a check's report: one error per gap, unrouted gaps located at the claiming rule in the AASA
/// file (`.aasa`), unclaimed ones at the route's entry in the routes file (`.routes`).
extension CoverageReport: CheckReport, StandaloneTextCheckReport {
    /// The rules `link-router check` reports, in this order: `unrouted`, `unclaimed`, then `not-compared` when the
    /// check reached its limit.
    public var findingRules: [FindingRule] { notCompared.isEmpty ? Self.rules : Self.rules + [Self.notComparedRule] }

    /// The rules of the coverage check (package access: the fetch and whole-app checks report them too).
    package static let rules = [
        FindingRule(
            code: "unrouted",
            summary: "The AASA file sends URLs to the app that no route handles: the app opens with nothing to show.",
            help: "Add a route for the example URL, or narrow the AASA rule (or add an exclude rule before it). If "
                + "the gap cannot be closed, accept it with --write-baseline/--baseline. See Docs/Coverage.md.",
            severity: .error),
        FindingRule(
            code: "unclaimed",
            summary: "A route handles URLs that iOS does not send to the app: the link opens in Safari.",
            help: "Add an AASA rule that claims the example URL (or remove the exclude rule that blocks it), or "
                + "remove the route. If the gap cannot be closed, accept it with --write-baseline/--baseline. See "
                + "Docs/Coverage.md.",
            severity: .error),
    ]

    /// The rule of a rule or route the check could not finish comparing (package access: the whole-app and Android
    /// checks report it too).
    package static let notComparedRule = FindingRule(
        code: "not-compared",
        summary: "The exact check reached its limit before it finished comparing this rule or route: gaps it is part "
            + "of may be missing from the report (the gaps reported are exact).",
        help: "Make the comparison cheaper: anchor the rule (start it with /section/ rather than *), use fewer * and ? "
            + "after a *, or split it into simpler rules; then run the check again. See Docs/Coverage.md (How the "
            + "engine works).",
        severity: .error)

    /// One error per gap, unrouted first, then one per rule or route not compared.
    public var locatedFindings: [LocatedFinding] {
        unrouted.map { $0.locatedFinding(appID: appID) } + unclaimed.map { $0.locatedFinding(appID: appID) }
            + notCompared.map { $0.locatedFinding(appID: appID) }
    }
}

extension CoverageReport.Unrouted {
    /// The gap as a finding at the claiming rule.
    package func locatedFinding(appID: String) -> LocatedFinding {
        LocatedFinding(
            code: "unrouted", severity: .error,
            message: "The AASA rule \(rule) sends \(example) to \(appID), and no route handles it (the app opens with "
                + "nothing to show)." + (URLSyntaxCorner.sentence(corners) ?? ""),
            fix: URLSyntaxCorner.fix(corners), in: .aasa, at: fileLocation)
    }
}

extension CoverageReport.Unclaimed {
    /// The route's entry in the routes file, when the checker knew its index.
    package var routePlace: LocatedFinding.Place? {
        routeIndex.map { .init(.routes, .pointer(JSONPointer.root.appending("routes").appending($0))) }
    }

    /// The gap as a finding at the route's entry.
    package func locatedFinding(appID: String) -> LocatedFinding {
        let why = rule.map { "the exclude rule \($0) blocks it" } ?? "no AASA rule for \(appID) matches it"
        return LocatedFinding(
            code: "unclaimed", severity: .error,
            message: "Route `\(route)` handles \(example), but iOS opens it in Safari: \(why)."
                + (URLSyntaxCorner.sentence(corners) ?? ""),
            fix: URLSyntaxCorner.fix(corners), places: routePlace.map { [$0] } ?? [])
    }
}

extension CoverageReport.NotCompared {
    /// Where the entry points: the rule in the AASA file, or the route's entry in the routes file.
    package var place: LocatedFinding.Place? {
        if let rule { return .init(.aasa, .pointer(JSONPointer(known: rule))) }
        return routeIndex.map { .init(.routes, .pointer(JSONPointer.root.appending("routes").appending($0))) }
    }

    /// What the entry says.
    package func message(appID: String) -> String {
        let what = rule.map { "the AASA rule \($0) (\(text))" } ?? "route `\(route ?? "")` (\(text))"
        let with = rule == nil ? "the AASA rules for \(appID)" : "the routes"
        return "The exact check reached its limit (\(CoverageChecker.stateLimit) product states) before it finished "
            + "comparing \(what) with \(with): gaps it is part of may be missing from this report."
    }

    /// The entry as a finding.
    package func locatedFinding(appID: String) -> LocatedFinding {
        LocatedFinding(
            code: "not-compared", severity: .error, message: message(appID: appID),
            fix: CoverageReport.notComparedRule.help, places: place.map { [$0] } ?? [])
    }
}

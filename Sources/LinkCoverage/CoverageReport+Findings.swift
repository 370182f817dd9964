import AppSiteAssociation
import LinkRouting
import RichMediaKitSupport

extension CoverageReport {
    /// The rules `link-router check` reports, for SARIF (package access).
    package static let reportRules = [
        ReportRule(
            id: "unrouted",
            shortDescription: "The AASA file sends URLs to the app that no route handles: the app opens with nothing "
                + "to show.",
            help: "Add a route for the example URL, or narrow the AASA rule (or add an exclude rule before it). If "
                + "the gap cannot be closed, accept it with --write-baseline/--baseline. See Docs/Coverage.md.",
            defaultLevel: .error),
        ReportRule(
            id: "unclaimed",
            shortDescription: "A route handles URLs that iOS does not send to the app: the link opens in Safari.",
            help: "Add an AASA rule that claims the example URL (or remove the exclude rule that blocks it), or "
                + "remove the route. If the gap cannot be closed, accept it with --write-baseline/--baseline. See "
                + "Docs/Coverage.md.",
            defaultLevel: .error),
    ]

    /// The report's gaps as findings (package access): unrouted gaps located at the claiming rule in the AASA
    /// file, unclaimed ones at the route's entry in the routes file.
    ///
    /// - Parameters:
    ///   - aasa: The AASA file's path as given (nil for standard input) and bytes.
    ///   - routes: The routes file's path as given (nil for standard input) and bytes.
    ///   - table: The route table loaded from the routes file (for the routes' positions in it).
    /// - Returns: One finding per gap, unrouted first.
    package func findings(
        aasa: (path: String?, bytes: [UInt8]), routes: (path: String?, bytes: [UInt8]), table: RouteTable
    ) -> [ReportFinding] {
        let rulePositions =
            aasa.path == nil ? [:] : JSONSourcePositions.positions(of: unrouted.map(\.rule), in: aasa.bytes)
        func routePointer(_ name: String) -> String { "/routes/\(table.routeIndex(named: name) ?? 0)" }
        let routePositions =
            routes.path == nil
            ? [:] : JSONSourcePositions.positions(of: unclaimed.map { routePointer($0.route) }, in: routes.bytes)
        func location(_ path: String?, _ position: JSONSourcePosition?) -> ReportFinding.Location? {
            guard let path, let position else { return nil }
            return .init(path: path, line: position.line, column: position.column)
        }
        var findings: [ReportFinding] = []
        for gap in unrouted {
            findings.append(
                ReportFinding(
                    ruleID: "unrouted", level: .error,
                    message: "The AASA rule \(gap.rule) sends \(gap.example) to \(appID), and no route handles it "
                        + "(the app opens with nothing to show).",
                    location: location(aasa.path, rulePositions[gap.rule])))
        }
        for gap in unclaimed {
            let why = gap.rule.map { "the exclude rule \($0) blocks it" } ?? "no AASA rule for \(appID) matches it"
            findings.append(
                ReportFinding(
                    ruleID: "unclaimed", level: .error,
                    message: "Route `\(gap.route)` handles \(gap.example), but iOS opens it in Safari: \(why).",
                    location: location(routes.path, routePositions[routePointer(gap.route)])))
        }
        return findings
    }
}

extension CoverageBaseline {
    /// Stale baseline entries as notes located in the baseline file, so the file can shrink (package access).
    ///
    /// - Parameters:
    ///   - stale: The stale entries.
    ///   - path: The baseline file's path.
    ///   - bytes: The baseline file's bytes.
    /// - Returns: The rule and one note per entry.
    package func staleFindings(
        _ stale: [Gap], path: String, bytes: [UInt8]
    ) -> (rule: ReportRule, findings: [ReportFinding]) {
        BaselineStaleness.findings(stale, in: gaps, arrayPointer: "/gaps", path: path, bytes: bytes) {
            "The accepted gap \($0) no longer exists; remove it from the baseline."
        }
    }
}

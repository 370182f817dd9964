import AppSiteAssociation
import LinkCoverage
import LinkRouting
import RichMediaKitSupport

extension AASAFetchReport {
    /// The rules of the codes only `link-router aasa fetch` reports, for SARIF (package access). Lint codes
    /// (including `size-limit` and `content-type`) keep the linter's rules, `unrouted` and `unclaimed` those of
    /// `link-router check` (``CoverageReport/reportRules``).
    package static let reportRules: [ReportRule] = [
        rule(
            .notFound,
            "Neither /.well-known/apple-app-site-association nor /apple-app-site-association serves the file.",
            "Serve the file at /.well-known/apple-app-site-association with status 200.", .error),
        rule(
            .legacyLocation, "Only the legacy location /apple-app-site-association serves the file.",
            "Serve the file at /.well-known/apple-app-site-association.", .warning),
        rule(
            .redirect, "The server answers with a redirect; iOS does not follow redirects.",
            "Serve the file at this URL itself with status 200 (no redirect, not even to https or www).", .error),
        rule(
            .httpStatus, "The server answers with a status other than 200; only 200 counts.",
            "Serve the file at this URL with status 200.", .error),
        rule(
            .timeout, "No complete response within the deadline (10 seconds unless --timeout says otherwise).",
            "Make the server send the whole file promptly (iOS gives up too).", .error),
        rule(
            .hostNotFound, "The host name does not resolve.", "Check the domain's DNS records.", .error),
        rule(
            .connectionFailed, "Nothing accepts the connection.",
            "Check that the server listens on the port (443 for https) and that no firewall blocks it.", .error),
        rule(
            .tlsFailure, "The TLS handshake fails (for instance an untrusted or expired certificate).",
            "Serve a valid certificate that devices trust, for this host name.", .error),
        rule(
            .transportFailure, "The request failed for another transport reason (the connection was lost, ...).",
            "Check that the server answers the request completely.", .error),
        rule(
            .incompleteBody, "The connection closed after the response header, before the body was complete.",
            "Check the server's logs; a proxy or the application may be cutting the response.", .error),
        rule(
            .badResponse, "The server's answer is not valid HTTP (for instance a header that never ends).",
            "Check what the server sends for this URL (for instance with curl -v).", .error),
        rule(
            .cdnMiss,
            "Apple's CDN has no copy of the file for the domain (the message gives the CDN's own reason, from its "
                + "Apple-Failure-Reason header, and when it tries again).",
            "Make sure the origin serves the file to any client, Apple's fetcher (AASA-Bot/1.0.0) included; Apple's "
                + "CDN fetches it on its own schedule, so check again later.", .warning),
        rule(
            .cdnUnavailable, "Apple's CDN copy could not be fetched or read.", "Check again later.", .warning),
        rule(
            .cdnStale, "Apple's CDN copy opens the app for different URLs than the origin's file.",
            "Wait for Apple's CDN to fetch the file again (devices use the CDN copy until then); the report lists "
                + "the differing URLs as `aasa diff` does.", .warning),
        rule(
            .cdnNotCompared, "Apple's CDN copy could not be compared exactly with the origin's file.",
            "Compare the files with `link-router aasa diff` once both can be loaded.", .warning),
        rule(
            .coverageNotChecked, "The coverage check was asked for and could not be answered.",
            "Fix the errors that keep the file from loading, or compare fewer routes at a time.", .note),
    ]

    private static func rule(
        _ code: AASAFetchFinding.Code, _ description: String, _ help: String, _ level: ReportFinding.Level
    ) -> ReportRule {
        ReportRule(
            id: code.rawValue, shortDescription: description, help: help + " See Docs/AASA.md, aasa fetch.",
            defaultLevel: level)
    }

    /// The rule for `code`: this command's own, `check`'s for coverage gaps, else the linter's.
    static func reportRule(for finding: AASAFetchFinding) -> ReportRule {
        if let rule = (reportRules + CoverageReport.reportRules).first(where: { $0.id == finding.code.rawValue }) {
            return rule
        }
        return AASADiagnostic.Code(rawValue: finding.code.rawValue)
            .reportRule(fallbackHelp: finding.hint, level: finding.severity.reportLevel)
    }

    /// The findings for SARIF or GitHub annotations (package access), with one rule per code in order of
    /// appearance.
    ///
    /// Findings about the body (lint diagnostics, unrouted gaps, and unclaimed gaps blocked by an exclude rule when
    /// no routes file can be pointed at) are located where their pointer's value starts in the body (syntax errors
    /// at their line and column), in `body.path`: the file `--save` wrote, else the URL that served the file.
    /// Unclaimed gaps are located at the route's entry in the routes file, as `link-router check` does. Findings
    /// about a request (how the origin or Apple's CDN answered) have no place in a file: their message starts with
    /// the URL.
    ///
    /// - Parameters:
    ///   - body: Where the body is (a path, or the URL that served it; nil when no location served the file) and
    ///     its bytes.
    ///   - routes: The routes file's path as given (nil for standard input), bytes and table, when the coverage
    ///     check was asked for.
    /// - Returns: The rules and one finding per report finding, in the report's order.
    package func findings(
        body: (path: String?, bytes: [UInt8]), routes: (path: String?, bytes: [UInt8], table: RouteTable)?
    ) -> (rules: [ReportRule], findings: [ReportFinding]) {
        let bodyPositions =
            body.path == nil ? [:] : JSONSourcePositions.positions(of: findings.compactMap(\.pointer), in: body.bytes)
        let unclaimedRoutes = coverage?.unclaimed.map(\.route) ?? []
        func routePointer(_ name: String) -> String? {
            routes.map { "/routes/\($0.table.routeIndex(named: name) ?? 0)" }
        }
        let routePositions =
            routes.flatMap { routes in
                routes.path.map { _ in
                    JSONSourcePositions.positions(of: unclaimedRoutes.compactMap(routePointer), in: routes.bytes)
                }
            } ?? [:]
        var rules: [ReportRule] = []
        var seen = Set<String>()
        var result: [ReportFinding] = []
        var unclaimedIndex = 0
        for finding in findings {
            if seen.insert(finding.code.rawValue).inserted { rules.append(Self.reportRule(for: finding)) }
            var location: ReportFinding.Location?
            if finding.code == .unclaimed, unclaimedIndex < unclaimedRoutes.count,
                let path = routes?.path, let pointer = routePointer(unclaimedRoutes[unclaimedIndex]),
                let position = routePositions[pointer]
            {
                location = .init(path: path, line: position.line, column: position.column)
            } else if let path = body.path, finding.url == nil {
                if let line = finding.line, let column = finding.column {
                    location = .init(path: path, line: line, column: column)
                } else if let pointer = finding.pointer, let position = bodyPositions[pointer] {
                    location = .init(path: path, line: position.line, column: position.column)
                }
            }
            if finding.code == .unclaimed { unclaimedIndex += 1 }
            var message = finding.url.map { $0 + ": " } ?? ""
            message += finding.message
            message += finding.pointer.map { $0.isEmpty ? "." : " (at \($0))." } ?? "."
            result.append(
                ReportFinding(
                    ruleID: finding.code.rawValue, level: finding.severity.reportLevel,
                    message: message + " Fix: " + finding.hint, location: location))
        }
        return (rules, result)
    }
}

extension AASAFetchFinding.Severity {
    /// The report level of a finding of this severity (error, warning, note), as for the linter's diagnostics.
    var reportLevel: ReportFinding.Level {
        AASADiagnostic.Severity(rawValue: rawValue)?.reportLevel ?? .note
    }
}

import AppSiteAssociation
import FileLocations
import LinkCoverage
import LinkRouting
import RichMediaKitSupport

extension AASAFetchReport {
    /// The rules of the codes only `link-router aasa fetch` reports, for SARIF (package access). Lint codes
    /// (including `size-limit` and `content-type`) keep the linter's rules, `unrouted` and `unclaimed` those of
    /// `link-router check` (`CoverageReport`'s rules).
    package static let reportRules: [FindingRule] = [
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
            "Fix the errors that keep the file from loading, or compare fewer routes at a time.", .info),
    ]

    private static func rule(
        _ code: AASAFetchFinding.Code, _ description: String, _ help: String, _ severity: FindingSeverity
    ) -> FindingRule {
        FindingRule(
            code: code.rawValue, summary: description, help: help + " See Docs/AASA.md, aasa fetch.",
            severity: severity)
    }

    /// The rule of a finding: this command's own, `check`'s for coverage gaps, else the linter's.
    static func findingRule(for finding: AASAFetchFinding) -> FindingRule {
        if let rule = (reportRules + CoverageReport.rules).first(where: { $0.code == finding.code.rawValue }) {
            return rule
        }
        return AASADiagnostic.Code(rawValue: finding.code.rawValue)
            .findingRule(fallbackHelp: finding.hint, severity: finding.severity)
    }
}

/// A fetch report is a check's report: one finding per ``AASAFetchReport/findings`` element, in order.
///
/// Findings about the body (lint diagnostics, unrouted gaps, and unclaimed gaps blocked by an exclude rule when no
/// routes file can be pointed at) are located where their pointer's value starts in the body (syntax errors at their
/// line and column), in `.body` (the command names it by the file `--save` wrote, else the URL that
/// served it). Unclaimed gaps are located at the route's entry in the routes file (`.routes`), as
/// `link-router check` does. Findings about a request (how the origin or Apple's CDN answered) have no place in a
/// file: their message starts with the URL. The report is clean when no finding is an error (``ok``).
extension AASAFetchReport: CheckReport, StandaloneTextCheckReport {
    /// One rule per code, in order of first appearance.
    public var findingRules: [FindingRule] {
        var seen = Set<String>()
        return findings.filter { seen.insert($0.code.rawValue).inserted }.map(Self.findingRule(for:))
    }

    /// One finding per element of ``findings``.
    public var locatedFindings: [LocatedFinding] {
        var unclaimed = (coverage?.unclaimed ?? [])[...]
        return findings.map { finding in
            var places: [LocatedFinding.Place] = []
            if finding.code == .unclaimed, let gap = unclaimed.popFirst(), let place = gap.routePlace {
                places.append(place)
            }
            if finding.url == nil, let location = finding.fileLocation { places.append(.init(.body, location)) }
            return finding.located(at: places, withURL: true)
        }
    }
}

extension AASAFetchFinding {
    /// The finding as a fetch report's located finding: its message ended by the pointer (` (at /x).`, or `.`), after
    /// the URL (`URL: `) when `withURL` and it has one; its hint as the fix.
    func located(at places: [LocatedFinding.Place], withURL: Bool) -> LocatedFinding {
        var text = withURL ? url.map { $0 + ": " } ?? "" : ""
        text += message
        text += pointer.map { $0.isEmpty ? "." : " (at \($0))." } ?? "."
        return LocatedFinding(code: code.rawValue, severity: severity, message: text, fix: hint, places: places)
    }
}

/// A fetch finding as the fetch reports' JSON writes it: its own keys (``AASAFetchFinding``'s encoding, unchanged),
/// then the one diagnostic shape every lint's diagnostic has, `"fix"` and `"places"`, from its located finding (the
/// report's ``CheckReport/locatedFindings`` element for it: the places SARIF, GitHub and Xcode output use).
struct EncodedFetchFinding: Encodable {
    /// The finding.
    var finding: AASAFetchFinding
    /// The finding as its report locates it.
    var located: LocatedFinding

    private enum CodingKeys: String, FindingCodingKey {
        case fix, places
    }

    /// Pairs each finding with its located finding, in order.
    ///
    /// - Parameters:
    ///   - findings: A report's findings.
    ///   - located: The report's located findings, one per finding.
    /// - Returns: The findings to encode.
    static func pairing(_ findings: [AASAFetchFinding], with located: [LocatedFinding]) -> [EncodedFetchFinding] {
        zip(findings, located).map { EncodedFetchFinding(finding: $0, located: $1) }
    }

    /// Writes the finding's own keys, then `"fix"` and `"places"` in the same object.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    func encode(to encoder: any Encoder) throws {
        try finding.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeFixAndPlaces(of: located)
    }
}

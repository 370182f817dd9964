import AndroidAppLinks
import FileLocations
import RichMediaKitSupport

extension ReportFile {
    /// The `assetlinks.json` a host served (`assetlinks fetch`): the command names it by the file `--save` wrote,
    /// else by the URL that served it.
    ///
    /// - Parameter host: The file's host, lower case.
    /// - Returns: The file.
    public static func deployedAssetLinks(_ host: String) -> ReportFile {
        ReportFile(rawValue: "assetlinks:" + host)
    }
}

/// The answer of ``AssetLinksFetchChecker/verify(hosts:app:configuration:transport:clock:)``: how each host's
/// `assetlinks.json` is served, what it and its includes say, and each host's verdict.
///
/// It is `Codable`: `link-router assetlinks fetch --format json` prints it with sorted keys (key names fixed):
/// `{"ok", "errors", "warnings", "infos", "client", "timeoutMilliseconds", "package", "hosts": [{"host", "fileHost",
/// "verdict"}], "sites": [{"host", "verdict", "request", "includes": [{"url", "depth", "request", "statements"}],
/// "findings": [...]}]}`; a request and a finding are as `aasa fetch` writes them (a finding ending with `"fix"` and
/// `"places"`).
public struct AssetLinksFetchReport: Sendable, Hashable, Codable {
    /// What Android makes of a host.
    ///
    /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
    #if hasAttribute(nonexhaustive)
        @nonexhaustive
    #endif
    public enum Verdict: String, Sendable, Hashable, Codable, CustomStringConvertible {
        /// The file names the app's package with one of its fingerprints: Android verifies the host.
        case verified
        /// The file is served and read, and does not name the app's package with one of its fingerprints.
        case notVerified = "not-verified"
        /// The file is served and read (no app identity was given to verify).
        case served
        /// The file is served, and Android reads no statement from it (over 1 MiB, not JSON, not an array).
        case invalid
        /// The file is not served: no 200 response (a redirect, another status, a transport failure, the deadline).
        case notServed = "not-served"

        /// The verdict as the command and JSON write it (its raw value).
        public var description: String { rawValue }
    }

    /// One include, as the report shows it.
    public struct Include: Sendable, Hashable, Codable {
        /// The include's URL, as the file writes it.
        public var url: String
        /// 1 for an include of the host's file, 2 for an include of an include, and so on.
        public var depth: Int
        /// The request, or nil when the include was not fetched (not https, over the budget).
        public var request: AASAFetchReport.Request?
        /// The number of statements with a target read from it, or nil when it was not read.
        public var statements: Int?

        /// Creates an include's entry.
        ///
        /// - Parameters:
        ///   - url: The include's URL.
        ///   - depth: Its depth.
        ///   - request: Its request.
        ///   - statements: The number of statements read from it.
        public init(url: String, depth: Int, request: AASAFetchReport.Request?, statements: Int?) {
            self.url = url
            self.depth = depth
            self.request = request
            self.statements = statements
        }
    }

    /// One file: the host it is fetched from, its request, its includes and its findings.
    public struct Site: Sendable, Hashable, Codable {
        /// The file's host (a wildcard host's bare domain).
        public var host: String
        /// The file's request.
        public var request: AASAFetchReport.Request
        /// The includes, breadth first.
        public var includes: [Include]
        /// The verdict of the hosts whose file this is.
        public var verdict: Verdict
        /// Every finding: serving, the body's diagnostics, the includes, the verification, in that order.
        public var findings: [AASAFetchFinding]

        /// Creates a file's entry.
        ///
        /// - Parameters:
        ///   - host: The file's host.
        ///   - request: The file's request.
        ///   - includes: The includes.
        ///   - verdict: The verdict.
        ///   - findings: The findings.
        public init(
            host: String, request: AASAFetchReport.Request, includes: [Include], verdict: Verdict,
            findings: [AASAFetchFinding]
        ) {
            self.host = host
            self.request = request
            self.includes = includes
            self.verdict = verdict
            self.findings = findings
        }

        private enum CodingKeys: String, CodingKey {
            case host, request, includes, verdict, findings
        }

        /// Encodes the file's entry as `--format json` prints it: each finding ends with the one diagnostic shape's
        /// `"fix"` and `"places"`, as the report's ``AssetLinksFetchReport/locatedFindings`` give them.
        ///
        /// - Parameter encoder: The encoder.
        /// - Throws: What the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode([
                .host: host, .request: request, .includes: includes, .verdict: verdict,
                .findings: EncodedFetchFinding.pairing(findings, with: locatedFindings),
            ])
        }

        /// One located finding per finding: findings about the body are located where their pointer's value starts
        /// in it (syntax errors at their line and column), in ``ReportFile/deployedAssetLinks(_:)`` of the host;
        /// findings about a request have no place in a file: their message starts with the URL.
        var locatedFindings: [LocatedFinding] {
            findings.map { finding in
                var places: [LocatedFinding.Place] = []
                if finding.source == .lint, let location = finding.fileLocation {
                    places.append(.init(.deployedAssetLinks(host), location))
                }
                return finding.located(at: places, withURL: finding.source != .lint)
            }
        }
    }

    /// One host's verdict.
    public struct Host: Sendable, Hashable, Codable {
        /// The host, as given (`*.example.com`).
        public var host: String
        /// The host whose file decides (`example.com`).
        public var fileHost: String
        /// What Android makes of it.
        public var verdict: Verdict
    }

    /// Every host, in the order given, with its verdict.
    public var hosts: [Host]
    /// Every file, once per file host, in the order first needed.
    public var sites: [Site]
    /// The app's package name, when its identity was given.
    public var packageName: String?
    /// The client the requests presented themselves as.
    public var client: AASAFetchClient
    /// ``timeout`` as the JSON shows it.
    private var timeoutMilliseconds: Int

    /// Creates a report: each host's verdict is its file's.
    ///
    /// - Parameters:
    ///   - hosts: The hosts, as given.
    ///   - sites: The files (every host's file host among them).
    ///   - packageName: The app's package name, if given.
    ///   - client: The client the requests presented themselves as.
    ///   - timeout: The deadline of the whole verification.
    public init(
        hosts: [String], sites: [Site], packageName: String?, client: AASAFetchClient = AssetLinksFetchChecker.client,
        timeout: Duration = AssetLinksFetchChecker.timeout
    ) {
        self.sites = sites
        var verdicts: [String: Verdict] = [:]
        for site in sites where verdicts[site.host] == nil { verdicts[site.host] = site.verdict }
        self.hosts = hosts.map { host in
            let fileHost = AssetLinksFetchChecker.fileHost(for: host)
            return Host(host: host, fileHost: fileHost, verdict: verdicts[fileHost] ?? .notServed)
        }
        self.packageName = packageName
        self.client = client
        timeoutMilliseconds = Int(AASAFetchChecker.seconds(timeout) * 1000)
    }

    /// The deadline of the whole verification.
    public var timeout: Duration { .milliseconds(timeoutMilliseconds) }

    /// Every finding of every file, in order.
    public var findings: [AASAFetchFinding] { sites.flatMap(\.findings) }
    /// The number of errors.
    public var errors: Int { findings.filter { $0.severity == .error }.count }
    /// The number of warnings.
    public var warnings: Int { findings.filter { $0.severity == .warning }.count }
    /// The number of findings that are information.
    public var infos: Int { findings.filter { $0.severity == .info }.count }
    /// Whether no finding is an error: ``isClean`` (the JSON's `"ok"`).
    public var ok: Bool { isClean }

    private enum CodingKeys: String, VerdictCodingKey, FindingCountCodingKey {
        case ok, errors, warnings, infos, hosts, sites, client, timeoutMilliseconds
        case packageName = "package"
    }

    /// Decodes a report as `--format json` prints it (`"ok"`, `"errors"`, `"warnings"` and `"infos"` follow from the
    /// findings, as a finding's `"fix"` and `"places"` do).
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a missing key or a value of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hosts = try container.decode([Host].self, forKey: .hosts)
        sites = try container.decode([Site].self, forKey: .sites)
        packageName = try container.decodeIfPresent(String.self, forKey: .packageName)
        client = try container.decode(AASAFetchClient.self, forKey: .client)
        timeoutMilliseconds = try container.decode(Int.self, forKey: .timeoutMilliseconds)
    }

    /// Encodes the report as `--format json` prints it.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeVerdict(of: self)
        try container.encodeCounts(of: locatedFindings)
        try container.encode([.hosts: hosts, .sites: sites])
        try container.encodeIfPresent(packageName, forKey: .packageName)
        try container.encode([.client: client, .timeoutMilliseconds: timeoutMilliseconds])
    }
}

/// A fetch report is a check's report: one finding per finding of each file, in order. Findings about a file's
/// body are located where their pointer's value starts in it (syntax errors at their line and column), in
/// ``ReportFile/deployedAssetLinks(_:)`` of the file's host; findings about a request have no place in a file:
/// their message starts with the URL.
extension AssetLinksFetchReport: CheckReport, StandaloneTextCheckReport {
    /// One finding per finding of each file.
    public var locatedFindings: [LocatedFinding] { sites.flatMap(\.locatedFindings) }

    /// The report as `link-router assetlinks fetch` prints it: how the requests were made, each file's request and
    /// includes with what each got, each host's verdict, then one `severity[code] location: message` line per
    /// finding with its fix, then the counts; control characters (from headers) shown as `\u{XX}`.
    ///
    /// - Returns: The lines joined with `\n` (no trailing newline).
    public func renderedText() -> String {
        var lines: [String] = []
        var line = "fetched as \(client.name)"
        if let agent = client.userAgent { line += " (User-Agent: \(agent))" }
        lines.append(line + ", within \(AASAFetchChecker.words(timeout)) in all")
        for site in sites {
            lines.append("GET \(site.request.url)")
            lines.append("    " + AASAFetchReport.outcome(site.request))
            for include in site.includes {
                lines.append("  include \(include.url) (depth \(include.depth))")
                guard let request = include.request else {
                    lines.append("    not fetched")
                    continue
                }
                if request.url != include.url { lines.append("    GET \(request.url)") }
                var outcome = AASAFetchReport.outcome(request)
                if let count = include.statements { outcome += ", \(count) statement\(count == 1 ? "" : "s")" }
                lines.append("    " + outcome)
            }
        }
        lines.append("")
        lines.append(packageName.map { "hosts for \($0):" } ?? "hosts:")
        lines += TextColumns.align(
            hosts.map { host in
                [
                    host.host, host.verdict.rawValue,
                    host.fileHost == host.host ? "" : "(the file of \(host.fileHost))",
                ]
            }, indent: "  ")
        if !findings.isEmpty { lines.append("") }
        for site in sites {
            for finding in site.findings {
                var location = finding.url ?? site.host
                if finding.source == .lint {
                    location = site.host
                    if let line = finding.line, let column = finding.column {
                        location += " \(line):\(column)"
                    } else if let pointer = finding.pointer {
                        location += " " + (pointer.isEmpty ? "/" : pointer)
                    }
                }
                lines.append("\(finding.severity.rawValue)[\(finding.code.rawValue)] \(location): \(finding.message)")
                lines.append("  fix: \(finding.hint)")
            }
        }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        lines.append("")
        let verified = hosts.filter { $0.verdict == .verified }.count
        let tally = packageName == nil ? "" : ", \(verified) verified"
        lines.append("\(count(hosts.count, "host"))\(tally): \(count(errors, "error")), \(count(warnings, "warning"))")
        return lines.map { TerminalText.visible($0) }.joined(separator: "\n")
    }
}

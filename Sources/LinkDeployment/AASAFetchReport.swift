import AppSiteAssociation
import FileLocations
import LinkCoverage

/// The answer of ``AASAFetchChecker/check(domain:origin:cdn:routes:appID:client:timeout:)``: how a domain serves its
/// apple-app-site-association file, what Apple's CDN holds, the lint diagnostics of the body and, when
/// routes were given, the coverage gaps; with every finding in the order iOS would meet them.
///
/// It is `Codable`: `link-router aasa fetch --format json` prints it with sorted keys; ``text`` is the
/// command's text output.
public struct AASAFetchReport: Sendable, Hashable, Codable {
    /// One request as the report shows it (the body itself is not repeated).
    public struct Request: Sendable, Hashable, Codable {
        /// The URL requested.
        public var url: String
        /// The HTTP status, or nil when the request failed.
        public var status: Int?
        /// The `Content-Type` header, if any.
        public var contentType: String?
        /// Where a redirect points, if the response is a redirect.
        public var location: String?
        /// The number of body bytes read (reading stops past the limit).
        public var bytes: Int
        /// Whether reading stopped past the 128 KB limit.
        public var truncated: Bool
        /// Why there is no (complete) response, if so.
        public var failure: AASAFetchResponse.TransportFailure?
        /// With a ``failure``: the status of the response whose header had arrived (``status`` stays nil).
        public var partialStatus: Int?
        /// The `Content-Length` the server announced, if any.
        public var expectedBytes: Int?
        /// The `Content-Encoding` the body came in (undone before it was counted and checked), if any.
        public var contentEncoding: String?

        /// Summarises a response.
        ///
        /// - Parameter response: The response.
        public init(_ response: AASAFetchResponse) {
            url = response.url
            status = response.failure == nil ? response.status : nil
            contentType = response.contentType
            location = (300..<400).contains(response.status ?? 0) ? response.location : nil
            bytes = response.body.count
            truncated = response.truncated
            failure = response.failure
            partialStatus = response.failure == nil ? nil : response.status
            expectedBytes = response.contentLength
            contentEncoding = response.header("Content-Encoding")
        }
    }

    /// One region of URLs that opens the app under one file and not under the other.
    public struct Change: Sendable, Hashable, Codable {
        /// A shortest URL of the region.
        public var example: String
        /// The pointer of the deciding rule in Apple's CDN copy, or nil when none matches.
        public var cdn: String?
        /// The pointer of the deciding rule in the origin's file, or nil when none matches.
        public var origin: String?
    }

    /// How Apple's CDN copy and the origin's file differ for one app ID, as `link-router aasa diff` reports.
    public struct AppDifference: Sendable, Hashable, Codable {
        /// The app ID.
        public var appID: String
        /// URLs that open the app under the origin's file and not under the CDN copy (devices do not open
        /// the app for them yet): `aasa diff CDN ORIGIN`'s "gained".
        public var originOnly: [Change]
        /// URLs that open the app under the CDN copy and not under the origin's file (devices still open
        /// the app for them): `aasa diff CDN ORIGIN`'s "lost".
        public var cdnOnly: [Change]
    }

    /// What Apple's CDN holds for the domain.
    public struct CDNCopy: Sendable, Hashable, Codable {
        /// How the CDN copy compares with the origin's file.
        ///
        /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
        #if hasAttribute(nonexhaustive)
            @nonexhaustive
        #endif
        public enum State: String, Sendable, Hashable, Codable {
            /// It opens the app for the same URLs as the origin's file.
            case current
            /// It opens the app for different URLs (see ``CDNCopy/differences``).
            case stale
            /// The CDN has no copy (404).
            case miss
            /// It could not be fetched or read.
            case unavailable
            /// It was fetched, and there is no origin file to compare it with, or the comparison gave up.
            case notCompared = "not-compared"
        }

        /// The CDN request.
        public var request: Request
        /// How it compares.
        public var state: State
        /// For ``State/stale``: the differing URLs, per app ID listed in either file.
        public var differences: [AppDifference]
        /// What the CDN says about its copy in its header fields (why it has none, how long it keeps it), if
        /// anything.
        public var diagnosis: CDNDiagnosis?
    }

    /// The domain checked.
    public var domain: String
    /// Whether there is no error (exit status 0): ``isClean``, computed from ``findings`` (the JSON's `"ok"`).
    public var ok: Bool { isClean }
    /// The number of errors among ``findings`` (the JSON's `"errors"`).
    public var errors: Int { findings.filter { $0.severity == .error }.count }
    /// The number of warnings among ``findings`` (the JSON's `"warnings"`).
    public var warnings: Int { findings.filter { $0.severity == .warning }.count }
    /// The number of findings that are information among ``findings`` (the JSON's `"infos"`).
    public var infos: Int { findings.filter { $0.severity == .info }.count }
    /// The origin requests, in the order made: `/.well-known/...`, then the root location if the first
    /// was not found.
    public var origin: [Request]
    /// The URL that served the file (status 200), or nil.
    public var servedFrom: String?
    /// Apple's CDN copy, or nil when it was not asked for.
    public var cdn: CDNCopy?
    /// The coverage check of the deployed file against the routes, as `link-router check` reports it, or nil when no
    /// routes were given or there was no file to check.
    public var coverage: CoverageReport? {
        get { embeddedCoverage?.report }
        set { embeddedCoverage = newValue.map(CoverageReport.Embedded.init) }
    }
    /// The coverage report as the JSON shows it: `check`'s JSON without the domain (the report names it once).
    private var embeddedCoverage: CoverageReport.Embedded?
    /// Every finding: origin, lint, CDN, coverage, in that order.
    public var findings: [AASAFetchFinding]
    /// The client the requests presented themselves as (its name and `User-Agent`), if known.
    public var client: AASAFetchClient?
    /// The deadline of the whole verification, if known.
    public var timeout: Duration? {
        get { timeoutMilliseconds.map { .milliseconds($0) } }
        set { timeoutMilliseconds = newValue.map { Int(AASAFetchChecker.seconds($0) * 1000) } }
    }
    /// ``timeout`` as the JSON shows it: `timeoutMilliseconds` (the package's JSON has no fractions).
    private var timeoutMilliseconds: Int?

    /// Creates a report; the counts and ``ok`` follow from the findings.
    ///
    /// - Parameters:
    ///   - domain: The domain checked.
    ///   - origin: The origin requests.
    ///   - servedFrom: The URL that served the file.
    ///   - cdn: Apple's CDN copy.
    ///   - coverage: The coverage check.
    ///   - findings: The findings.
    ///   - client: The client the requests presented themselves as.
    ///   - timeout: The deadline of the whole verification.
    public init(
        domain: String, origin: [Request], servedFrom: String?, cdn: CDNCopy?, coverage: CoverageReport?,
        findings: [AASAFetchFinding], client: AASAFetchClient? = nil, timeout: Duration? = nil
    ) {
        self.client = client
        self.timeoutMilliseconds = timeout.map { Int(AASAFetchChecker.seconds($0) * 1000) }
        self.domain = domain
        self.origin = origin
        self.servedFrom = servedFrom
        self.cdn = cdn
        embeddedCoverage = coverage.map(CoverageReport.Embedded.init)
        self.findings = findings
    }

    private enum CodingKeys: String, VerdictCodingKey, FindingCountCodingKey {
        case domain, ok, errors, warnings, infos, origin, servedFrom, cdn, findings, client, timeoutMilliseconds
        case embeddedCoverage = "coverage"
    }

    /// Decodes a report as `--format json` prints it; the coverage report takes the report's domain. `"ok"`,
    /// `"errors"`, `"warnings"` and `"infos"` are not read: they follow from the findings (and a finding's `"fix"`
    /// and `"places"` from the finding).
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a missing key or a value of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        domain = try container.decode(String.self, forKey: .domain)
        origin = try container.decode([Request].self, forKey: .origin)
        servedFrom = try container.decodeIfPresent(String.self, forKey: .servedFrom)
        cdn = try container.decodeIfPresent(CDNCopy.self, forKey: .cdn)
        embeddedCoverage = try container.decodeIfPresent(CoverageReport.Embedded.self, forKey: .embeddedCoverage)
        embeddedCoverage?.report.domain = domain
        findings = try container.decode([AASAFetchFinding].self, forKey: .findings)
        client = try container.decodeIfPresent(AASAFetchClient.self, forKey: .client)
        timeoutMilliseconds = try container.decodeIfPresent(Int.self, forKey: .timeoutMilliseconds)
    }

    /// Encodes the report as `--format json` prints it (with the computed `"ok"`, `"errors"`, `"warnings"` and
    /// `"infos"`); each finding ends with the one diagnostic shape's `"fix"` and `"places"`, from
    /// ``locatedFindings``.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let located = locatedFindings
        try container.encode(domain, forKey: .domain)
        try container.encodeVerdict(of: self)
        try container.encodeCounts(of: located)
        try container.encode(origin, forKey: .origin)
        try container.encodeIfPresent(servedFrom, forKey: .servedFrom)
        try container.encodeIfPresent(cdn, forKey: .cdn)
        try container.encode(EncodedFetchFinding.pairing(findings, with: located), forKey: .findings)
        try container.encodeIfPresent(client, forKey: .client)
        try container.encodeIfPresent(timeoutMilliseconds, forKey: .timeoutMilliseconds)
        try container.encodeIfPresent(embeddedCoverage, forKey: .embeddedCoverage)
    }

    /// The distinct codes found, for quick checks.
    public var codes: Set<AASAFetchFinding.Code> { Set(findings.map(\.code)) }
}

import AppSiteAssociation
import LinkCoverage

/// A domain's apple-app-site-association file as the whole-app check and the doctor use it: a local file, or
/// what `aasa fetch`'s verification found on the network.
public struct SiteFile: Sendable {
    /// Where the file came from: the path given, or the URL that served it (nil when nothing served it).
    public var source: String?
    /// The compiled file, or nil when there is none to read (not served, not valid).
    public var matcher: AASAMatcher?
    /// The file's bytes, for positions in annotations (empty when there is none).
    public var bytes: [UInt8]
    /// In fetch mode, the verification's report (origin, CDN copy, lint findings).
    public var fetch: AASAFetchReport?
    /// In fetch mode, Apple's CDN copy compiled (what devices use), or nil when there is none.
    public var cdnMatcher: AASAMatcher?

    /// Creates a site file.
    ///
    /// - Parameters:
    ///   - source: Where it came from.
    ///   - matcher: The compiled file.
    ///   - bytes: Its bytes.
    ///   - fetch: The verification's report, in fetch mode.
    public init(source: String?, matcher: AASAMatcher?, bytes: [UInt8] = [], fetch: AASAFetchReport? = nil) {
        self.source = source
        self.matcher = matcher
        self.bytes = bytes
        self.fetch = fetch
    }

    /// A local file (`--aasa DOMAIN=FILE`).
    ///
    /// - Parameters:
    ///   - path: The path as given.
    ///   - bytes: The file's contents.
    /// - Throws: ``AASAError`` when the file is too large, not JSON, or not an object.
    public static func local(path: String, bytes: [UInt8]) throws(AASAError) -> SiteFile {
        SiteFile(source: path, matcher: try AASAMatcher(parsing: bytes), bytes: bytes)
    }

    /// The deployed file, from the responses `aasa fetch` would get: the origin's file as the verification found
    /// it (the CDN copy's state is in the report).
    ///
    /// - Parameters:
    ///   - domain: The host.
    ///   - origin: The origin responses in request order.
    ///   - cdn: Apple's CDN response, or nil to leave the CDN out.
    /// - Returns: The file, with ``fetch`` set; ``matcher`` is nil when no valid file was served.
    public static func fetched(domain: String, origin: [AASAFetchResponse], cdn: AASAFetchResponse?) -> SiteFile {
        let report = AASAFetchChecker.check(domain: domain, origin: origin, cdn: cdn)
        let served = AASAFetchChecker.servingResponse(origin)
        let body = served.flatMap { $0.truncated ? nil : $0.body } ?? []
        let matcher = served == nil || body.isEmpty ? nil : try? AASAMatcher(parsing: body)
        var file = SiteFile(source: served?.url, matcher: matcher, bytes: body, fetch: report)
        if let cdn, cdn.isOK, !cdn.truncated { file.cdnMatcher = try? AASAMatcher(parsing: cdn.body) }
        return file
    }
}

import AppSiteAssociation
import LinkCoverage
import LinkDeployment

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
    /// The file as read (its `webcredentials`, `appclips` and `activitycontinuation` sections), or nil when there
    /// is none to read; set by ``local(path:bytes:)`` and ``fetched(_:)``.
    public var file: AASAFile?

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
    /// - Throws: `AASAError` when the file is too large, not JSON, or not an object.
    public static func local(path: String, bytes: [UInt8]) throws(AASAError) -> SiteFile {
        let file = try AASAFile(parsing: bytes)
        var site = SiteFile(source: path, matcher: AASAMatcher(file), bytes: bytes)
        site.file = file
        return site
    }

    /// The deployed file, as `aasa fetch`'s verification found it: the origin's file (the CDN copy's state is
    /// in the report, its body in ``cdnMatcher``).
    ///
    /// - Parameter verification: What `AASAFetchChecker.verify(domain:configuration:routes:appID:transport:clock:)`
    ///   returned.
    /// - Returns: The file, with ``fetch`` set; ``matcher`` is nil when no valid file was served.
    public static func fetched(_ verification: AASAFetchVerification) -> SiteFile {
        let served = verification.served
        let body = served.flatMap { $0.isOverSizeLimit ? nil : $0.body } ?? []
        let parsed = body.isEmpty ? nil : try? AASAFile(parsing: body)
        var file = SiteFile(
            source: served?.url, matcher: parsed.map(AASAMatcher.init), bytes: body, fetch: verification.report)
        file.file = parsed
        if let cdn = verification.cdn, cdn.isOK, !cdn.isOverSizeLimit {
            file.cdnMatcher = try? AASAMatcher(parsing: cdn.body)
        }
        return file
    }
}

import AndroidAppLinks
import LinkDeployment

/// A host's `assetlinks.json` as ``AndroidLinkDoctor`` uses it: a local file, or what `assetlinks fetch`'s
/// verification found on the network.
public struct AssetLinksSiteFile: Sendable {
    /// Where the file came from: the path given, or the URL requested.
    public var source: String
    /// The file as read, or nil when there is none to read (not served, not valid).
    public var file: AssetLinksFile?
    /// In fetch mode, the site's entry of the verification's report (the response, the includes, the findings and
    /// the verdict, includes counted); nil for a local file.
    public var fetch: AssetLinksFetchReport.Site?

    /// Creates a site file.
    ///
    /// - Parameters:
    ///   - source: Where it came from.
    ///   - file: The file as read, or nil.
    ///   - fetch: The site's entry of the fetch report, in fetch mode.
    public init(source: String, file: AssetLinksFile?, fetch: AssetLinksFetchReport.Site? = nil) {
        self.source = source
        self.file = file
        self.fetch = fetch
    }

    /// A local file (`doctor --assetlinks FILE`), which stands for the file of every host.
    ///
    /// - Parameters:
    ///   - path: The path as given (or the name to show).
    ///   - bytes: The file's contents.
    /// - Throws: `AssetLinksError` when the file is not a JSON array under 1 MiB.
    public static func local(path: String, bytes: [UInt8]) throws(AssetLinksError) -> AssetLinksSiteFile {
        AssetLinksSiteFile(source: path, file: try AssetLinksFile(parsing: bytes))
    }

    /// The deployed file of one host, as `AssetLinksFetchChecker.verify(hosts:app:configuration:transport:clock:)`
    /// found it.
    ///
    /// - Parameters:
    ///   - site: The host's entry of the report.
    ///   - response: The response to the file's request, or nil.
    /// - Returns: The site file: its statements when the host served a readable file.
    public static func fetched(_ site: AssetLinksFetchReport.Site, response: AASAFetchResponse?) -> AssetLinksSiteFile {
        var file: AssetLinksFile?
        if let response, response.isOK, !response.isOver(AssetLinksFetchChecker.sizeLimit) {
            file = try? AssetLinksFile(parsing: response.body)
        }
        return AssetLinksSiteFile(source: site.request.url, file: file, fetch: site)
    }
}

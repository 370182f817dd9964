/// The answer of ``CoverageChecker/diff(old:new:domain:appID:allURLs:)``: which URLs open the app
/// under one version of an AASA file and not under the other.
public struct AASADiffReport: Sendable, Hashable {
    /// One region of URLs whose decision changes.
    public struct Change: Sendable, Hashable {
        /// A shortest URL of the region.
        public var example: String
        /// The pointer of the rule that decides the URL in the old file, or nil when none matches.
        public var old: String?
        /// The pointer of the rule that decides the URL in the new file, or nil when none matches.
        public var new: String?
    }

    /// URLs that open the app under the new file but not under the old one.
    public var gained: [Change]
    /// URLs that open the app under the old file but not under the new one.
    public var lost: [Change]

    /// Whether both files open the app for exactly the same URLs.
    public var isUnchanged: Bool { gained.isEmpty && lost.isEmpty }
}

import LinkCoverage

/// A platform in the both-platforms check (``PlatformsCoverageChecker``): its own check, the hosts it lists and its
/// side of each, computed from the platform's own inputs (its app files, its site files, its identity), never from a
/// finished report. The checker checks and compares any number of them without knowing which they are.
protocol LinkPlatform {
    /// The platform's name, in messages ("iOS", "Android").
    var name: String { get }
    /// The hosts the platform's check lists (those it claims, and those it was given a file for or the routes name),
    /// each once, in the order of its report.
    var hosts: [String] { get }
    /// The platform's side of `host`: what it opens in the app there, or why it opens nothing; nil when unknown (no
    /// file of the host was read).
    ///
    /// - Parameter host: The host, lower case.
    /// - Returns: The side, or nil.
    func side(of host: String) -> PlatformSide?

    /// The platform's own check of its inputs (the whole-app check, the Android check).
    ///
    /// - Parameter allURLs: Compare non-canonical URLs too.
    /// - Returns: The platform's report.
    /// - Throws: `CoverageError` when patterns are too complex to compare or use what the check does not model.
    func check(allURLs: Bool) throws(CoverageError) -> any PlatformCheckReport
}

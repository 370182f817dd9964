import AppSiteAssociation
import FileLocations
import LinkCoverage

/// One platform's own check report in the both-platforms report (package access): what ``PlatformsCoverageReport``
/// needs of a platform to write its text, JSON, findings, rules, baseline entries and page by looping over the
/// platforms without knowing which they are (``AppCoverageReport``, `AndroidCoverageReport`, a platform of the
/// tests). Its text is `renderedText(files:)`, its JSON its encoding, its page parts ``AppCheckPageReport``'s, and
/// its baseline entries its own `BaselineEntry`'s identities, written with the platform's key.
package protocol PlatformCheckReport: AppCheckPageReport, BaselineReport, Hashable
where BaselineEntry: FindingIdentifying {
    /// The platform's name in the text's sections and the findings' messages ("iOS").
    static var platformName: String { get }
    /// The platform's key in the JSON and in a baseline entry's `platform` ("ios").
    static var platformKey: String { get }
    /// How many gaps the report has.
    var gapCount: Int { get }
}

extension PlatformCheckReport {
    /// `baselineSplit(_:)` by the entries' identities.
    func platformSplit(
        _ accepts: (_ identity: FindingIdentity, _ positional: FindingIdentity) -> Bool
    ) -> (new: any PlatformCheckReport, accepted: any PlatformCheckReport) {
        let (new, accepted) = baselineSplit { accepts($0.identity, $1.identity) }
        return (new, accepted)
    }
}

extension PlatformsCoverageReport {
    /// The identity of one of `platform`'s gaps as a baseline file has it, read as the platform's own entry reads it
    /// (its facts in the entry's order).
    ///
    /// - Parameters:
    ///   - platform: The platform's report's type.
    ///   - identity: The identity, without `platform`.
    /// - Returns: The entry's identity.
    /// - Throws: A `BaselineError` at the member that is wrong.
    static func entry<Report: PlatformCheckReport>(
        of platform: Report.Type, _ identity: FindingIdentity
    ) throws(BaselineError) -> FindingIdentity {
        try Report.BaselineEntry(identity: identity).identity
    }
}

extension AppCoverageReport: PlatformCheckReport {
    package static var platformName: String { "iOS" }
    package static var platformKey: String { "ios" }
    package var gapCount: Int { gaps.count }
}

extension AndroidCoverageReport: PlatformCheckReport {
    package static var platformName: String { "Android" }
    package static var platformKey: String { "android" }
    package var gapCount: Int { gaps.count }
}

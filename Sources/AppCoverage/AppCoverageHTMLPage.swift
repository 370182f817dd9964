import FileLocations
import LinkCoverage
import RichMediaKitSupport

/// `link-router check --entitlements ... --format html`: the whole-app report's page (package access), with the app
/// ID, the gaps grouped by kind (each where the mistake is), and a section of its own, the domains considered.
package typealias AppCoverageHTMLPage = AppCheckHTMLPage<AppCoverageReport>

extension AppCoverageReport: AppCheckPageReport {
    package static var pageCheck: String { "Whole-app" }
    package static var pageAgreeing: String { "the entitlements, the routes and the sites' files agree" }
    package static var pageFlags: String { "--entitlements ..." }
    package var pageSubjects: [(label: String, name: String)] { [("App ID", appID)] }
    package var pagePlatforms: [ReportHTMLPage.Split.Part] { [.init(Self.platformName, gaps.count)] }

    /// The domains considered (the both-platforms page shows them too).
    package var pageSections: [ReportHTMLPage.Section] {
        Self.placesSection(
            id: "domains", heading: "iOS: domains", columns: ["Domain", "State", "File", "Claimed by", "CDN copy"],
            unclaimed: "no applinks entry",
            rows: domains.map {
                ($0.domain, $0.state.rawValue, $0.source, $0.entry, [$0.cdn.map(MarkupEscaping.prose) ?? "-"])
            })
    }
}

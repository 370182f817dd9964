import FileLocations
import RichMediaKitSupport

/// `link-router check --manifest ... --format html`: the Android report's page (package access), with the package,
/// the gaps grouped by kind (each where the mistake is: the manifest's filter, a host's assetlinks.json, the routes),
/// and a section of its own, the hosts considered.
package typealias AndroidCoverageHTMLPage = AppCheckHTMLPage<AndroidCoverageReport>

extension AndroidCoverageReport: AppCheckPageReport {
    package static var pageCheck: String { "Android" }
    package static var pageAgreeing: String { "the manifest, the routes and the sites' files agree" }
    package static var pageFlags: String { "--manifest ..." }
    package var pageSubjects: [(label: String, name: String)] { [("Package", packageName)] }
    package var pagePlatforms: [ReportHTMLPage.Split.Part] { [.init("Android", gaps.count)] }

    /// The hosts considered (the both-platforms page shows them too).
    package var pageSections: [ReportHTMLPage.Section] {
        Self.placesSection(
            id: "hosts", heading: "Android: hosts", columns: ["Host", "State", "File", "Declared by"],
            unclaimed: "no verified filter",
            rows: hosts.map { ($0.host, $0.state.rawValue, $0.source, $0.declaredBy, []) })
    }
}

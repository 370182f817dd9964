import FileLocations
import LinkCoverage
import RichMediaKitSupport

/// `link-router check --entitlements ... --manifest ... --format html`: the both-platforms report's page (package
/// access): the verdict split by platform (iOS, Android, the differences between them), the app ID and the package,
/// every finding grouped by kind (each message naming its platform), then iOS's domains and Android's hosts, as the
/// two single-platform pages show them: each part is every platform's, in order.
package typealias PlatformsCoverageHTMLPage = AppCheckHTMLPage<PlatformsCoverageReport>

extension PlatformsCoverageReport: AppCheckPageReport {
    package static var pageCheck: String { "Both-platforms" }
    package static var pageAgreeing: String {
        "both platforms open the app for the routes' links, and for the same ones"
    }
    package static var pageFlags: String { "--entitlements ... --manifest ..." }
    package var pageSubjects: [(label: String, name: String)] { platforms.flatMap(\.pageSubjects) }
    package var pageSections: [ReportHTMLPage.Section] { platforms.flatMap(\.pageSections) }

    package var pagePlatforms: [ReportHTMLPage.Split.Part] {
        platforms.flatMap(\.pagePlatforms) + [.init("between the platforms", differences.count)]
    }
}

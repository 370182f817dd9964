import FileLocations
import LinkCoverage
import RichMediaKitSupport

/// `link-router check --entitlements ... --manifest ... --format html`: the both-platforms report's page (package
/// access), fed to the one page design (``ReportHTMLPage``): the verdict split by platform (iOS, Android, the
/// differences between them), kind and file, the inputs (app ID and package), every finding grouped by kind (each
/// message naming its platform), then iOS's domains and Android's hosts, as the two single-platform pages show them.
package struct PlatformsCoverageHTMLPage {
    private let report: PlatformsCoverageReport
    private let inputs: ReportHTMLPage.Inputs

    /// Prepares a page.
    ///
    /// - Parameters:
    ///   - report: The report (with a baseline: its new gaps).
    ///   - inputs: What the check read (the page adds the app ID and the package to the options).
    package init(report: PlatformsCoverageReport, inputs: ReportHTMLPage.Inputs) {
        self.report = report
        self.inputs = inputs
    }

    /// The page, ending with a newline.
    package func render() -> String {
        ReportHTMLPage(
            coverage: report, check: "Both-platforms",
            subjects: [("App ID", report.ios.appID), ("Package", report.android.packageName)],
            agreeing: "both platforms open the app for the routes' links, and for the same ones", inputs: inputs,
            platforms: [
                .init("iOS", report.ios.gaps.count), .init("Android", report.android.gaps.count),
                .init("between the platforms", report.differences.count),
            ],
            sections: [
                AppCoverageHTMLPage.domainsSection(report.ios), AndroidCoverageHTMLPage.hostsSection(report.android),
            ],
            flags: "--entitlements ... --manifest ..."
        ).render()
    }
}

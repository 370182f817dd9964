import FileLocations
import LinkCoverage
import RichMediaKitSupport

/// `link-router check --entitlements ... --format html`: the whole-app report's page (package access), fed to the
/// one page design (``ReportHTMLPage``): the verdict split by platform, kind and file, the inputs (with the app ID),
/// the gaps grouped by kind (each where the mistake is), and a section of its own, the domains considered.
package struct AppCoverageHTMLPage {
    private let report: AppCoverageReport
    private let inputs: ReportHTMLPage.Inputs

    /// Prepares a page.
    ///
    /// - Parameters:
    ///   - report: The report (with a baseline: its new gaps).
    ///   - inputs: What the check read (the page adds the app ID to the options).
    package init(report: AppCoverageReport, inputs: ReportHTMLPage.Inputs) {
        self.report = report
        self.inputs = inputs
    }

    /// The page's section of the domains considered (package access: the both-platforms page shows it too).
    ///
    /// - Parameter report: The report.
    /// - Returns: The section.
    package static func domainsSection(_ report: AppCoverageReport) -> ReportHTMLPage.Section {
        ReportHTMLPage.table(
            id: "domains", heading: "iOS: domains", columns: ["Domain", "State", "File", "Claimed by", "CDN copy"],
            rows: report.domains.map {
                (
                    $0.domain,
                    [
                        MarkupEscaping.escaped($0.state.rawValue),
                        $0.source.map { "<code>\(MarkupEscaping.link($0))</code>" } ?? "-",
                        $0.entry.map { "<code>\(MarkupEscaping.escaped($0))</code>" } ?? "no applinks entry",
                        $0.cdn.map(MarkupEscaping.prose) ?? "-",
                    ]
                )
            })
    }

    /// The page, ending with a newline.
    package func render() -> String {
        ReportHTMLPage(
            coverage: report, check: "Whole-app", subjects: [("App ID", report.appID)],
            agreeing: "the entitlements, the routes and the sites' files agree", inputs: inputs,
            platforms: [.init("iOS", report.gaps.count)], sections: [Self.domainsSection(report)],
            flags: "--entitlements ..."
        ).render()
    }
}

import FileLocations
import RichMediaKitSupport

/// `link-router check --manifest ... --format html`: the Android report's page (package access), fed to the one page
/// design (``ReportHTMLPage``): the verdict split by platform, kind and file, the inputs (with the package), the gaps
/// grouped by kind (each where the mistake is: the manifest's filter, a host's assetlinks.json, the routes), and a
/// section of its own, the hosts considered.
package struct AndroidCoverageHTMLPage {
    private let report: AndroidCoverageReport
    private let inputs: ReportHTMLPage.Inputs

    /// Prepares a page.
    ///
    /// - Parameters:
    ///   - report: The report (with a baseline: its new gaps).
    ///   - inputs: What the check read (the page adds the package to the options).
    package init(report: AndroidCoverageReport, inputs: ReportHTMLPage.Inputs) {
        self.report = report
        self.inputs = inputs
    }

    /// The page's section of the hosts considered (package access: the both-platforms page shows it too).
    ///
    /// - Parameter report: The report.
    /// - Returns: The section.
    package static func hostsSection(_ report: AndroidCoverageReport) -> ReportHTMLPage.Section {
        ReportHTMLPage.table(
            id: "hosts", heading: "Android: hosts", columns: ["Host", "State", "File", "Declared by"],
            rows: report.hosts.map {
                (
                    $0.host,
                    [
                        MarkupEscaping.escaped($0.state.rawValue),
                        $0.source.map { "<code>\(MarkupEscaping.link($0))</code>" } ?? "-",
                        $0.declaredBy.map { "<code>\(MarkupEscaping.escaped($0))</code>" } ?? "no verified filter",
                    ]
                )
            })
    }

    /// The page, ending with a newline.
    package func render() -> String {
        ReportHTMLPage(
            coverage: report, check: "Android", subjects: [("Package", report.packageName)],
            agreeing: "the manifest, the routes and the sites' files agree", inputs: inputs,
            platforms: [.init("Android", report.gaps.count)], sections: [Self.hostsSection(report)],
            flags: "--manifest ..."
        ).render()
    }
}

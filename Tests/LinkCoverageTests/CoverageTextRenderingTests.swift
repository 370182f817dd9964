import Testing

@testable import LinkCoverage

/// `CoverageReport.renderedText()`, `AASADiffReport.renderedText()` and the coverage baseline's rendering: the text
/// `link-router check` and `aasa diff` print, offered by the library (issue 11).
@Suite struct CoverageTextRenderingTests {
    @Test func aCleanReportIsOneLine() {
        let report = CoverageReport(domain: "example.com", appID: "A.b", unrouted: [], unclaimed: [])
        #expect(report.renderedText() == "ok: example.com for A.b: 0 unrouted, 0 unclaimed")
    }

    @Test func gapsAreGroupedAlignedAndEscaped() {
        let report = CoverageReport(
            domain: "example.com", appID: "A.b",
            unrouted: [.init(rule: "/applinks/details/0/components/10", example: "https://example.com/x\u{1B}")],
            unclaimed: [
                .init(route: "home", example: "https://example.com/", rule: nil),
                .init(route: "promotion", example: "https://example.com/promotion/a", rule: "/applinks/x"),
            ])
        #expect(
            report.renderedText().split(separator: "\n", omittingEmptySubsequences: false) == [
                "gaps: example.com for A.b: 1 unrouted, 2 unclaimed", "",
                "unrouted: the app opens, and no route handles the URL",
                "  /applinks/details/0/components/10  https://example.com/x\\u{1b}", "",
                "unclaimed: a route handles the URL, and iOS opens Safari",
                "  home       https://example.com/             (no rule matches)",
                "  promotion  https://example.com/promotion/a  (excluded by /applinks/x)",
            ])
    }

    @Test func theBaselinePartCountsAcceptedGapsAndListsStaleOnes() {
        let report = CoverageReport(
            domain: "example.com", appID: "A.b", unrouted: [.init(rule: "/a", example: "https://example.com/a")],
            unclaimed: [])
        let baseline = CoverageBaseline(
            domain: "example.com", appID: "A.b",
            gaps: [.init(report.unrouted[0]), .unclaimed(route: "gone", ruleContent: nil)])
        let lines = baseline.compare(report).renderedText(file: "b.json").split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines.prefix(3) == [
                "", "baseline b.json: 1 accepted gap not shown", "stale: no longer found, remove from the baseline:",
            ])
        #expect(lines.count == 4)
    }

    @Test func diffsListGainedThenLostInOneAlignment() {
        #expect(
            AASADiffReport(gained: [], lost: []).renderedText()
                == "no change: both files open the app for the same URLs")
        let report = AASADiffReport(
            gained: [.init(example: "https://example.com/x", old: nil, new: "/n/0")],
            lost: [.init(example: "https://example.com/longer", old: "/o/1", new: nil)])
        #expect(
            report.renderedText().split(separator: "\n", omittingEmptySubsequences: false) == [
                "1 gained, 1 lost", "", "gained: opens the app with NEW, not with OLD",
                "  https://example.com/x       old: no rule, new: /n/0", "",
                "lost: opened the app with OLD, not with NEW", "  https://example.com/longer  old: /o/1, new: no rule",
            ])
    }
}

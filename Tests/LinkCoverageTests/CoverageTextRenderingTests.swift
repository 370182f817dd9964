import AppSiteAssociation
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

    /// The library's text of a comparison is what the commands print: the accepted gaps listed (issue 38).
    @Test func theBaselinePartListsAcceptedGapsAndStaleOnes() throws {
        let report = CoverageReport(
            domain: "example.com", appID: "A.b", unrouted: [.init(rule: "/a", example: "https://example.com/a")],
            unclaimed: [])
        let baseline = Baseline<CoverageReport>(
            scope: BaselineScope(domain: "example.com", appID: "A.b"),
            entries: [.init(report.unrouted[0]), .unclaimed(route: "gone", ruleContent: nil)])
        let lines = baseline.compare(report).renderedText(file: "b.json").split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        let accepted =
            "  unrouted: The AASA rule /a sends https://example.com/a to A.b, and no route handles it (the app opens "
            + "with nothing to show)."
        #expect(
            lines == [
                "", "baseline b.json: 1 accepted gap", "accepted (in the baseline), not counted:", accepted,
                "stale: no longer found, remove from the baseline:", "  unclaimed gone (no rule)",
            ])
        // A version 1 file: the note the commands print, once, after the count.
        let old = try Baseline<CoverageReport>(
            json: Array(
                #"{"version": 1, "domain": "example.com", "appID": "A.b", "gaps": [{"kind": "unrouted", "rule": "/a"}]}"#
                    .utf8))
        #expect(
            old.compare(report).renderedText(file: "old.json").split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init) == [
                    "", "baseline old.json: 1 accepted gap",
                    "note: The baseline is version 1 (entries by position, matched at today's positions); write it again "
                        + "with --write-baseline so that accepted findings survive edits.",
                    "accepted (in the baseline), not counted:", accepted,
                ])
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

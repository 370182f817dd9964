import AndroidAppLinks
import AppSiteAssociation
import Foundation
import RichMediaKitSupport
import TestSupport
import Testing

@testable import LinkCoverage
@testable import LinkRouting

/// Issue 40: a gap whose example depends on a corner of URL syntax says which corner in every output of the check
/// (text, JSON, HTML, findings), on iOS and on Android; a gap without one says none.
@Suite struct URLSyntaxCornerOutputTests {
    typealias IOS = CoverageCheckTests
    typealias Android = AndroidCoverageCheckTests

    /// An unrouted gap through an encoded slash (a decoding rule, a route that keeps `%2F` in its segment).
    static func slashReport() throws -> CoverageReport {
        try CoverageChecker.check(
            aasa: try IOS.matcher(#"{"/": "/café/*", "percentEncoded": false}"#),
            routes: try IOS.routes(["/caf%C3%A9/**"]), domain: "example.com", appID: IOS.app)
    }

    /// An unclaimed gap through a repeated, empty query item (the file `aasa generate` writes for the route).
    static func repeatedReport() throws -> CoverageReport {
        let search = try IOS.routes(["/search?q=:q"])
        let generated = try AASAMatcher(
            parsing: Array(AASAGenerator.generate(routes: search, appID: IOS.app, domain: "example.com").utf8))
        return try CoverageChecker.check(aasa: generated, routes: search, domain: "example.com", appID: IOS.app)
    }

    /// Ordinary gaps: no corner.
    static func plainReport() throws -> CoverageReport {
        try CoverageChecker.check(
            aasa: try IOS.matcher(#"{"/": "/a/*"}, {"/": "/b"}"#), routes: try IOS.routes(["/a/:id", "/c"]),
            domain: "example.com", appID: IOS.app)
    }

    static func object(_ report: some Encodable) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
    }

    @Test func theCheckTextShowsACornerAndAFixLineUnderTheGap() throws {
        let text = try Self.slashReport().renderedText().split(separator: "\n").map(String.init)
        let row = try #require(text.firstIndex { $0.hasPrefix("  /applinks/details/0/components/0 ") }, "\(text)")
        #expect(text[row + 1].hasPrefix("    corner: encoded-slash: its path holds an encoded slash (%2F)"))
        #expect(text[row + 2].hasPrefix("    fix: No route or AASA pattern can treat %2F the same way"))
        let repeated = try Self.repeatedReport().renderedText()
        #expect(repeated.contains("\n    corner: repeated-query-item: its query repeats the item `q` with an empty "))
        let plain = try Self.plainReport()
        #expect(!plain.unrouted.isEmpty && !plain.unclaimed.isEmpty, "\(plain)")
        #expect(!plain.renderedText().contains("corner") && !plain.renderedText().contains("fix:"))
    }

    @Test func theCheckJSONHasACornersKeyOnlyOnGapsWithACorner() throws {
        let slash = try Self.slashReport()
        let unrouted = try #require((try Self.object(slash))["unrouted"] as? [[String: Any]])
        let corners = try #require(unrouted.first?["corners"] as? [[String: String]], "\(unrouted)")
        #expect(corners.map { $0["corner"] } == ["encoded-slash"])
        #expect(corners.first?["explanation"]?.hasPrefix("its path holds an encoded slash (%2F)") == true)
        #expect(corners.first?["fix"]?.contains("--write-baseline") == true)
        // Decoding keeps them.
        let decoded = try JSONDecoder().decode(CoverageReport.self, from: JSONEncoder().encode(slash))
        #expect(decoded.unrouted.map(\.corners) == slash.unrouted.map(\.corners))
        let unclaimed = try #require((try Self.object(Self.repeatedReport()))["unclaimed"] as? [[String: Any]])
        #expect((unclaimed.first?["corners"] as? [[String: String]])?.map { $0["corner"] } == ["repeated-query-item"])
        // The embedded form (`aasa fetch`) carries them too.
        let embedded = try Self.object(CoverageReport.Embedded(try Self.repeatedReport()))
        #expect(((embedded["unclaimed"] as? [[String: Any]])?.first?["corners"] as? [Any])?.count == 1)
        let plain = try Self.object(Self.plainReport())
        for key in ["unrouted", "unclaimed"] {
            let gaps = try #require(plain[key] as? [[String: Any]])
            #expect(!gaps.isEmpty && gaps.allSatisfy { $0["corners"] == nil }, "\(gaps)")
        }
    }

    static func page(_ report: CoverageReport, aasa: String, routes: [String]) throws -> String {
        let bytes = Array(
            #"{"applinks": {"details": [{"appIDs": ["\#(IOS.app)"], "components": [\#(aasa)]}]}}"#.utf8)
        return CoverageHTMLPage(
            report: report, inputs: .init(aasaPath: "aasa.json", routesPath: "routes.json", allURLs: false),
            aasa: try AASAMatcher(parsing: bytes), aasaBytes: bytes, table: try IOS.routes(routes)
        ).render()
    }

    @Test func theCheckPageShowsTheCornerInTheGapsRow() throws {
        let slash = try Self.page(
            Self.slashReport(), aasa: #"{"/": "/café/*", "percentEncoded": false}"#, routes: ["/caf%C3%A9/**"])
        #expect(MarkupOutline(slash).isWellFormed)
        #expect(
            slash.contains(
                "</code><br/><span class=\"corner\">Corner of URL syntax (<code>encoded-slash</code>): its path holds "
                    + "an encoded slash (%2F)"))
        let plain = try Self.page(
            Self.plainReport(), aasa: #"{"/": "/a/*"}, {"/": "/b"}"#, routes: ["/a/:id", "/c"])
        #expect(
            plain.contains("<code class=\"url\"><a href=\"https://example.com/b\">https://example.com/b</a></code>"))
        #expect(!plain.contains("<span class=\"corner\">"))
    }

    // MARK: Android

    static func androidCheck(
        paths: [String], rules: String = #"{"/": "*"}"#, routes: RouteTable
    ) throws -> AndroidCoverageReport {
        let manifest = try Android.manifest(Android.filter(hosts: ["example.com"], paths: paths))
        let file = try Android.file(rules: rules)
        return try AndroidCoverageChecker.check(
            decider: AndroidLinkDecider(manifest: manifest, app: Android.app) { _ in file }, routes: routes)
    }

    @Test func androidGapsThroughAnEncodedSlashCaseOrARepeatedQueryItemNameThem() throws {
        // %2F: a prefix filter decodes it, the router keeps it inside one segment.
        let slash = try Self.androidCheck(paths: [#"pathPrefix="/help/""#], routes: try Android.routes(["/help/:id"]))
        let slashed = slash.gaps.filter { $0.example?.contains("%2F") == true }
        #expect(!slashed.isEmpty && slashed.allSatisfy { $0.corners.map(\.code) == ["encoded-slash"] }, "\(slash)")
        // Case: the filter's path is case-sensitive, the routes are not.
        let routes = try RouteTable(
            schemes: ["shop"], associatedDomains: ["applinks:example.com"], caseSensitive: false,
            routes: [Route(name: "r0", pattern: "/a/:id")])
        let cased = try Self.androidCheck(paths: [#"pathPrefix="/a/""#], routes: routes)
        let casedGap = try #require(cased.gaps.first { $0.kind == .unclaimed }, "\(cased)")
        #expect(casedGap.corners.map(\.code) == ["case"], "\(casedGap)")
        #expect(casedGap.message.contains("Android matches the path case-sensitively"))
        // A repeated, empty query item: a dynamic rule matches any occurrence, the router reads the first.
        let repeated = try Self.androidCheck(
            paths: [#"pathPrefix="/""#], rules: #"{"/": "/s", "?": {"q": "a"}}"#,
            routes: try Android.routes(["/s?q=:q"]))
        let repeatedGap = try #require(repeated.gaps.first { !$0.corners.isEmpty }, "\(repeated)")
        #expect(repeatedGap.corners.map(\.code) == ["repeated-query-item"], "\(repeatedGap)")
        #expect(repeatedGap.message.contains("a dynamic rule of assetlinks.json matches when any occurrence"))
        // Gaps that depend on no corner name none.
        let plain = try Self.androidCheck(paths: [#"pathPrefix="/a""#], routes: try Android.routes(["/b"]))
        #expect(!plain.gaps.isEmpty && plain.gaps.allSatisfy(\.corners.isEmpty), "\(plain)")
        #expect(plain.gaps.allSatisfy { !$0.message.contains("corner") })
    }

    @Test func androidCornersAreOnlyThoseTheGapDependsOn() {
        let example = "https://example.com/A./b%2Fc?q=&q=a"
        func corners(
            _ example: String, canonicalPaths: Bool = true, same: Bool, handled: Bool = false
        ) -> [String] {
            URLSyntaxCorner.androidCorners(
                of: example, canonicalPaths: canonicalPaths, sameGap: { _ in same }, handled: { _ in handled }
            ).map(\.code)
        }
        // Every URL without a corner is still the gap, and the lower-cased URL is not taken by both sides: no corner.
        #expect(corners(example, same: true).isEmpty)
        // No such URL is, and the lower-cased URL opens the app and is routed: every corner, in URL order.
        #expect(
            corners(example, same: false, handled: true)
                == ["encoded-slash", "trailing-dot", "repeated-query-item", "case"])
        // Case only when both sides take the lower-cased URL, whatever the same-gap test says of it.
        #expect(
            corners(example, same: false, handled: false) == ["encoded-slash", "trailing-dot", "repeated-query-item"])
        #expect(corners(example, same: true, handled: true) == ["case"])
        // Each corner is tried alone, on the URL without it; case on the URL lower-cased.
        var tried: [String] = []
        var lowered: [String] = []
        _ = URLSyntaxCorner.androidCorners(
            of: example,
            sameGap: {
                tried.append($0)
                return true
            },
            handled: {
                lowered.append($0)
                return false
            })
        #expect(
            tried == [
                "https://example.com/A./b/c?q=&q=a", "https://example.com/A/b%2Fc?q=&q=a",
                "https://example.com/A./b%2Fc?q=",
            ])
        #expect(lowered == ["https://example.com/a./b%2Fc?q=&q=a"])
        #expect(corners("https://example.com/a/b", same: false, handled: true).isEmpty)
        // A URL without the corner that is outside the canonical URLs (`/help/`) is not the same gap; with all URLs
        // compared it is.
        #expect(corners("https://example.com/help%2F", same: true) == ["encoded-slash"])
        #expect(corners("https://example.com/help%2F", canonicalPaths: false, same: true).isEmpty)
    }

    /// Regression (issue 40): a gap whose example has upper-case letters named the `case` corner whenever the URL
    /// lower-cased was not the same gap, also when neither side takes the lower-cased URL at all: a case-sensitive
    /// claim and case-sensitive routes agree on case, and the corner's fix ("give the rules the routes' case
    /// sensitivity") was wrong there.
    @Test func caseIsNamedOnlyWhenTheTwoSidesCompareCaseDifferently() throws {
        // iOS: a case-sensitive `/A/*` claims `/A/`, which the case-sensitive route `/A/:id` does not handle;
        // `/a/` is neither claimed nor routed.
        let sensitive = try CoverageChecker.check(
            aasa: try CoverageCheckTests.matcher(#"{"/": "/A/*"}"#), routes: try CoverageCheckTests.routes(["/A/:id"]),
            domain: "example.com", appID: CoverageCheckTests.app)
        #expect(!sensitive.unrouted.isEmpty, "\(sensitive)")
        #expect(sensitive.unrouted.allSatisfy { $0.corners.isEmpty }, "\(sensitive)")
        // Android: the filter `/A/.*` opens `/A%2F` (Android decodes the slash), which `/A/:id` does not handle;
        // `/a%2F` neither opens nor routes. The encoded slash is a corner of this gap, case is not.
        let android = try Self.androidCheck(paths: [#"pathPattern="/A/.*""#], routes: try Android.routes(["/A/:id"]))
        let unrouted = android.gaps.filter { $0.kind == .unrouted }
        #expect(!unrouted.isEmpty, "\(android)")
        #expect(unrouted.allSatisfy { !$0.corners.map(\.code).contains("case") }, "\(android)")
    }

    @Test func androidOutputsShowTheCorner() throws {
        let report = try Self.androidCheck(
            paths: [#"pathPrefix="/help/""#], routes: try Android.routes(["/help/:id"]))
        let gap = try #require(report.gaps.first { !$0.corners.isEmpty }, "\(report)")
        // Findings (SARIF, xcode, github, HTML): message and fix.
        let finding = try #require(report.locatedFindings.first { $0.message == gap.message })
        #expect(finding.fix?.hasPrefix("No intent filter or route can tell them apart") == true)
        // Text: the sentence, then a fix line.
        let text = report.renderedText()
        #expect(text.contains("an encoded slash (%2F), which Android decodes to / before it matches"))
        #expect(text.contains("\n  fix: No intent filter or route can tell them apart"))
        // JSON.
        let gaps = try #require((try Self.object(report))["gaps"] as? [[String: Any]])
        let cornered = gaps.filter { $0["corners"] != nil }
        #expect(cornered.count == report.gaps.filter { !$0.corners.isEmpty }.count && !cornered.isEmpty)
        #expect((cornered.first?["corners"] as? [[String: String]])?.first?["corner"] == "encoded-slash")
        // HTML.
        let html = AndroidCoverageHTMLPage(
            report: report, inputs: .init(files: [.androidManifest: "AndroidManifest.xml", .routes: "routes.json"])
        ).render()
        #expect(html.contains("Fix: No intent filter or route can tell them apart"))
        // Without a corner: no fix line, no key, no fix.
        let plain = try Self.androidCheck(paths: [#"pathPrefix="/a""#], routes: try Android.routes(["/b"]))
        #expect(!plain.renderedText().contains("fix:"))
        #expect(((try Self.object(plain))["gaps"] as? [[String: Any]])?.allSatisfy { $0["corners"] == nil } == true)
        #expect(plain.locatedFindings.allSatisfy { $0.fix == nil })
    }
}

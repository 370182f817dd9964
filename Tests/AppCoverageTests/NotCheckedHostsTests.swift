import AppCoverage
import LinkRouting
import TestSupport
import Testing

/// Every host the routes associate is listed, also one only a `*.` entry covers, and a claimed host left without a
/// file makes the check incomplete: not clean (exit 1), said in the verdict.
@Suite struct NotCheckedHostsTests {
    static let routes = """
        {"associatedDomains": ["applinks:example.com", "applinks:shop.example.com"],
         "routes": [{"name": "product", "pattern": "/product/**"}]}
        """

    @Test func aHostOnlyAWildcardCoversIsListedNotChecked() throws {
        let app = try AppFixtures.app(["applinks:example.com", "applinks:*.example.com"])
        let report = try AppCoverageChecker.check(
            app: app, hasInfoPlist: false, routes: try AppFixtures.routes(Self.routes), appID: AppFixtures.appID,
            files: ["example.com": try AppFixtures.site(AppFixtures.aasa(paths: ["/product/*"]))])
        #expect(report.domains.map(\.domain) == ["example.com", "shop.example.com"])
        #expect(report.domains.map(\.state) == [.checked, .notChecked])
        #expect(report.domains[1].entry == "applinks:*.example.com")
        #expect(report.gaps.isEmpty)
        #expect(!report.isComplete)
        #expect(!report.isClean)
        #expect(
            report.renderedText().hasPrefix(
                "incomplete: \(AppFixtures.appID): 0 gaps, 1 of 2 domains checked, 1 not checked"))
        // With the host's file too, the check is complete and clean.
        let full = try AppCoverageChecker.check(
            app: app, hasInfoPlist: false, routes: try AppFixtures.routes(Self.routes), appID: AppFixtures.appID,
            files: [
                "example.com": try AppFixtures.site(AppFixtures.aasa(paths: ["/product/*"])),
                "shop.example.com": try AppFixtures.site(AppFixtures.aasa(paths: ["/product/*"])),
            ])
        #expect(full.isComplete && full.isClean)
        #expect(full.renderedText().hasPrefix("ok: "))
    }
}

import TestSupport
import Testing

@testable import AppSiteAssociation

/// The shipped Docs/Examples/apple-app-site-association is clean and decides as documented.
@Suite struct AASAExampleFileTests {
    static func exampleBytes() throws -> [UInt8] {
        try AASAFixtures.read(AASAFixtures.packageRoot + "/Docs/Examples/apple-app-site-association")
    }

    @Test func exampleFileLintsClean() throws {
        let report = AASALinter.lint(try Self.exampleBytes(), passes: [])
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    }

    @Test(arguments: [
        ("https://example.com/", AASAMatch.Decision.match),
        ("https://example.com/promotion/7", .match),
        ("https://example.com/product/42", .match),
        ("https://example.com/help/internal/x", .exclude),
        ("https://example.com/help/faq", .match),
        ("https://example.com/campaign?ref=push&id=9", .match),
        ("https://example.com/campaign?ref=mail&id=9", .match),
        ("https://example.com/api/v1/orders", .exclude),
        ("https://example.com/account", .noMatch),
    ])
    func exampleFileDecisions(url: String, expected: AASAMatch.Decision) throws {
        let matcher = try AASAMatcher(parsing: try Self.exampleBytes())
        #expect(matcher.match(url, domain: "example.com", appID: "ABCDE12345.com.example.app").decision == expected)
    }
}

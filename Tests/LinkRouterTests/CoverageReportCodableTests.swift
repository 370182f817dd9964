import Foundation
import LinkRouter
import TestSupport
import Testing

/// Coverage and diff reports encode to what `link-router check` and `aasa diff` print, and decode back.
@Suite struct CoverageReportCodableTests {
    static let root = AASAFixtures.packageRoot + "/Docs/Examples/"
    static let app = "ABCDE12345.com.example.app"

    private static func matcher(_ name: String) throws -> AASAMatcher {
        try AASAMatcher(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: root + name))))
    }

    private static func same(_ printed: String, _ value: some Encodable) throws -> Bool {
        let lhs = try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? NSDictionary
        let rhs = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(value)) as? NSDictionary
        return lhs != nil && lhs == rhs
    }

    @Test func coverageReportsEncodeAsTheCheckCommandPrintsThem() throws {
        let result = try CommandRunner.run([
            "check", "--aasa", Self.root + "apple-app-site-association", "--routes", Self.root + "routes.json",
            "--domain", "example.com", "--app-id", Self.app, "--format", "json",
        ])
        let routes = try RouteTable(json: Data(contentsOf: URL(fileURLWithPath: Self.root + "routes.json")))
        let report = try CoverageChecker.check(
            aasa: try Self.matcher("apple-app-site-association"), routes: routes, domain: "example.com",
            appID: Self.app)
        #expect(!report.isClean)
        #expect(try Self.same(result.stdout, report))
        #expect(try JSONDecoder().decode(CoverageReport.self, from: Data(result.stdout.utf8)) == report)
    }

    @Test func diffReportsEncodeAsTheDiffCommandPrintsThem() throws {
        let result = try CommandRunner.run([
            "aasa", "diff", Self.root + "apple-app-site-association", Self.root + "apple-app-site-association-next",
            "--domain", "example.com", "--app-id", Self.app, "--format", "json",
        ])
        let report = try CoverageChecker.diff(
            old: try Self.matcher("apple-app-site-association"),
            new: try Self.matcher("apple-app-site-association-next"), domain: "example.com", appID: Self.app)
        #expect(!report.isUnchanged)
        #expect(try Self.same(result.stdout, report))
        #expect(try JSONDecoder().decode(AASADiffReport.self, from: Data(result.stdout.utf8)) == report)
    }
}

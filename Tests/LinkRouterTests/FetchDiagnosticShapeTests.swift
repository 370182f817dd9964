import Foundation
import LinkRouter
import TestSupport
import Testing

/// The JSON of `aasa fetch` and `assetlinks fetch` writes each finding in the one diagnostic shape every lint's
/// diagnostic has, after the finding's own keys: `"fix"` (the same as `"hint"`) and `"places"`, the places the
/// report's `locatedFindings` give (the SARIF, GitHub and Xcode places); and the counts `"errors"`, `"warnings"` and
/// `"infos"`. Each command runs against the local server (`Fixtures/AASAFetch/aasa-server.py`), and its JSON is
/// compared with the report the checker makes in this process of the same answers.
@Suite struct FetchDiagnosticShapeTests {
    typealias Diagnostic = LintDiagnosticShapeTests.Diagnostic

    struct AASAFetch: Decodable {
        var errors: Int
        var warnings: Int
        var infos: Int
        var findings: [Diagnostic]
    }

    struct AssetLinksFetch: Decodable {
        struct Site: Decodable {
            var findings: [Diagnostic]
        }

        var errors: Int
        var warnings: Int
        var infos: Int
        var sites: [Site]
    }

    static let appID = "ABCDE12345.com.example.app"

    static func fixture(_ name: String) -> [UInt8] {
        (try? Data(contentsOf: URL(fileURLWithPath: CommandRunner.fixture("AASAFetch/" + name)))).map(Array.init) ?? []
    }

    static func ok(_ url: String, _ body: [UInt8], type: String = "application/json") -> AASAFetchResponse {
        AASAFetchResponse(url: url, status: 200, headers: ["Content-Type": type], body: body)
    }

    static func notFound(_ url: String) -> AASAFetchResponse {
        AASAFetchResponse(url: url, status: 404, headers: ["Content-Type": "text/plain"], body: Array("not found".utf8))
    }
    static let routes = PackagePaths.path("Docs/Examples/routes.json")

    /// An `aasa fetch` run: the origin's case, the CDN's case, and whether the coverage check runs.
    struct Case: Sendable, CustomTestStringConvertible {
        var origin: String
        var cdn: String
        var coverage: Bool
        var testDescription: String { "\(origin), \(cdn)\(coverage ? ", coverage" : "")" }
    }

    @Test(
        arguments: [
            // Lint findings of the body (placed at their pointer in it) and a CDN miss.
            Case(origin: "lint-errors", cdn: "cdn-miss", coverage: false),
            // The legacy location (origin), a stale CDN copy, and the coverage gaps: unrouted in the body, unclaimed
            // at the route's entry in the routes file.
            Case(origin: "root-only", cdn: "cdn-stale", coverage: true),
        ])
    func aasaFetch(_ testCase: Case) throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let coverage = testCase.coverage ? ["--routes", Self.routes, "--app-id", Self.appID] : []
        let run = try CommandRunner.run(
            [
                "aasa", "fetch", "example.com", "--origin", server.url(testCase.origin), "--cdn",
                server.url(testCase.cdn),
            ]
                + coverage + ["--format", "json"],
            environment: LoopbackServer.environment)
        let table = try RouteTable(json: try Data(contentsOf: URL(fileURLWithPath: Self.routes)))
        // The same answers as the server's, in this process (no network: the parallel tests keep no thread free for
        // a fetch's deadline).
        let wellKnown = server.url(testCase.origin + "/.well-known/apple-app-site-association")
        let origin =
            testCase.origin == "root-only"
            ? [
                Self.notFound(wellKnown),
                Self.ok(server.url("root-only/apple-app-site-association"), Self.fixture("apple-app-site-association")),
            ] : [Self.ok(wellKnown, Self.fixture("apple-app-site-association-lint-errors"))]
        let cdnURL = server.url(testCase.cdn + "/example.com")
        let cdn =
            testCase.cdn == "cdn-stale"
            ? Self.ok(cdnURL, Self.fixture("apple-app-site-association-stale")) : Self.notFound(cdnURL)
        let report = AASAFetchChecker.check(
            domain: "example.com", origin: origin, cdn: cdn, routes: testCase.coverage ? table : nil,
            appID: testCase.coverage ? Self.appID : nil)
        let decoded = try JSONDecoder().decode(AASAFetch.self, from: Data(run.stdout.utf8))
        LintDiagnosticShapeTests.expectSameFindings(decoded.findings, report.locatedFindings)
        LintDiagnosticShapeTests.expectCounts(
            errors: decoded.errors, warnings: decoded.warnings, infos: decoded.infos, of: report.locatedFindings)
        let sources = Set(report.findings.map(\.source))
        if testCase.coverage {
            #expect(sources == [.origin, .cdn, .coverage])
            #expect(report.locatedFindings.contains { $0.places.first?.file == .routes })
        } else {
            #expect(sources == [.lint, .cdn])
        }
        // Findings about the body are placed in it; findings about a request have no place.
        for (finding, located) in zip(report.findings, report.locatedFindings) {
            #expect(located.places.isEmpty == (finding.source == .origin || finding.source == .cdn))
            #expect(located.places.allSatisfy { $0.file == .body || $0.file == .routes })
        }
        // The finding's own keys stay: the fix follows them.
        #expect(run.stdout.contains(#""hint":"#) && run.stdout.contains(#""source":"#))
    }

    @Test func assetLinksFetch() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        // Another fingerprint than the example file's: good.example does not verify the app (a verification finding).
        let fingerprint =
            "00:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
        let hosts = ["good.example", "includes.example", "redirect.example", "wrong-type.example"]
        let run = try CommandRunner.run(
            ["assetlinks", "fetch"] + hosts + [
                "--package", "com.example.app", "--fingerprint", fingerprint, "--origin", server.url("{host}"),
                "--format", "json",
            ],
            environment: LoopbackServer.environment)
        let app = AndroidAppIdentity(packageName: "com.example.app", fingerprints: [fingerprint])
        let file = Self.fixture("../../../../Docs/Examples/assetlinks.json")
        func wellKnown(_ host: String) -> String { server.url(host + "/.well-known/assetlinks.json") }
        let includes = Array(
            #"[{"include": "https://include.example/shared.json"},\#n {"include": "https://include.example/missing.json"}]\#n"#
                .utf8)
        let sites = [
            AssetLinksFetchChecker.check(
                fileHost: "good.example", response: Self.ok(wellKnown("good.example"), file), app: app),
            AssetLinksFetchChecker.check(
                fileHost: "includes.example", response: Self.ok(wellKnown("includes.example"), includes),
                includes: [
                    "https://include.example/shared.json": Self.ok(server.url("include.example/shared.json"), file),
                    "https://include.example/missing.json": Self.notFound(server.url("include.example/missing.json")),
                ], app: app),
            AssetLinksFetchChecker.check(
                fileHost: "redirect.example",
                response: AASAFetchResponse(
                    url: wellKnown("redirect.example"), status: 301,
                    headers: ["Location": "https://www.example.com/.well-known/assetlinks.json"]), app: app),
            AssetLinksFetchChecker.check(
                fileHost: "wrong-type.example",
                response: Self.ok(wellKnown("wrong-type.example"), file, type: "text/html; charset=utf-8"), app: app),
        ]
        let report = AssetLinksFetchReport(hosts: hosts, sites: sites, packageName: "com.example.app")
        let decoded = try JSONDecoder().decode(AssetLinksFetch.self, from: Data(run.stdout.utf8))
        LintDiagnosticShapeTests.expectSameFindings(decoded.sites.flatMap(\.findings), report.locatedFindings)
        LintDiagnosticShapeTests.expectCounts(
            errors: decoded.errors, warnings: decoded.warnings, infos: decoded.infos, of: report.locatedFindings)
        #expect(decoded.infos > 0)
        #expect(Set(report.findings.map(\.source)).isSuperset(of: [.origin, .lint, .verification]))
        // A body's findings are placed in the deployed file of its host.
        #expect(
            report.locatedFindings.contains {
                $0.places.first?.file == .deployedAssetLinks("includes.example")
                    && $0.places.first?.location.line != nil
            })
    }
}

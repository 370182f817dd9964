import Foundation
import LinkRouter
import Testing

/// Every lint's JSON (`aasa lint`, `app lint` for iOS and Android, `assetlinks lint`) writes each diagnostic in the one
/// diagnostic shape after its own keys: `"fix"` (the same as `"hint"`) and `"places"`, the places the report's
/// `locatedFindings` give (the SARIF, GitHub and Xcode places), each `{"file", "pointer", "line", "column"}`; and the
/// counts `"errors"`, `"warnings"` and `"infos"`.
@Suite struct LintDiagnosticShapeTests {
    struct Place: Decodable, Equatable {
        var file: String
        var pointer: String?
        var line: Int?
        var column: Int?
    }

    struct Diagnostic: Decodable {
        var code: String
        var severity: String
        var hint: String
        var fix: String
        var places: [Place]
    }

    struct Lint: Decodable {
        var errors: Int
        var warnings: Int
        var infos: Int
        var diagnostics: [Diagnostic]
    }

    static let examples = AppFileFixtures.examples

    /// Decodes a lint's JSON and checks it against the findings of the same lint run in process.
    static func expectOneShape(
        _ json: String, findings: [LocatedFinding], counts: (errors: Int, warnings: Int, infos: Int)
    ) throws {
        let lint = try JSONDecoder().decode(Lint.self, from: Data(json.utf8))
        expectSameFindings(lint.diagnostics, findings)
        #expect(lint.errors == counts.errors && lint.warnings == counts.warnings && lint.infos == counts.infos)
        expectCounts(errors: lint.errors, warnings: lint.warnings, infos: lint.infos, of: findings)
    }

    /// Checks decoded diagnostics against the in-process findings, field by field: one per finding, in order, each
    /// with the finding's code, severity, fix (the same as its `"hint"`) and places.
    static func expectSameFindings(_ diagnostics: [Diagnostic], _ findings: [LocatedFinding]) {
        #expect(diagnostics.count == findings.count && !findings.isEmpty)
        for (diagnostic, finding) in zip(diagnostics, findings) {
            #expect(diagnostic.code == finding.code)
            #expect(diagnostic.severity == finding.severity.rawValue)
            #expect(diagnostic.fix == diagnostic.hint)
            #expect(diagnostic.fix == finding.fix)
            let places = finding.places.map {
                Place(
                    file: $0.file.rawValue, pointer: $0.location.pointer?.text, line: $0.location.line,
                    column: $0.location.column)
            }
            #expect(diagnostic.places == places)
        }
    }

    /// Checks decoded counts against the severities of the in-process findings.
    static func expectCounts(errors: Int, warnings: Int, infos: Int, of findings: [LocatedFinding]) {
        #expect(errors == findings.count { $0.severity == .error })
        #expect(warnings == findings.count { $0.severity == .warning })
        #expect(infos == findings.count { $0.severity == .info })
    }

    @Test(
        arguments: [
            ("AASA/mistakes.json", (errors: 1, warnings: 4, infos: 0)), ("AASA/syntax-error.json", (1, 0, 0)),
        ] as [(String, (Int, Int, Int))])
    func aasaLint(fixture: String, counts: (Int, Int, Int)) throws {
        let file = CommandRunner.fixture(fixture)
        let run = try CommandRunner.run(["aasa", "lint", file, "--format", "json"])
        let report = AASALinter.lint(
            Array(try Data(contentsOf: URL(fileURLWithPath: file))), passes: [.unreachableRules])
        try Self.expectOneShape(run.stdout, findings: report.locatedFindings, counts: counts)
    }

    @Test func appLintForIOS() throws {
        let entitlements = Self.examples + "App.entitlements"
        let routes = Self.examples + "routes.json"
        let run = try CommandRunner.run([
            "app", "lint", "--entitlements", entitlements, "--routes", routes, "--no-config", "--format", "json",
        ])
        let configuration = try AppLinkConfiguration(
            entitlements: Array(try Data(contentsOf: URL(fileURLWithPath: entitlements))))
        let table = try RouteTable(json: try Data(contentsOf: URL(fileURLWithPath: routes)))
        let report = AppLinkLinter.lint(configuration, options: .init(routes: table))
        try Self.expectOneShape(run.stdout, findings: report.locatedFindings, counts: (1, 2, 0))
        #expect(report.locatedFindings.allSatisfy { $0.places.first?.file == .entitlements })
        // A property list's place has its key path as the pointer, as the whole-app check and doctor write it.
        #expect(
            report.locatedFindings.first?.places.first?.location.pointer?.text
                == "/com.apple.developer.associated-domains/0")
        #expect(
            run.stdout.contains(
                #""places":[{"file":"entitlements","pointer":"/com.apple.developer.associated-domains/0","line":11,"column":3}]"#
            ))
    }

    @Test func appLintForAndroid() throws {
        let manifest = Self.examples + "AndroidManifest.xml"
        let run = try CommandRunner.run(["app", "lint", "--manifest", manifest, "--no-config", "--format", "json"])
        let parsed = try AndroidManifest(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: manifest))))
        let report = AndroidLintReport(
            entries: AndroidManifestLinter.lint(parsed).map { .init(file: .androidManifest, diagnostic: $0) })
        try Self.expectOneShape(run.stdout, findings: report.locatedFindings, counts: (0, 3, 0))
    }

    @Test func assetLinksLint() throws {
        let path = try AssetLinksCommandTests.scratch(
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "#
                + #""package_name": "com.example.app", "sha256_cert_fingerprints": ["AB:CD"]}}]"#)
        let run = try CommandRunner.run(["assetlinks", "lint", path, "--format", "json"])
        let report = AndroidLintReport.lint(assetLinks: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        try Self.expectOneShape(run.stdout, findings: report.locatedFindings, counts: (1, 0, 0))
        #expect(report.locatedFindings.allSatisfy { $0.places.first?.file == .assetLinks })
    }

    /// `AASADiagnostic` still reads a file written before `"fix"` and `"places"`, and reads today's.
    @Test func aasaDiagnosticsDecodeWithAndWithoutTheSharedKeys() throws {
        let old = Data(
            #"{"errors":1,"warnings":0,"diagnostics":[{"severity":"error","code":"json-syntax","pointer":"","message":"line 3, column 17: unexpected ',', expected a value","hint":"fix the JSON at this position","line":3,"column":17}]}"#
                .utf8)
        let decoded = try JSONDecoder().decode(AASALintReport.self, from: old)
        #expect(decoded.diagnostics.map(\.fix) == ["fix the JSON at this position"])
        let again = try JSONDecoder().decode(AASALintReport.self, from: try JSONEncoder().encode(decoded))
        #expect(again == decoded)
        let written = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(decoded)) as? [String: Any]
        let diagnostic = try #require((written?["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["fix"] as? String == "fix the JSON at this position")
        #expect((diagnostic["places"] as? [[String: Any]])?.first?["line"] as? Int == 3)
    }
}

import Foundation
import RichMediaKitSupport
import TestSupport
import Testing

@testable import AppSiteAssociation
@testable import LinkCoverage
@testable import LinkRouting

/// Source positions, baselines and findings built from the library's reports.
@Suite struct ReportInputsTests {
    static let examples = AASAFixtures.packageRoot + "/Docs/Examples/"
    static let app = "ABCDE12345.com.example.app"

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: examples + name)))
    }

    static func exampleReport() throws -> (CoverageReport, RouteTable) {
        let matcher = try AASAMatcher(parsing: try bytes("apple-app-site-association"))
        let table = try RouteTable(json: Data(try bytes("routes.json")))
        let report = try CoverageChecker.check(aasa: matcher, routes: table, domain: "example.com", appID: app)
        return (report, table)
    }

    // MARK: Positions

    @Test func positionsPointAtTheFirstByteOfEachValue() {
        let text = """
            {
              "a": [1, {"b~/c": "x"}],
              "é": true
            }
            """
        let positions = JSONSourcePositions.positions(
            of: ["", "/a", "/a/0", "/a/1", "/a/1/b~0~1c", "/é"], in: Array(text.utf8))
        #expect(positions[""] == JSONSourcePosition(line: 1, column: 1))
        #expect(positions["/a"] == JSONSourcePosition(line: 2, column: 8))
        #expect(positions["/a/0"] == JSONSourcePosition(line: 2, column: 9))
        #expect(positions["/a/1"] == JSONSourcePosition(line: 2, column: 12))
        #expect(positions["/a/1/b~0~1c"] == JSONSourcePosition(line: 2, column: 21))
        #expect(positions["/é"] == JSONSourcePosition(line: 3, column: 8))
    }

    @Test func missingPointersFallBackToTheNearestAncestor() {
        let text = "{\n  \"a\": {\"b\": 1}\n}"
        let positions = JSONSourcePositions.positions(of: ["/a/zzz/0", "/nope"], in: Array(text.utf8))
        #expect(positions["/a/zzz/0"] == JSONSourcePosition(line: 2, column: 8))
        #expect(positions["/nope"] == JSONSourcePosition(line: 1, column: 1))
    }

    @Test func positionsBeforeASyntaxErrorAreStillFound() {
        let text = "{\"a\": [1,\n 2, ]}"
        let positions = JSONSourcePositions.positions(of: ["/a/1", "/a/2"], in: Array(text.utf8))
        #expect(positions["/a/1"] == JSONSourcePosition(line: 2, column: 2))
        // Where the missing third element should start is where the parser stopped.
        #expect(positions["/a/2"] == JSONSourcePosition(line: 2, column: 5))
    }

    @Test func columnsCountUnicodeScalarsAndSkipAByteOrderMark() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\"ü\": \"é\", \"x\": 1}".utf8)
        let positions = JSONSourcePositions.positions(of: ["/x"], in: bytes)
        #expect(positions["/x"] == JSONSourcePosition(line: 1, column: 17))
    }

    // MARK: Coverage baselines

    @Test func coverageBaselineIdentifiesGapsWithoutTheirExamples() throws {
        let (report, _) = try Self.exampleReport()
        let baseline = Baseline<CoverageReport>(report: report)
        #expect(
            baseline.entries == [
                .unrouted(ruleContent: #"{"/": "/promotion/*"}"#),
                .unclaimed(route: "help", ruleContent: #"{"exclude": true, "/": "/help/internal/*"}"#),
            ])
        #expect(
            baseline.json == """
                {
                  "version": 2,
                  "domain": "example.com",
                  "appID": "ABCDE12345.com.example.app",
                  "gaps": [
                    {"kind": "unrouted", "rule": {"/": "/promotion/*"}},
                    {"kind": "unclaimed", "route": "help", "rule": {"/": "/help/internal/*", "exclude": true}}
                  ]
                }

                """)
        #expect(!baseline.json.contains("https://"))
        #expect(try Baseline<CoverageReport>(json: Array(baseline.json.utf8)) == baseline)
        // Codable round trip through Foundation's coders too.
        let encoded = try JSONEncoder().encode(baseline)
        #expect(try JSONDecoder().decode(Baseline<CoverageReport>.self, from: encoded) == baseline)
    }

    @Test func comparingSplitsNewAcceptedAndStaleGaps() throws {
        let (report, _) = try Self.exampleReport()
        var changed = report
        changed.unrouted[0].example = "https://example.com/promotion/"  // a new example is the same gap
        changed.unclaimed.append(.init(route: "search", example: "https://example.com/search", rule: nil))
        let baseline = Baseline<CoverageReport>(
            scope: BaselineScope(domain: "example.com", appID: Self.app),
            entries: [
                .unrouted(ruleContent: #"{"/": "/promotion/*"}"#), .unclaimed(route: "gone", ruleContent: nil),
                .unclaimed(route: "help", ruleContent: #"{"/": "/help/internal/*", "exclude": true}"#),
            ])
        let comparison = baseline.compare(changed)
        #expect(comparison.new.unrouted.isEmpty)
        #expect(comparison.new.unclaimed.map(\.route) == ["search"])
        #expect(comparison.accepted.unrouted.count == 1)
        #expect(comparison.accepted.unclaimed.map(\.route) == ["help"])
        #expect(comparison.stale == [.unclaimed(route: "gone", ruleContent: nil)])
        #expect(Baseline<CoverageReport>(report: report).compare(report).new.isClean)
    }

    @Test func aDifferentBlockingRuleIsANewGap() throws {
        let report = CoverageReport(
            domain: "example.com", appID: Self.app, unrouted: [],
            unclaimed: [
                .init(route: "help", example: "https://example.com/help/x", rule: "/applinks/details/0/components/7")
            ])
        // A report made by hand knows its rules by pointer only: a version 1 baseline of another pointer.
        let baseline = try Baseline<CoverageReport>(
            json: Array(
                #"{"version": 1, "domain": "example.com", "appID": "\#(Self.app)", "gaps": [{"kind": "unclaimed", "route": "help", "rule": "/applinks/details/0/components/6"}]}"#
                    .utf8))
        let comparison = baseline.compare(report)
        #expect(comparison.new.unclaimed.count == 1)
        #expect(comparison.stale.count == 1)
    }

    @Test(arguments: [
        ("{", "1:2"),
        (#"{"version": 3, "domain": "d", "appID": "a", "gaps": []}"#, "/version"),
        (#"{"version": 0, "domain": "d", "appID": "a", "gaps": []}"#, "/version"),
        (#"{"version": 1, "appID": "a", "gaps": []}"#, "/domain"),
        (#"{"version": 1, "domain": "d", "appID": "a", "gaps": [{"kind": "odd"}]}"#, "/gaps/0/kind"),
        (#"{"version": 1, "domain": "d", "appID": "a", "gaps": [{"kind": "unrouted"}]}"#, "/gaps/0/rule"),
        (
            #"{"version": 1, "domain": "d", "appID": "a", "gaps": [{"kind": "unclaimed", "rule": null}]}"#,
            "/gaps/0/route"
        ),
    ])
    func badCoverageBaselinesSayWhere(text: String, location: String) {
        #expect(throws: BaselineError.self) { try Baseline<CoverageReport>(json: Array(text.utf8)) }
        do {
            _ = try Baseline<CoverageReport>(json: Array(text.utf8))
        } catch {
            #expect(error.fileLocation.description == location, "\(error)")
        }
    }

    @Test func anUnknownGapKindNamesTheKindsThereAre() {
        let text = #"{"version": 1, "domain": "d", "appID": "a", "gaps": [{"kind": "excluded", "rule": "/x"}]}"#
        do {
            _ = try Baseline<CoverageReport>(json: Array(text.utf8))
            Issue.record("a gap of kind \"excluded\" was accepted")
        } catch {
            #expect(error.fileLocation == .pointer(JSONPointer("/gaps/0/kind")!) && error.kind == .notABaseline)
            #expect(error.message == #"expected "unrouted" or "unclaimed", not "excluded""#)
        }
    }

    // MARK: Lint baselines

    @Test func lintBaselineAcceptsByCodeAndPointer() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: AASAFixtures.path("mistakes.json"))))
        let report = AASALinter.lint(bytes, passes: [.unreachableRules])
        let baseline = Baseline<AASALintReport>(report: report)
        #expect(baseline.entries.count == report.diagnostics.count)
        #expect(try Baseline<AASALintReport>(json: Array(baseline.json.utf8)) == baseline)
        #expect(baseline.json.hasPrefix("{\n  \"version\": 2,\n  \"diagnostics\": [\n    {\"code\": "))
        var smaller = baseline
        let dropped = smaller.entries.removeFirst()
        smaller.entries.append(.init(code: "unknown-key", subject: #"["gone"]"#))
        let comparison = smaller.compare(report)
        #expect(comparison.new.diagnostics.map(Baseline<AASALintReport>.Entry.init) == [dropped])
        #expect(comparison.accepted.diagnostics.count == report.diagnostics.count - 1)
        #expect(comparison.stale == [.init(code: "unknown-key", subject: #"["gone"]"#)])
    }

    // MARK: Findings

    @Test func checkFindingsPointAtTheRuleAndTheRoute() throws {
        let (report, _) = try Self.exampleReport()
        let sources = ReportSources([
            .aasa: .init(path: "aasa.json", bytes: try Self.bytes("apple-app-site-association")),
            .routes: .init(path: "routes.json", bytes: try Self.bytes("routes.json")),
        ])
        let findings = sources.resolved(report.locatedFindings)
        #expect(findings.map(\.ruleID) == ["unrouted", "unclaimed"])
        // components/2 is on line 9 of the example, indented 10 spaces; the help route is routes[11], line 18.
        #expect(findings[0].location == .init(path: "aasa.json", line: 9, column: 11))
        #expect(findings[1].location == .init(path: "routes.json", line: 18, column: 5))
        #expect(findings[0].message.contains("https://example.com/promotion"))
        #expect(findings[1].message.contains("/applinks/details/0/components/6"))
        let log = FindingWriters.sarif(
            toolName: "link-router", rules: report.findingRules, findings: report.locatedFindings, sources: sources)
        #expect(SARIFValidator.problems(in: log) == [])
    }

    @Test func lintFindingsKeepSyntaxPositionsAndLocatePointers() throws {
        let syntax = Array("{\n  \"applinks\": [,]\n}".utf8)
        let syntaxReport = AASALinter.lint(syntax, passes: [.unreachableRules])
        let findings = ReportSources([.aasa: .init(path: "x.json", bytes: syntax)]).resolved(
            syntaxReport.locatedFindings)
        #expect(findings.first?.location == .init(path: "x.json", line: 2, column: 16))
        #expect(syntaxReport.findingRules.first?.code == "json-syntax")
        #expect(syntaxReport.findingRules.first?.summary == "The file is not valid JSON.")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: AASAFixtures.path("mistakes.json"))))
        let report = AASALinter.lint(bytes, passes: [.unreachableRules])
        let sources = ReportSources([.aasa: .init(path: "m.json", bytes: bytes)])
        #expect(sources.resolved(report.locatedFindings).allSatisfy { $0.location != nil })
        #expect(Set(report.findingRules.map(\.code)) == Set(report.diagnostics.map(\.code.rawValue)))
        let log = FindingWriters.sarif(
            toolName: "link-router", rules: report.findingRules, findings: report.locatedFindings, sources: sources)
        #expect(SARIFValidator.problems(in: log) == [])
        let stdin = ReportSources([.aasa: .init(path: nil, bytes: bytes)])
        #expect(stdin.resolved(report.locatedFindings).allSatisfy { $0.location == nil })
    }

    @Test func everyDocumentedLintCodeHasASARIFRuleDescription() throws {
        let docs = try String(contentsOfFile: AASAFixtures.packageRoot + "/Docs/AASA.md", encoding: .utf8)
        let section = try #require(docs.components(separatedBy: "## Lint codes").last)
        let codes = section.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
        }
        #expect(codes.count >= 30)
        for code in codes {
            let rule = AASADiagnostic.Code(rawValue: code).findingRule()
            #expect(rule.summary != code, "no SARIF description for \(code)")
        }
    }

    @Test func staleEntriesBecomeNotesInTheBaselineFile() throws {
        let baseline = Baseline<CoverageReport>(
            scope: BaselineScope(domain: "example.com", appID: Self.app),
            entries: [.unrouted(ruleContent: #"{"/": "/a"}"#), .unclaimed(route: "gone", ruleContent: nil)])
        let text = baseline.json
        let summary = baseline.summary(
            path: "b.json", accepted: 1, stale: [.unclaimed(route: "gone", ruleContent: nil)])
        let notes = ReportSources([.baseline: .init(path: "b.json", bytes: Array(text.utf8))]).resolved(
            summary.stale.map(\.note))
        #expect(BaselineStaleEntry.rule.code == "stale-baseline-entry")
        #expect(notes.first?.level == .info)
        #expect(notes.first?.location == .init(path: "b.json", line: 7, column: 5))
    }
}

import FileLocations
import RichMediaKitSupport
import TestSupport
import Testing

/// The one place every report becomes SARIF, GitHub annotations, Xcode's lines and an HTML page, and the
/// protocol's defaults.
@Suite struct FindingWritersTests {
    /// A report of the smallest kind: findings given as they are.
    struct Report: CheckReport {
        var locatedFindings: [LocatedFinding]
        func renderedText(files: [ReportFile: String]) -> String { "text" }
        func encode(to encoder: any Encoder) throws {}
    }

    static let json = Array("{\n  \"routes\": [\n    {\"name\": \"a\"}\n  ]\n}\n".utf8)

    @Test func aReportIsCleanUnlessAFindingIsAnError() {
        let note = LocatedFinding(code: "n", severity: .info, message: "n")
        let warning = LocatedFinding(code: "w", severity: .warning, message: "w")
        let error = LocatedFinding(code: "e", severity: .error, message: "e")
        #expect(Report(locatedFindings: []).isClean)
        #expect(Report(locatedFindings: [note, warning]).isClean)
        #expect(!Report(locatedFindings: [warning, error]).isClean)
    }

    @Test func defaultRulesAreOnePerCodeInOrderOfAppearance() {
        let report = Report(locatedFindings: [
            LocatedFinding(code: "b", severity: .warning, message: "first b", fix: "fix b"),
            LocatedFinding(code: "a", severity: .error, message: "first a"),
            LocatedFinding(code: "b", severity: .error, message: "second b"),
        ])
        #expect(
            report.findingRules == [
                FindingRule(code: "b", summary: "first b", help: "fix b", severity: .warning),
                FindingRule(code: "a", summary: "first a", help: "", severity: .error),
            ])
    }

    @Test func xcodeLinesNameThePlaceTheSeverityAndTheCode() {
        let sources = ReportSources([.routes: .init(path: "routes.json", bytes: Self.json)])
        let findings = [
            LocatedFinding(
                code: "bad-route", severity: .error, message: "A route.", fix: "Fix it.", in: .routes,
                at: .pointer(JSONPointer.root.appending("routes").appending(0))),
            LocatedFinding(
                code: "odd", severity: .warning, message: "Two\nlines.", in: .routes, at: .text(line: 2, column: 3)),
            LocatedFinding(code: "fyi", severity: .info, message: "Nowhere."),
        ]
        #expect(
            FindingWriters.xcode(findings: findings, sources: sources)
                == """
                routes.json:3:5: error: A route. Fix: Fix it. [bad-route]
                routes.json:2:3: warning: Two\\u{a}lines. [odd]
                note: Nowhere. [fyi]
                """)
        #expect(FindingWriters.xcode(findings: [], sources: sources) == "")
    }

    @Test func eachFormatWritesInformationInItsOwnVocabulary() {
        #expect(FindingSeverity.allCases.map(SARIFLog.level) == ["error", "warning", "note"])
        let info = ReportFinding(ruleID: "fyi", level: .info, message: "m", location: nil)
        #expect(GitHubWorkflowCommands.command(for: info) == "::notice title=fyi::m")
        #expect(XcodeIssueLines.line(for: info) == "note: m [fyi]")
    }

    @Test func theFirstPlaceWhoseFileCanBeShownWins() {
        let finding = LocatedFinding(
            code: "c", severity: .warning, message: "m",
            places: [
                .init(.new, .pointer(JSONPointer.root.appending("routes"))),
                .init(.old, .pointer(JSONPointer.root.appending("routes").appending(0))),
            ])
        let stdinNew = ReportSources([
            .new: .init(path: nil, bytes: Self.json), .old: .init(path: "old.json", bytes: Self.json),
        ])
        #expect(stdinNew.resolved([finding]).first?.location == .init(path: "old.json", line: 3, column: 5))
        let both = ReportSources([
            .new: .init(path: "new.json", bytes: Self.json), .old: .init(path: "old.json", bytes: Self.json),
        ])
        #expect(both.resolved([finding]).first?.location == .init(path: "new.json", line: 2, column: 13))
        #expect(ReportSources().resolved([finding]).first?.location == nil)
    }

    @Test func sarifAndGitHubComeFromTheSameFindings() {
        let sources = ReportSources([.routes: .init(path: "routes.json", bytes: Self.json)])
        let report = Report(locatedFindings: [
            LocatedFinding(
                code: "bad-route", severity: .error, message: "A route.", fix: "Fix it.", in: .routes,
                at: .pointer(JSONPointer.root.appending("routes").appending(0)))
        ])
        let log = FindingWriters.sarif(
            toolName: "t", rules: report.findingRules, findings: report.locatedFindings, sources: sources)
        #expect(SARIFValidator.problems(in: log) == [])
        #expect(log.contains(#""text": "A route. Fix: Fix it.""#))
        #expect(
            FindingWriters.github(findings: report.locatedFindings, sources: sources)
                == "::error file=routes.json,line=3,col=5,title=bad-route::A route. Fix: Fix it.")
    }

    @Test func theDefaultPageListsTheFindingsByRuleAndIsWellFormed() {
        let report = Report(locatedFindings: [
            LocatedFinding(
                code: "bad-route", severity: .error, message: "A <route>.", in: .routes, at: .text(line: 3, column: 5))
        ])
        let page = ReportHTMLPage(
            report: report, title: "t", names: [.routes: "routes.json"],
            sources: ReportSources([.routes: .init(path: "routes.json")])
        ).render()
        #expect(page.contains("<section id=\"bad-route\">"))
        #expect(page.contains("<code class=\"where\">routes.json:3:5</code>"))
        #expect(page.contains("A &lt;route&gt;."))
        let outline = MarkupOutline(page)
        #expect(outline.isWellFormed, "\(outline.error ?? "")")
    }
}

import FileLocations
import Foundation
import RichMediaKitSupport
import TestSupport
import Testing

@Suite struct ReportWriterTests {
    static let rules = [
        FindingRule(code: "unrouted", summary: "Sends URLs nowhere.", help: "Add a route.", severity: .error)
    ]
    static let findings = [
        ReportFinding(
            ruleID: "unrouted", level: .error, message: "line one\nline 100% \"two\"",
            location: .init(path: "Docs/Examples/a b,c.json", line: 4, column: 11)),
        ReportFinding(ruleID: "other", level: .info, message: "no file", location: nil),
    ]

    @Test func sarifLogConformsToTheSchemaPartsUsed() throws {
        let log = SARIFLog.document(toolName: "link-router", rules: Self.rules, findings: Self.findings)
        #expect(SARIFValidator.problems(in: log) == [])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(log.utf8)) as? [String: Any])
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 2)
        #expect((results[0]["message"] as? [String: Any])?["text"] as? String == "line one\nline 100% \"two\"")
        let physical = try #require(
            (results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "Docs/Examples/a%20b,c.json")
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 4)
        #expect((physical["region"] as? [String: Any])?["startColumn"] as? Int == 11)
        #expect(results[1]["locations"] == nil)
        // A finding whose rule was not listed gets a rule, so ruleIndex stays valid.
        let rules = try #require((run["tool"] as? [String: Any]).flatMap { $0["driver"] as? [String: Any] }?["rules"])
        #expect((rules as? [[String: Any]])?.map { $0["id"] as? String } == ["unrouted", "other"])
    }

    @Test func validatorRejectsWhatTheSchemaForbids() {
        let bad = """
            {"version": "2.0.0", "runs": [{"tool": {"driver": {"rules": [{"id": "x"}]}}, "results": [
              {"ruleId": "y", "level": "fatal", "message": {},
               "locations": [{"physicalLocation": {"artifactLocation": {"uri": ""}, "region": {"startLine": 0}}}]}]}]}
            """
        let problems = SARIFValidator.problems(in: bad)
        for expected in [
            "/version", "/$schema", "driver/name", "rules/0/shortDescription", "ruleId: y has no rule", "level",
            "message/text", "artifactLocation/uri", "startLine",
        ] {
            #expect(problems.contains { $0.contains(expected) }, "missing \(expected) in \(problems)")
        }
    }

    @Test func absolutePathsBecomeFileURIs() {
        #expect(SARIFLog.uriReference("/tmp/a b/x.json") == "file:///tmp/a%20b/x.json")
        #expect(SARIFLog.uriReference("c:x") == "c%3Ax")
        #expect(SARIFLog.uriReference("dir/c:x") == "dir/c:x")
        #expect(SARIFLog.uriReference("caf\u{E9}.json") == "caf%C3%A9.json")
    }

    @Test func githubCommandsEscapeDataAndProperties() {
        let lines = Self.findings.map(GitHubWorkflowCommands.command(for:))
        #expect(
            lines[0]
                == "::error file=Docs/Examples/a b%2Cc.json,line=4,col=11,title=unrouted::line one%0Aline 100%25 \"two\""
        )
        #expect(lines[1] == "::notice title=other::no file")
        #expect(GitHubWorkflowCommands.escapeProperty("a:b,c%\r\n") == "a%3Ab%2Cc%25%0D%0A")
        #expect(GitHubWorkflowCommands.escapeData("a:b,c%\r\n") == "a:b,c%25%0D%0A")
        let warning = ReportFinding(ruleID: "w", level: .warning, message: "m", location: nil)
        #expect(GitHubWorkflowCommands.command(for: warning) == "::warning title=w::m")
    }

    @Test func acceptedFindingsAreShownMarkedAndNeverFailAnything() throws {
        let finding = LocatedFinding(
            code: "unrouted", severity: .error, message: "Sends /x nowhere.", fix: nil,
            places: [.init(.routes, FileLocation(pointer: nil, line: 3, column: 5))])
        let sources = ReportSources([.routes: .init(path: "routes.json")])
        let accepted = FindingWriters.Accepted(baseline: "ci/base\u{1B}line.json", findings: [finding])
        let log = FindingWriters.sarif(
            toolName: "link-router", rules: Self.rules, findings: [], accepted: accepted, sources: sources)
        #expect(SARIFValidator.problems(in: log) == [])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(log.utf8)) as? [String: Any])
        let result = try #require(((object["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        #expect(result["level"] as? String == "error")
        // The control character of the path is escaped, as everywhere else.
        #expect(
            result["suppressions"] as? [[String: String]] == [
                [
                    "kind": "external", "status": "accepted",
                    "justification": "Accepted in the baseline ci/base\\u{1b}line.json.",
                ]
            ])
        #expect(
            FindingWriters.github(findings: [], accepted: accepted, sources: sources)
                == "::notice file=routes.json,line=3,col=5,title=unrouted::accepted (in the baseline "
                + "ci/base\\u{1b}line.json), not counted: Sends /x nowhere.")
        #expect(
            FindingWriters.xcode(findings: [], accepted: accepted, sources: sources)
                == "routes.json:3:5: note: accepted (in the baseline ci/base\\u{1b}line.json), not counted: "
                + "Sends /x nowhere. [unrouted]")
        // Without accepted findings nothing changes: the writers' output is the findings' own.
        #expect(FindingWriters.github(findings: [finding], accepted: nil, sources: sources).hasPrefix("::error "))
        #expect(
            FindingWriters.github(findings: [finding], accepted: .init(baseline: "b", findings: []), sources: sources)
                == FindingWriters.github(findings: [finding], sources: sources))
    }

    @Test func markupEscapingCoversTheFiveCharactersAndControls() {
        #expect(
            MarkupEscaping.escaped("<a href=\"x\">'&'</a>\u{01}\u{9B}\u{FFFF}\t")
                == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;\\u{1}\\u{9b}\u{FFFD}\t")
    }

    @Test func baselinePartitionSplitsNewAcceptedAndStale() {
        let partition = BaselinePartition(["a", "b", "a", "c"], accepting: ["a", "z", "z"], key: { $0 })
        #expect(partition.new == ["b", "c"])
        #expect(partition.accepted == ["a", "a"])
        #expect(partition.stale == ["z"])
    }
}

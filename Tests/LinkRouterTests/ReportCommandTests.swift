import Foundation
import TestSupport
import Testing

/// End-to-end tests of the report formats and baselines of `check`, `aasa lint` and `aasa diff` (the built binary).
@Suite struct ReportCommandTests {
    static let aasa = "Docs/Examples/apple-app-site-association"
    static let next = "Docs/Examples/apple-app-site-association-next"
    static let routes = "Docs/Examples/routes.json"
    static let app = "ABCDE12345.com.example.app"
    static let mistakes = "Tests/LinkRouterTests/Fixtures/AASA/mistakes.json"
    static let check = ["check", "--aasa", aasa, "--routes", routes, "--domain", "example.com", "--app-id", app]

    static func run(_ arguments: [String]) throws -> CommandRunner.Result {
        try CommandRunner.run(arguments)
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("reports-\(UUID().uuidString)-\(name)").path
    }

    static func results(_ sarif: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any], sourceLocation: sourceLocation)
        let run = try #require((object["runs"] as? [[String: Any]])?.first, sourceLocation: sourceLocation)
        return try #require(run["results"] as? [[String: Any]], sourceLocation: sourceLocation)
    }

    static func region(_ result: [String: Any]) -> (uri: String?, line: Int?, column: Int?) {
        let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        let region = physical?["region"] as? [String: Any]
        return (
            (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String, region?["startLine"] as? Int,
            region?["startColumn"] as? Int
        )
    }

    // MARK: check

    @Test func checkWritesSARIFWithTheRuleAndRoutePositions() throws {
        let result = try Self.run(Self.check + ["--format", "sarif"])
        #expect(result.status == 1)
        #expect(SARIFValidator.problems(in: result.stdout) == [])
        let results = try Self.results(result.stdout)
        #expect(results.map { $0["ruleId"] as? String } == ["unrouted", "unclaimed"])
        #expect(Self.region(results[0]) == (Self.aasa, 9, 11))
        #expect(Self.region(results[1]) == (Self.routes, 18, 5))
    }

    @Test func checkWritesGitHubAnnotations() throws {
        let result = try Self.run(Self.check + ["--format", "github"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("::error file=\(Self.aasa),line=9,col=11,title=unrouted::The AASA rule"))
        #expect(lines[1].hasPrefix("::error file=\(Self.routes),line=18,col=5,title=unclaimed::Route `help`"))
    }

    @Test func aBaselineAcceptsTodaysGapsAndReportsOnlyNewOnes() throws {
        let baseline = Self.temporaryPath("baseline.json")
        defer { try? FileManager.default.removeItem(atPath: baseline) }
        let written = try Self.run(Self.check + ["--write-baseline", baseline])
        #expect(written.status == 0)
        #expect(written.stderr.contains("wrote 2 accepted gap(s)"))
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(text.contains(#"{"kind": "unrouted", "rule": {"/": "/promotion/*"}}"#))
        #expect(!text.contains("https://"))

        let accepted = try Self.run(Self.check + ["--baseline", baseline])
        #expect(accepted.status == 0)
        #expect(accepted.stdout.contains("ok: example.com"))
        // The accepted gaps are shown apart, after the (empty) new ones, and decide nothing.
        #expect(
            accepted.stdout.hasSuffix(
                "\n\nbaseline \(baseline): 2 accepted gaps\naccepted (in the baseline), not counted:\n"
                    + "  unrouted: The AASA rule /applinks/details/0/components/2 sends https://example.com/promotion "
                    + "to ABCDE12345.com.example.app, and no route handles it (the app opens with nothing to show).\n"
                    + "  unclaimed: Route `help` handles https://example.com/help/internal, but iOS opens it in "
                    + "Safari: the exclude rule /applinks/details/0/components/6 blocks it.\n"),
            "\(accepted.stdout)")
        let acceptedJSON = try Self.run(Self.check + ["--baseline", baseline, "--format", "json"])
        #expect(acceptedJSON.status == 0)
        let (acceptedSummary, listed) = try CommandRunner.baseline(acceptedJSON.stdout)
        #expect(acceptedSummary["accepted"] as? Int == 2)
        #expect(listed.map { $0["code"] as? String } == ["unrouted", "unclaimed"])
        #expect(listed.map { $0["severity"] as? String } == ["error", "error"])
        let place = try #require((listed.first?["places"] as? [[String: Any]])?.first)
        #expect(place["file"] as? String == "aasa")
        #expect(place["pointer"] as? String == "/applinks/details/0/components/2")
        // The page lists them apart, and a rule with an accepted gap is not counted as fully consistent.
        let page = try Self.run(Self.check + ["--baseline", baseline, "--format", "html"]).stdout
        let plain = try Self.run(Self.check + ["--format", "html"]).stdout
        #expect(page.contains("<section id=\"accepted\">"))
        #expect(
            page.contains(
                "<code>unclaimed</code>: Route <code>help</code> handles "
                    + "<a href=\"https://example.com/help/internal\">https://example.com/help/internal</a>"))
        func consistent(_ page: String) -> Substring? {
            page.range(of: #"\d+ fully consistent\)"#, options: .regularExpression).map { page[$0] }
        }
        #expect(consistent(page) != nil)
        #expect(consistent(page) == consistent(plain))

        // Drop the unclaimed gap from the baseline and add one that no longer exists.
        let edited = text.replacingOccurrences(
            of: #"{"kind": "unclaimed", "route": "help", "rule": {"/": "/help/internal/*", "exclude": true}}"#,
            with: #"{"kind": "unclaimed", "route": "gone", "rule": null}"#)
        try edited.write(toFile: baseline, atomically: true, encoding: .utf8)
        let new = try Self.run(Self.check + ["--baseline", baseline])
        #expect(new.status == 1)
        #expect(new.stdout.contains("help  https://example.com/help/internal"))
        // The accepted unrouted gap is not a new one: it is listed only in the accepted section.
        let parts = new.stdout.components(separatedBy: "\n\nbaseline \(baseline): 1 accepted gap\n")
        #expect(parts.count == 2, "\(new.stdout)")
        #expect(!parts[0].contains("https://example.com/promotion"))
        #expect(parts.last?.hasPrefix("accepted (in the baseline), not counted:\n  unrouted: The AASA rule ") == true)
        #expect(new.stdout.contains("stale: no longer found"))
        #expect(new.stdout.contains("unclaimed gone (no rule)"))

        let json = try Self.run(Self.check + ["--baseline", baseline, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["unrouted"] as? [Any])?.count == 0)
        #expect((object["unclaimed"] as? [Any])?.count == 1)
        let summary = try #require(object["baseline"] as? [String: Any])
        #expect(summary["accepted"] as? Int == 1)
        #expect((summary["stale"] as? [[String: Any]])?.first?["route"] as? String == "gone")
        #expect((summary["acceptedFindings"] as? [[String: Any]])?.map { $0["code"] as? String } == ["unrouted"])
        #expect(Array(summary.keys).sorted() == ["accepted", "acceptedFindings", "file", "stale"])

        let sarif = try Self.run(Self.check + ["--baseline", baseline, "--format", "sarif"])
        #expect(SARIFValidator.problems(in: sarif.stdout) == [])
        let results = try Self.results(sarif.stdout)
        #expect(results.map { $0["ruleId"] as? String } == ["unclaimed", "stale-baseline-entry", "unrouted"])
        #expect(Self.region(results[1]).uri == "file://" + baseline)
        #expect(Self.region(results[1]).line == 7)
        // The accepted gap is shown, suppressed: code scanning lists it as accepted, not open.
        #expect(results[0]["suppressions"] == nil)
        let suppressions = try #require(results[2]["suppressions"] as? [[String: String]])
        #expect(
            suppressions == [
                ["kind": "external", "status": "accepted", "justification": "Accepted in the baseline \(baseline)."]
            ])

        // GitHub and Xcode show it as a notice and a note, after the findings that count.
        let github = try Self.run(Self.check + ["--baseline", baseline, "--format", "github"])
        #expect(github.status == 1)
        let commands = github.stdout.split(separator: "\n").map(String.init)
        #expect(commands.map { $0.prefix(while: { $0 != " " }) } == ["::error", "::notice", "::notice"])
        #expect(commands[2].contains(",title=unrouted::accepted (in the baseline \(baseline)), not counted: The AASA"))
        let xcode = try Self.run(Self.check + ["--baseline", baseline, "--format", "xcode"])
        let lines = xcode.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[2].contains(": note: accepted (in the baseline \(baseline)), not counted: The AASA rule "))
        #expect(lines[2].hasSuffix(" [unrouted]"))
    }

    @Test func aBaselineForAnotherAppOrAMalformedOneIsRefused() throws {
        let baseline = Self.temporaryPath("other.json")
        defer { try? FileManager.default.removeItem(atPath: baseline) }
        try #"{"version": 1, "domain": "example.com", "appID": "OTHER.app", "gaps": []}"#.write(
            toFile: baseline, atomically: true, encoding: .utf8)
        let other = try Self.run(Self.check + ["--baseline", baseline])
        #expect(other.status == 2)
        #expect(other.stderr.contains("the baseline is for example.com and OTHER.app"))
        try #"{"version": 1, "domain": "example.com", "appID": "A", "gaps": [{"kind": "x"}]}"#.write(
            toFile: baseline, atomically: true, encoding: .utf8)
        let malformed = try Self.run(Self.check + ["--baseline", baseline])
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("\(baseline): /gaps/0/kind: not a baseline file"))
        let missing = try Self.run(Self.check + ["--baseline", baseline + ".missing"])
        #expect(missing.status == 2)
    }

    @Test func aDomainTheRoutesDoNotAssociateIsRefused() throws {
        let result = try Self.run([
            "check", "--aasa", Self.aasa, "--routes", Self.routes, "--domain", "example.org", "--app-id", Self.app,
        ])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--domain example.org is not among the associated domains of \(Self.routes)"))
        #expect(result.stderr.contains("applinks:example.com, applinks:*.example.com"))
        // A subdomain covered by the wildcard is fine.
        let sub = try Self.run([
            "check", "--aasa", Self.aasa, "--routes", Self.routes, "--domain", "stores.example.com", "--app-id",
            Self.app,
        ])
        #expect(sub.status != 2, "\(sub.stderr)")
    }

    @Test func anAppIDTheAASAFileDoesNotListIsRefused() throws {
        let result = try Self.run([
            "check", "--aasa", Self.aasa, "--routes", Self.routes, "--domain", "example.com", "--app-id",
            "ABCDE12345.com.example.other",
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--app-id ABCDE12345.com.example.other appears in no applinks entry"))
        #expect(result.stderr.contains("it lists ABCDE12345.com.example.app"))
        let diff = try Self.run([
            "aasa", "diff", Self.aasa, Self.next, "--domain", "example.com", "--app-id", "X.y",
        ])
        #expect(diff.status == 2)
        #expect(diff.stderr.contains("--app-id X.y appears in no applinks entry"))
    }

    @Test func checkWritesOneSelfContainedHTMLPage() throws {
        let result = try Self.run(Self.check + ["--format", "html"])
        #expect(result.status == 1)
        let outline = MarkupOutline(result.stdout)
        #expect(outline.isWellFormed, "\(outline.error ?? "")")
        #expect(result.stdout.contains("https://example.com/help/internal"))
        #expect(!result.stdout.contains("<script"))
        #expect(!result.stdout.contains("<link"))
    }

    // MARK: aasa lint and diff

    @Test func lintWritesSARIFAndGitHubAnnotations() throws {
        let sarif = try Self.run(["aasa", "lint", Self.mistakes, "--format", "sarif"])
        #expect(sarif.status == 1)
        #expect(SARIFValidator.problems(in: sarif.stdout) == [])
        let results = try Self.results(sarif.stdout)
        #expect(results.count == 5)
        #expect(results.allSatisfy { Self.region($0).uri == Self.mistakes && (Self.region($0).line ?? 0) > 1 })
        let github = try Self.run(["aasa", "lint", Self.mistakes, "--format", "github"])
        #expect(github.stdout.contains("::error file=\(Self.mistakes),line=10,col=17,title=undefined-variable::"))
        #expect(github.stdout.split(separator: "\n").count == 5)
        // Standard input has no file to annotate.
        let stdin = try CommandRunner.run(["aasa", "lint", "-", "--format", "github"], input: "{\"applinks\": 1}")
        #expect(stdin.stdout.hasPrefix("::error title=wrong-type::"))
    }

    @Test func lintBaselineAcceptsDiagnosticsByCodeAndSubject() throws {
        let baseline = Self.temporaryPath("lint.json")
        defer { try? FileManager.default.removeItem(atPath: baseline) }
        let written = try Self.run(["aasa", "lint", Self.mistakes, "--write-baseline", baseline])
        #expect(written.status == 0)
        let accepted = try Self.run(["aasa", "lint", Self.mistakes, "--baseline", baseline])
        #expect(accepted.status == 0)
        #expect(accepted.stdout.contains("0 errors, 0 warnings"))
        #expect(accepted.stdout.contains("\nbaseline \(baseline): 5 accepted diagnostics\naccepted (in the baseline)"))
        #expect(
            accepted.stdout.contains("\n  unknown-key: unknown key 'casesensitive'; iOS silently ignores it"),
            "\(accepted.stdout)")
        let json = try Self.run(["aasa", "lint", Self.mistakes, "--baseline", baseline, "--format", "json"])
        let (summary, listed) = try CommandRunner.baseline(json.stdout)
        #expect(summary["accepted"] as? Int == 5)
        #expect(listed.count == 5)
        #expect(
            listed.contains { $0["code"] as? String == "undefined-variable" && $0["severity"] as? String == "error" })
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: #"{"code": "undefined-variable", "subject": ["#,
            with: #"{"code": "undefined-variable", "subject": ["elsewhere"], "old": ["#)
        try edited.write(toFile: baseline, atomically: true, encoding: .utf8)
        let new = try Self.run(["aasa", "lint", Self.mistakes, "--baseline", baseline])
        #expect(new.status == 1)
        #expect(new.stdout.contains("error[undefined-variable]"))
        #expect(!new.stdout.contains("unknown-key]"))
        #expect(new.stdout.contains(#"undefined-variable ["elsewhere"]"#))
    }

    @Test func diffWritesSARIFAndGitHubAnnotations() throws {
        let arguments = ["aasa", "diff", Self.aasa, Self.next, "--domain", "example.com", "--app-id", Self.app]
        let sarif = try Self.run(arguments + ["--format", "sarif"])
        #expect(sarif.status == 1)
        #expect(SARIFValidator.problems(in: sarif.stdout) == [])
        let results = try Self.results(sarif.stdout)
        #expect(Set(results.compactMap { $0["ruleId"] as? String }) == ["gained", "lost"])
        let github = try Self.run(arguments + ["--format", "github"])
        #expect(github.stdout.contains("::warning file=\(Self.next),line=14,col=11,title=gained::"))
        let unchanged = try Self.run(
            [
                "aasa", "diff", Self.aasa, Self.aasa, "--domain", "example.com", "--app-id", Self.app, "--format",
                "github",
            ])
        #expect(unchanged.status == 0)
        #expect(unchanged.stdout.isEmpty)
    }

    @Test func formatsACommandDoesNotWriteAreRefused() throws {
        let lint = try Self.run(["aasa", "lint", Self.mistakes, "--format", "html"])
        #expect(lint.status == 2)
        let route = try Self.run(["route", "--routes", Self.routes, "--format", "sarif", "shop://cart"])
        #expect(route.status == 2)
    }
}

import Foundation
import TestSupport
import Testing

/// End-to-end tests of `link-router aasa`, running the built binary on fixture files.
@Suite struct AASACommandTests {
    static func run(_ arguments: [String], stdin: String = "") throws -> CommandRunner.Result {
        try CommandRunner.run(arguments, input: stdin)
    }

    static let example = AASAFixtures.packageRoot + "/Docs/Examples/apple-app-site-association"
    static let fixtures = CommandRunner.fixture("AASA") + "/"
    static let app = "ABCDE12345.com.example.app"

    @Test func lintOfACleanFileExitsZero() throws {
        let run = try Self.run(["aasa", "lint", Self.example])
        #expect(run.status == 0)
        #expect(run.stdout.contains("0 errors, 0 warnings"))
    }

    @Test func lintReportsSyntaxErrorsWithLineAndColumnAndExitsOne() throws {
        let run = try Self.run(["aasa", "lint", Self.fixtures + "syntax-error.json"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("syntax-error.json:3:17: error[json-syntax]"))
    }

    @Test func lintJSONOutputHasTheContractShape() throws {
        let run = try Self.run(["aasa", "lint", "--format", "json", Self.fixtures + "mistakes.json"])
        #expect(run.status == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["errors"] as? Int == 1)
        // The rule after the catch-all; the rule with an undefined variable is an error, not also a warning.
        #expect(object["warnings"] as? Int == 4)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let codes = Set(diagnostics.compactMap { $0["code"] as? String })
        #expect(
            codes == [
                "apps-not-empty", "mixed-appid-components", "unknown-key", "undefined-variable", "unreachable-rule",
            ])
        for diagnostic in diagnostics {
            for key in ["severity", "code", "pointer", "message"] { #expect(diagnostic[key] is String) }
        }
    }

    @Test func lintWarnsAboutTheContentType() throws {
        let run = try Self.run(["aasa", "lint", "--content-type", "text/html", Self.example])
        #expect(run.status == 0)
        #expect(run.stdout.contains("warning[content-type]"))
    }

    @Test func lintReadsStandardInput() throws {
        let run = try Self.run(["aasa", "lint", "-"], stdin: "[]")
        #expect(run.status == 1)
        #expect(run.stdout.contains("<stdin>: error[not-object]"))
    }

    @Test func lintOfAHugeFileReportsTheSizeLimit() throws {
        let run = try Self.run(["aasa", "lint", "-"], stdin: String(repeating: " ", count: 10_000_000))
        #expect(run.status == 1)
        #expect(run.stdout.contains("size-limit"))
    }

    @Test func matchPrintsDecisionRuleAndReason() throws {
        let run = try Self.run([
            "aasa", "match", Self.fixtures + "worked-example.json", "--domain", "example.com", "--app-id", Self.app,
            "https://example.com/buy/42", "https://example.com/help/123?articleNumber=481",
        ])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("match "))
        #expect(lines[0].contains("/applinks/details/0/components/1"))
        #expect(lines[1].hasPrefix("no_match "))
    }

    @Test func matchTextOutputIsAlignedAsDocumented() throws {
        let run = try Self.run([
            "aasa", "match", Self.example, "--domain", "example.com", "--app-id", Self.app,
            "https://example.com/help/internal/x", "https://example.com/product/42", "https://example.com/account",
        ])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                exclude   /applinks/details/0/components/6  https://example.com/help/internal/x  (the first matching component excludes)
                match     /applinks/details/0/components/3  https://example.com/product/42       (the first matching component opens the app)
                no_match  -                                 https://example.com/account          (no rule for the app ID matches the URL)

                """)
    }

    @Test func matchExplainTextListsEachRuleAsDocumented() throws {
        let run = try Self.run([
            "aasa", "match", Self.example, "--domain", "example.com", "--app-id", Self.app, "--explain",
            "https://example.com/promotion/7",
        ])
        #expect(
            run.stdout == """
                match  /applinks/details/0/components/2  https://example.com/promotion/7  (the first matching component opens the app)
                    /applinks/details/0/components/0  failed at /: the path does not match '/api/*'
                    /applinks/details/0/components/1  failed at /: the path does not match '/'
                    /applinks/details/0/components/2  match

                """)
    }

    @Test func matchReadsURLsFromStandardInput() throws {
        let run = try Self.run(
            ["aasa", "match", Self.example, "--domain", "example.com", "--app-id", Self.app, "--format", "json", "-"],
            stdin: "https://example.com/\n\nhttps://example.com/account\n")
        #expect(run.status == 0)
        let results = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(results.map { $0["decision"] as? String } == ["match", "no_match"])
        #expect(results.allSatisfy { Set($0.keys) == ["url", "domain", "appID", "decision", "rule", "reason"] })
    }

    @Test func matchJSONWithExplainListsRulesTried() throws {
        let run = try Self.run([
            "aasa", "match", Self.fixtures + "worked-example.json", "--domain", "example.com", "--app-id", Self.app,
            "--explain", "--format", "json", "https://example.com/help/website/faq?articleNumber=4815",
            "https://other.org/buy/1",
        ])
        #expect(run.status == 0)
        let results = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(results.count == 2)
        #expect(results[0]["decision"] as? String == "exclude")
        #expect(results[0]["rule"] as? String == "/applinks/details/0/components/2")
        #expect(results[0]["appID"] as? String == Self.app)
        #expect(results[0]["domain"] as? String == "example.com")
        let tried = try #require(results[0]["tried"] as? [[String: Any]])
        #expect(tried.map { $0["failed"] as? String } == ["#", "/", nil])
        #expect(results[1]["decision"] as? String == "no_match")
        #expect(results[1]["rule"] is NSNull)
        let domainTried = try #require(results[1]["tried"] as? [[String: Any]])
        #expect(domainTried.first?["failed"] as? String == "domain")
    }

    @Test(arguments: [
        ["aasa"],
        ["aasa", "frob"],
        ["aasa", "lint"],
        ["aasa", "lint", "a", "b"],
        ["aasa", "lint", "--domain", "x", "f"],
        ["aasa", "match", example, "https://example.com/"],
        ["aasa", "match", example, "--domain", "example.com", "--app-id", "A.b"],
        ["aasa", "match", "-", "--domain", "example.com", "--app-id", "A.b", "-"],
        ["aasa", "lint", "--format", "xml", example],
        ["aasa", "lint", "/nonexistent/file"],
    ])
    func badUsageExitsTwoWithAOneLineMessage(arguments: [String]) throws {
        let run = try Self.run(arguments)
        #expect(run.status == 2)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stdout.isEmpty)
    }

    @Test func matchOnAnInvalidFileNamesTheFileAndPosition() throws {
        let run = try Self.run([
            "aasa", "match", Self.fixtures + "syntax-error.json", "--domain", "example.com", "--app-id", Self.app,
            "https://example.com/",
        ])
        #expect(run.status == 2)
        #expect(run.stderr.contains("syntax-error.json:3:17:"))
    }

    /// Regression (issue 11): with `--domain example.com:8443`, `https://example.com/x` (port 443) was `match`.
    @Test func matchOnADomainWithAPortDecidesOtherPortsNoMatch() throws {
        let run = try Self.run([
            "aasa", "match", Self.example, "--domain", "example.com:8443", "--app-id", Self.app, "--format", "json",
            "https://example.com/promotion/1", "https://example.com:443/promotion/1",
            "https://example.com:8443/promotion/1",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let objects = try #require(
            JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["decision"] as? String } == ["no_match", "no_match", "match"])
        #expect(run.stdout.contains("is not the serving domain's port 8443"))
    }

    @Test func helpDescribesBothActions() throws {
        let run = try Self.run(["aasa", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("aasa lint"))
        #expect(run.stdout.contains("aasa match"))
    }
}

import CommandLineToolkit
import Foundation
import LinkRouter
import TestSupport
import Testing

@testable import LinkCoverage
@testable import link_router

/// End-to-end tests of `link-router check`, `aasa diff` and `aasa generate`, running the built binary.
@Suite struct CoverageCommandTests {
    static let root = AASAFixtures.packageRoot + "/Docs/Examples/"
    static let aasa = root + "apple-app-site-association"
    static let routes = root + "routes.json"
    static let app = "ABCDE12345.com.example.app"

    static func run(_ arguments: [String], stdin: String = "") throws -> CommandRunner.Result {
        try CommandRunner.run(arguments, input: stdin)
    }

    static func temporaryFile(_ contents: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-\(UUID().uuidString).json")
        try Data(contents.utf8).write(to: url)
        return url.path
    }

    static func checkArguments(aasa: String = aasa, routes: String = routes) -> [String] {
        ["check", "--aasa", aasa, "--routes", routes, "--domain", "example.com", "--app-id", app]
    }

    @Test func checkOnTheShippedExamplesPrintsOneGapOfEachKind() throws {
        let run = try Self.run(Self.checkArguments())
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                gaps: example.com for ABCDE12345.com.example.app: 1 unrouted, 1 unclaimed

                unrouted: the app opens, and no route handles the URL
                  /applinks/details/0/components/2  https://example.com/promotion

                unclaimed: a route handles the URL, and iOS opens Safari
                  help  https://example.com/help/internal  (excluded by /applinks/details/0/components/6)

                """)
    }

    @Test func checkJSONHasTheContractShape() throws {
        let run = try Self.run(Self.checkArguments() + ["--format", "json"])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["domain"] as? String == "example.com")
        #expect(object["appID"] as? String == Self.app)
        #expect(object["ok"] as? Bool == false)
        let unrouted = try #require(object["unrouted"] as? [[String: Any]])
        #expect(unrouted.count == 1)
        #expect(unrouted.first?["rule"] as? String == "/applinks/details/0/components/2")
        #expect(unrouted.first?["example"] as? String == "https://example.com/promotion")
        let unclaimed = try #require(object["unclaimed"] as? [[String: Any]])
        #expect(unclaimed.first?["route"] as? String == "help")
        #expect(unclaimed.first?["rule"] as? String == "/applinks/details/0/components/6")
    }

    @Test func checkOfAGeneratedFileIsCleanAndExitsZero() throws {
        let generate = try Self.run([
            "aasa", "generate", "--routes", Self.routes, "--app-id", Self.app, "--domain", "example.com",
        ])
        #expect(generate.status == 0)
        let file = try Self.temporaryFile(generate.stdout)
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(try Self.run(["aasa", "lint", file]).stdout.contains("0 errors, 0 warnings"))
        let check = try Self.run(Self.checkArguments(aasa: file) + ["--format", "json"])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains(#""ok":true"#))
        #expect(check.stdout.contains(#""unrouted":[],"unclaimed":[]"#))
    }

    @Test func checkReadsTheAASAFileFromStandardInput() throws {
        let contents = String(decoding: try AASAFixtures.read(Self.aasa), as: UTF8.self)
        let run = try Self.run(Self.checkArguments(aasa: "-"), stdin: contents)
        #expect(run.status == 1)
        #expect(run.stdout.contains("1 unrouted, 1 unclaimed"))
    }

    @Test func checkWithAllURLsAlsoFindsNonCanonicalGaps() throws {
        let run = try Self.run(Self.checkArguments() + ["--all-urls"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("https://example.com//"))
        #expect(run.stdout.contains("https://example.com/promotio%6e/a"))
    }

    @Test(arguments: [
        (["check", "--routes", "r.json", "--domain", "d", "--app-id", "a"], "missing `--aasa <value>`"),
        (["check", "--aasa", "-", "--routes", "-", "--domain", "d", "--app-id", "a"], "standard input (`-`)"),
        (
            ["check", "--aasa", "a", "--routes", "r", "--domain", "d", "--app-id", "a", "--explain"],
            "`--explain` does not apply to `check`"
        ),
        (["check", "--aasa", "a", "--routes", "r", "--domain", "d", "--app-id", "a", "extra"], "unexpected argument"),
        (["aasa", "diff", "old.json", "--domain", "d", "--app-id", "a"], "two files"),
        (["aasa", "diff", "a", "b", "--domain", "d", "--app-id", "a", "--explain"], "`--explain` does not apply"),
        (["aasa", "generate", "--app-id", "a"], "missing `--routes <value>`"),
        (["aasa", "generate", "--routes", "r", "--app-id", "a", "--all-urls"], "`--all-urls` does not apply"),
        (["aasa", "lint", "x", "--routes", "r"], "`--routes` does not apply"),
        (["check", "--aasa", "a", "--routes", "r", "--domain", "example.com/x", "--app-id", "a"], "host name"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let run = try Self.run(arguments)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func unreadableAndInvalidFilesExitTwoNamingTheFile() throws {
        let missing = try Self.run(Self.checkArguments(aasa: "/nonexistent/aasa.json"))
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/aasa.json: cannot read"))
        let broken = try Self.temporaryFile(#"{"routes": [{"name": "a", "pattern": "nope"}]}"#)
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let invalid = try Self.run(Self.checkArguments(routes: broken))
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains(broken + ": /routes/0/pattern"), "\(invalid.stderr)")
        let syntax = try Self.temporaryFile("{\"applinks\": ")
        defer { try? FileManager.default.removeItem(atPath: syntax) }
        let notJSON = try Self.run(Self.checkArguments(aasa: syntax))
        #expect(notJSON.status == 2)
        #expect(notJSON.stderr.contains(syntax + ":1:"), "\(notJSON.stderr)")
    }

    @Test func diffListsGainedAndLostURLsWithTheRulesInvolved() throws {
        let old = try Self.temporaryFile(
            #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "/buy/*"}, {"/": "/sell/*"}]}]}}"#
        )
        let new = try Self.temporaryFile(
            #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "/buy/?*"}, {"/": "/rent/*"}]}]}}"#
        )
        defer {
            try? FileManager.default.removeItem(atPath: old)
            try? FileManager.default.removeItem(atPath: new)
        }
        let arguments = ["aasa", "diff", old, new, "--domain", "example.com", "--app-id", Self.app]
        let json = try Self.run(arguments + ["--format", "json"])
        #expect(json.status == 1)
        #expect(
            json.stdout == """
                {"gained":[{"example":"https://example.com/rent","old":null,"new":"/applinks/details/0/components/1"}],\
                "lost":[{"example":"https://example.com/buy","old":"/applinks/details/0/components/0","new":null},\
                {"example":"https://example.com/sell","old":"/applinks/details/0/components/1","new":null}]}

                """)
        let text = try Self.run(arguments)
        #expect(text.status == 1)
        #expect(text.stdout.hasPrefix("1 gained, 2 lost"))
        let same = try Self.run(["aasa", "diff", old, old, "--domain", "example.com", "--app-id", Self.app])
        #expect(same.status == 0)
        #expect(same.stdout.hasPrefix("no change"))
    }

    @Test func generateWithoutADomainSkipsHostBoundRoutes() throws {
        let run = try Self.run(["aasa", "generate", "--routes", Self.routes, "--app-id", Self.app])
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["applinks"] != nil)
        #expect(run.stdout.contains(#""/": "/product/?*", "comment": "route product-by-slug""#))
    }
}

extension CoverageCommandTests {
    /// A check that reached its limit (here a limit of 100 product states; the shipped 600,000 takes minutes to
    /// reach) exits 1 like a check with gaps, never 2 (usage), even when it only writes a baseline; its JSON and text
    /// name the rules it could not compare.
    @Test func aCheckAtItsLimitExitsOneAndNamesWhatItCouldNotCompare() throws {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let components = (0..<30).map { index in
            #"{"/": "*\#(letters[index % 26])*\#(letters[(index * 7) % 26])*\#(letters[(index * 3) % 26])*"}"#
        }
        let file =
            #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": ["#
            + components.joined(separator: ", ") + "]}]}}"
        let aasa = try AASAMatcher(parsing: Array(file.utf8))
        let routes = try RouteTable(
            schemes: [], associatedDomains: ["applinks:example.com"], routes: [Route(name: "item", pattern: "/a/:id")])
        let report = try CoverageChecker.check(
            aasa: aasa, routes: routes, domain: "example.com", appID: Self.app, universe: .canonical, stateLimit: 100)
        #expect(!report.notCompared.isEmpty)
        #expect(CheckOutput.exitStatus(report, onlyWritesBaseline: false) == .findings)
        #expect(CheckOutput.exitStatus(report, onlyWritesBaseline: true) == .findings)
        #expect(ExitStatus.findings.rawValue == 1)
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == false)
        let notCompared = try #require(object["notCompared"] as? [[String: Any]])
        #expect(notCompared.count == report.notCompared.count)
        #expect(notCompared.first?["rule"] as? String == "/applinks/details/0/components/0", "\(json)")
        #expect(notCompared.first?["text"] as? String == components[0], "\(json)")
        let lines = report.renderedText().split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("  /applinks/details/0/components/0 ") && $0.hasSuffix(components[0]) })
        // The same report without the entries it could not compare: only writing a baseline exits 0 again.
        var finished = report
        finished.notCompared = []
        #expect(CheckOutput.exitStatus(finished, onlyWritesBaseline: true) == .success)
    }
}

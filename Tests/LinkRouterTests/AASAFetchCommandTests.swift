import Foundation
import LinkRouter
import TestSupport
import Testing

/// `link-router aasa fetch` end to end: the built binary against a local server on 127.0.0.1 that serves
/// each case (see `Fixtures/AASAFetch/aasa-server.py`). No test reaches any other address: every run
/// gives `--origin` and `--cdn` on loopback, or `--no-cdn`, or fails on usage before any request.
@Suite struct AASAFetchCommandTests {
    /// Runs `link-router aasa fetch example.com --origin <case> <arguments>` against a fresh server.
    static func fetch(
        _ site: String, cdn: String? = "cdn", _ arguments: [String] = [],
        check: (LoopbackServer, CommandRunner.Result) throws -> Void
    ) throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let cdnArguments = cdn.map { ["--cdn", server.url($0)] } ?? ["--no-cdn"]
        let result = try CommandRunner.run(
            ["aasa", "fetch", "example.com", "--origin", server.url(site)] + cdnArguments + arguments,
            environment: LoopbackServer.environment)
        try check(server, result)
    }

    static func report(_ result: CommandRunner.Result) throws -> AASAFetchReport {
        try JSONDecoder().decode(AASAFetchReport.self, from: Data(result.stdout.utf8))
    }

    @Test func theRightFileAndACurrentCDNCopyPass() throws {
        try Self.fetch("good") { server, result in
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            #expect(
                result.stdout == """
                    fetched as link-router (User-Agent: link-router (aasa fetch)), within 10 seconds in all
                    GET \(server.url("good/.well-known/apple-app-site-association"))
                        200, 820 bytes, application/json (serves the file)
                    GET \(server.url("cdn/example.com")) (Apple's CDN)
                        200, 820 bytes, application/json: same rules as the origin's file

                    example.com: 0 errors, 0 warnings

                    """)
        }
    }

    @Test func aRedirectIsAnErrorShowingWhereItPoints() throws {
        try Self.fetch("redirect", ["--format", "json"]) { server, result in
            #expect(result.status == 1)
            let report = try Self.report(result)
            let target = server.url("good/.well-known/apple-app-site-association")
            #expect(report.origin.count == 1)
            #expect(report.origin.first?.status == 301)
            #expect(report.origin.first?.location == target)
            #expect(report.servedFrom == nil)
            #expect(report.findings.map(\.code) == [.redirect])
            #expect(report.findings.first?.message.contains("redirects (301) to \(target)") == true)
            #expect(report.cdn?.state == .notCompared)
        }
    }

    @Test func aFileOnlyAtTheRootIsFoundWithAWarning() throws {
        try Self.fetch("root-only") { server, result in
            #expect(result.status == 0)
            #expect(
                result.stdout.contains(
                    "GET \(server.url("root-only/.well-known/apple-app-site-association"))\n    404\n"))
            #expect(result.stdout.contains("200, 820 bytes, application/json (serves the file)"))
            #expect(
                result.stdout.contains("warning[legacy-location] \(server.url("root-only/apple-app-site-association"))")
            )
            #expect(result.stdout.hasSuffix("example.com: 0 errors, 1 warning\n"))
        }
    }

    @Test func nothingAtEitherLocationIsAnError() throws {
        try Self.fetch("nowhere", cdn: nil, ["--format", "json"]) { _, result in
            #expect(result.status == 1)
            let report = try Self.report(result)
            #expect(report.origin.map(\.status) == [404, 404])
            #expect(report.findings.map(\.code) == [.notFound])
        }
    }

    @Test func aFileOver128KBIsAnErrorAndReadingStops() throws {
        try Self.fetch("big", ["--format", "json"]) { _, result in
            #expect(result.status == 1)
            let report = try Self.report(result)
            #expect(report.origin.first?.truncated == true)
            #expect(report.origin.first?.bytes == AASAFetchChecker.sizeLimit + 1)
            #expect(report.findings.map(\.code) == [.sizeLimit])
        }
    }

    @Test func aWrongContentTypeIsAWarning() throws {
        try Self.fetch("wrong-type") { _, result in
            #expect(result.status == 0)
            #expect(result.stdout.contains("200, 820 bytes, text/plain (serves the file)"))
            #expect(result.stdout.contains("warning[content-type]"))
            #expect(result.stdout.hasSuffix("example.com: 0 errors, 1 warning\n"))
        }
    }

    @Test func everyLintDiagnosticOfTheBodyIsReported() throws {
        try Self.fetch("lint-errors", cdn: nil, ["--format", "json"]) { _, result in
            #expect(result.status == 1)
            let report = try Self.report(result)
            #expect(report.findings.map(\.code.rawValue) == ["undefined-variable", "wrong-type"])
            #expect(report.findings.allSatisfy { $0.source == .lint })
            #expect(report.findings.last?.pointer == "/applinks/details/0/components/1/exclude")
        }
    }

    @Test func aServerErrorIsAnError() throws {
        try Self.fetch("server-error", cdn: nil) { _, result in
            #expect(result.status == 1)
            #expect(result.stdout.contains("error[http-status]"))
            #expect(result.stdout.contains("the server answers 500; only 200 counts"))
        }
    }

    @Test func aStaleCDNCopyIsAWarningWithTheDifference() throws {
        try Self.fetch("good", cdn: "cdn-stale") { _, result in
            #expect(result.status == 0)
            #expect(result.stdout.contains("warning[cdn-stale]"))
            #expect(
                result.stdout.contains(
                    "ABCDE12345.com.example.app: 2 only with the origin's file, 2 only with the CDN copy"))
            #expect(result.stdout.contains("https://example.com/category"))
            #expect(result.stdout.contains("https://example.com/deals"))
        }
        try Self.fetch("good", cdn: "cdn-stale", ["--format", "json"]) { _, result in
            let difference = try #require(try Self.report(result).cdn?.differences.first)
            #expect(
                difference.cdnOnly.map(\.example) == ["https://example.com/help/internal", "https://example.com/deals"])
            #expect(difference.cdnOnly.last?.cdn == "/applinks/details/0/components/6")
            #expect(difference.cdnOnly.last?.origin == nil)
            #expect(difference.originOnly.count == 2)
        }
    }

    @Test func aCDNMissIsAWarning() throws {
        try Self.fetch("good", cdn: "cdn-miss") { _, result in
            #expect(result.status == 0)
            #expect(result.stdout.contains("warning[cdn-miss]"))
        }
    }

    @Test func aClosedPortIsAConnectionFailure() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let closed = "http://127.0.0.1:\(server.closedPort)"
        let result = try CommandRunner.run(
            ["aasa", "fetch", "example.com", "--origin", closed, "--cdn", closed],
            environment: LoopbackServer.environment)
        #expect(result.status == 1)
        #expect(result.stdout.contains("error[connection-failed] \(closed)/.well-known/apple-app-site-association"))
        #expect(result.stdout.contains("nothing accepts the connection"))
        #expect(result.stdout.contains("warning[cdn-unavailable] \(closed)/example.com"))
    }

    @Test func httpsToAServerThatDoesNotSpeakTLSIsATLSFailure() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let origin = "https://127.0.0.1:\(server.port)/good"
        let result = try CommandRunner.run(
            ["aasa", "fetch", "example.com", "--origin", origin, "--no-cdn"], environment: LoopbackServer.environment)
        #expect(result.status == 1)
        #expect(result.stdout.contains("error[tls-failure] \(origin)/.well-known/apple-app-site-association"))
    }

    @Test func saveWritesTheBodyThatWasChecked() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-fetch-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.fetch("root-only", cdn: nil, ["--save", path]) { _, result in
            #expect(result.status == 0)
            let saved = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(
                saved
                    == (try Data(
                        contentsOf: URL(fileURLWithPath: CommandRunner.fixture("AASAFetch/apple-app-site-association"))))
            )
        }
    }

    @Test func routesAndAppIDAddTheCoverageCheck() throws {
        let routes = CommandRunner.fixtures.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/Examples/routes.json").path
        try Self.fetch(
            "good", cdn: nil, ["--routes", routes, "--app-id", "ABCDE12345.com.example.app", "--format", "json"]
        ) {
            _, result in
            #expect(result.status == 1)
            let coverage = try #require(try Self.report(result).coverage)
            #expect(!coverage.isClean && coverage.domain == "example.com")
            #expect(coverage.unrouted.map(\.example) == ["https://example.com/promotion"])
            #expect(coverage.unclaimed.map(\.route) == ["help"])
            #expect(try Self.report(result).findings.map(\.code) == [.unrouted, .unclaimed])
            // The embedded coverage is `check`'s JSON of the same file and routes, without the domain.
            let check = try CommandRunner.run([
                "check", "--aasa", CommandRunner.fixture("AASAFetch/apple-app-site-association"), "--routes", routes,
                "--domain", "example.com", "--app-id", "ABCDE12345.com.example.app", "--format", "json",
            ])
            var expected = try #require(
                try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
            #expect(expected.removeValue(forKey: "domain") as? String == "example.com")
            let fetched = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let embedded = try #require(fetched["coverage"] as? [String: Any])
            let canonical = { (object: [String: Any]) in
                String(
                    decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self)
            }
            #expect(try canonical(embedded) == canonical(expected), "\(result.stdout)\n\(check.stdout)")
        }
    }

    // MARK: Misbehaving servers

    /// A server that never finishes (a slow drip, silence, a header that drips without end, a body that stalls)
    /// ends in a timeout at the deadline (1 s here, so the suite stays quick), for the origin and for Apple's
    /// CDN alike, whatever it keeps sending; the servers stop by themselves when the client goes away.
    @Test(arguments: ["drip", "silent", "slow-header", "stalled-body"])
    func aServerThatNeverFinishesEndsInATimeoutAtTheDeadline(_ site: String) throws {
        try Self.fetch(site, cdn: "cdn-drip", ["--timeout", "1", "--format", "json"]) { _, result in
            #expect(result.status == 1)
            #expect(result.stderr.isEmpty)
            let report = try Self.report(result)
            #expect(report.findings.map(\.code.rawValue) == ["timeout", "cdn-unavailable"])
            #expect(report.origin.first?.failure == .timedOut)
            #expect(report.timeout == .seconds(1))
            #expect(report.cdn?.request.failure == .timedOut)
            #expect(report.findings.last?.message.hasPrefix("could not fetch Apple's CDN copy: ") == true)
        }
    }

    /// A server that misbehaves in a way the client can see ends at once in a finding with its own code, well
    /// before the deadline: an endless body and a compressed bomb at the size limit (reading stops past 128 KB, in
    /// bounded memory), a redirect loop at the first redirect, an endless header at the client's header limit, a
    /// body cut short when the connection closes.
    @Test(arguments: [
        ("endless", "size-limit"), ("bomb", "size-limit"), ("redirect-loop", "redirect"),
        ("endless-header", "bad-response"), ("half-body", "incomplete-body"),
    ])
    func aServerThatMisbehavesVisiblyEndsInItsOwnFinding(_ site: String, _ code: String) throws {
        // A generous deadline: these end long before it, however loaded the machine is.
        try Self.fetch(site, cdn: nil, ["--timeout", "30", "--format", "json"]) { _, result throws in
            #expect(result.status == 1)
            #expect(result.stderr.isEmpty)
            #expect(try Self.report(result).findings.map(\.code.rawValue) == [code], "\(result.stdout)")
        }
    }

    @Test func aSlowDripSaysHowFarItGot() throws {
        try Self.fetch("drip", cdn: nil, ["--timeout", "3"]) { server, result in
            #expect(result.status == 1)
            #expect(
                result.stdout.hasPrefix(
                    "fetched as link-router (User-Agent: link-router (aasa fetch)), within 3 seconds in all\n"))
            #expect(result.stdout.contains("    200, then timed-out after "))
            #expect(
                result.stdout.contains(
                    "error[timeout] \(server.url("drip/.well-known/apple-app-site-association")): the response did not "
                        + "complete within 3 seconds: the server answered 200, then sent "))
        }
    }

    @Test func asAppleSendsApplesUserAgentSoARuleAgainstItShowsUp() throws {
        try Self.fetch("apple-blocked", cdn: nil, ["--format", "json"]) { _, result throws in
            #expect(result.status == 0)
            #expect(try Self.report(result).client == .linkRouter)
        }
        try Self.fetch("apple-blocked", cdn: nil, ["--as-apple", "--format", "json"]) { _, result in
            #expect(result.status == 1)
            let report = try Self.report(result)
            #expect(report.client?.name == "apple")
            #expect(report.client?.userAgent == "AASA-Bot/1.0.0")
            #expect(report.findings.map(\.code) == [.httpStatus])
            #expect(report.findings.first?.message.contains("the server answers 403") == true)
        }
        try Self.fetch("apple-blocked", cdn: nil, ["--as-apple"]) { _, result in
            #expect(
                result.stdout.hasPrefix(
                    "fetched as apple (User-Agent: AASA-Bot/1.0.0), within 10 seconds in all\n"))
        }
    }

    // MARK: Apple's CDN's diagnosis, from a local stand-in

    @Test func theCDNsReasonAndNextTryAreInTheText() throws {
        try Self.fetch("good", cdn: "cdn-timeout") { server, result in
            #expect(result.status == 0)
            #expect(
                result.stdout.contains(
                    """
                    GET \(server.url("cdn-timeout/example.com")) (Apple's CDN)
                        404
                        Apple-Failure-Reason: SWCERR00301 Timeout (Apple's fetcher gave up waiting for your server)
                        Apple-Failure-Details: {"cause":"context deadline exceeded (Client.Timeout exceeded while awaiting headers)"}
                        Apple-Try-Direct: true (undocumented; seen with the CDN's failures)
                        Cache-Control: max-age=3600,public (kept for 60 minutes)
                        Age: 1200 (20 minutes old, fetched again in about 40 minutes)

                    warning[cdn-miss]
                    """))
            #expect(result.stdout.contains("  fix: make https://example.com/.well-known/apple-app-site-association"))
        }
    }

    @Test func theCDNsDiagnosisIsInTheJSON() throws {
        try Self.fetch("good", cdn: "cdn-forbidden", ["--format", "json"]) { _, result in
            let report = try Self.report(result)
            let diagnosis = try #require(report.cdn?.diagnosis)
            #expect(diagnosis.failureReason == "SWCERR00101 Bad HTTP Response: 403 Forbidden")
            #expect(diagnosis.failureCode == "SWCERR00101")
            #expect(diagnosis.failureDetails == #"{"status":"403 Forbidden"}"#)
            #expect(diagnosis.tryDirect == "true")
            #expect(diagnosis.refreshIn == 3000)
            #expect(report.cdn?.state == .miss)
        }
        try Self.fetch("good", cdn: "cdn-old", ["--format", "json"]) { _, result in
            let report = try Self.report(result)
            #expect(report.cdn?.diagnosis?.age == 18000)
            #expect(report.cdn?.diagnosis?.maxAge == 21600)
            #expect(report.findings.first?.message.contains("the copy is 5 hours old") == true)
        }
    }

    @Test func theCDNsDiagnosisIsInTheAnnotations() throws {
        try Self.fetch("good", cdn: "cdn-forbidden", ["--format", "sarif"]) { _, result in
            #expect(SARIFValidator.problems(in: result.stdout) == [])
            let results = try ReportCommandTests.results(result.stdout)
            let message = (results.first?["message"] as? [String: Any])?["text"] as? String ?? ""
            #expect(results.compactMap { $0["ruleId"] as? String } == ["cdn-miss"])
            #expect(message.contains("SWCERR00101 Bad HTTP Response: 403 Forbidden"))
            #expect(message.contains("tries again in about 50 minutes"))
            #expect(message.contains("Fix: serve the file with status 200 to Apple's fetcher too"))
        }
        try Self.fetch("good", cdn: "cdn-old", ["--format", "github"]) { server, result in
            #expect(result.stdout.hasPrefix("::warning title=cdn-stale::\(server.url("cdn-old/example.com")): "))
            #expect(result.stdout.contains("the copy is 5 hours old"))
            #expect(result.stdout.contains("Age: 18000"))
        }
    }

    // MARK: Annotations

    @Test func sarifLocatesBodyFindingsInTheSavedFileAndRequestFindingsByURL() throws {
        let path = ReportCommandTests.temporaryPath("fetched.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.fetch("lint-errors", cdn: "cdn-stale", ["--save", path, "--format", "sarif"]) { server, result in
            #expect(result.status == 1)
            #expect(result.stderr.isEmpty)
            #expect(SARIFValidator.problems(in: result.stdout) == [])
            let results = try ReportCommandTests.results(result.stdout)
            #expect(
                results.compactMap { $0["ruleId"] as? String } == ["undefined-variable", "wrong-type", "cdn-stale"])
            #expect(results.compactMap { $0["level"] as? String } == ["error", "error", "warning"])
            let uri = "file://" + path
            #expect(ReportCommandTests.region(results[0]) == (uri, 7, 17))
            #expect(ReportCommandTests.region(results[1]) == (uri, 8, 39))
            // How Apple's CDN answered has no place in a file: no location, the URL starts the message.
            #expect(results[2]["locations"] == nil)
            let message = (results[2]["message"] as? [String: Any])?["text"] as? String
            #expect(message?.hasPrefix(server.url("cdn-stale/example.com") + ": Apple's CDN copy is stale") == true)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let run = try #require((object["runs"] as? [[String: Any]])?.first)
            let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
            let rules = try #require(driver["rules"] as? [[String: Any]])
            #expect(rules.compactMap { $0["id"] as? String } == ["undefined-variable", "wrong-type", "cdn-stale"])
            for rule in rules {
                let description = (rule["shortDescription"] as? [String: Any])?["text"] as? String
                #expect(description != rule["id"] as? String)
                #expect(((rule["help"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            }
        }
    }

    @Test func withoutSaveBodyFindingsPointIntoTheURLThatServedTheFile() throws {
        try Self.fetch("lint-errors", cdn: nil, ["--format", "sarif"]) { server, result in
            #expect(result.status == 1)
            #expect(SARIFValidator.problems(in: result.stdout) == [])
            let results = try ReportCommandTests.results(result.stdout)
            let served = server.url("lint-errors/.well-known/apple-app-site-association")
            #expect(results.map { ReportCommandTests.region($0).uri } == [served, served])
            #expect(results.map { ReportCommandTests.region($0).line } == [7, 8])
        }
    }

    @Test func coverageGapsPointAtTheRuleAndAtTheRoutesEntry() throws {
        let routes = CommandRunner.fixtures.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/Examples/routes.json").path
        try Self.fetch(
            "good", cdn: nil, ["--routes", routes, "--app-id", "ABCDE12345.com.example.app", "--format", "sarif"]
        ) { server, result in
            #expect(result.status == 1)
            #expect(SARIFValidator.problems(in: result.stdout) == [])
            let results = try ReportCommandTests.results(result.stdout)
            #expect(results.compactMap { $0["ruleId"] as? String } == ["unrouted", "unclaimed"])
            let unrouted = ReportCommandTests.region(results[0])
            #expect(unrouted.uri == server.url("good/.well-known/apple-app-site-association"))
            #expect((unrouted.line ?? 0) > 1)
            let unclaimed = ReportCommandTests.region(results[1])
            #expect(unclaimed.uri == "file://" + routes)
            #expect((unclaimed.line ?? 0) > 1)
        }
    }

    @Test func githubAnnotationsEscapeTheFileAndLeaveRequestFindingsUnplaced() throws {
        let path = ReportCommandTests.temporaryPath("a,b:c.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.fetch("lint-errors", cdn: "cdn-miss", ["--save", path, "--format", "github"]) { server, result in
            #expect(result.status == 1)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 3)
            let file = path.replacingOccurrences(of: ",", with: "%2C").replacingOccurrences(of: ":", with: "%3A")
            #expect(lines[0].hasPrefix("::error file=\(file),line=7,col=17,title=undefined-variable::'$(sku)'"))
            #expect(lines[1].hasPrefix("::error file=\(file),line=8,col=39,title=wrong-type::"))
            #expect(lines[2].hasPrefix("::warning title=cdn-miss::\(server.url("cdn-miss/example.com")): "))
        }
        try Self.fetch("lint-errors", cdn: nil, ["--format", "github"]) { server, result in
            let url = server.url("lint-errors/.well-known/apple-app-site-association")
            #expect(result.stdout.hasPrefix("::error file=\(url.replacingOccurrences(of: ":", with: "%3A")),line=7,"))
        }
    }

    @Test func aFileWithoutFindingsWritesNoAnnotations() throws {
        try Self.fetch("good", ["--format", "github"]) { _, result in
            #expect(result.status == 0)
            #expect(result.stdout.isEmpty)
        }
        try Self.fetch("good", ["--format", "sarif"]) { _, result in
            #expect(result.status == 0)
            #expect(SARIFValidator.problems(in: result.stdout) == [])
            let results = try ReportCommandTests.results(result.stdout)
            #expect(results.isEmpty)
        }
    }

    @Test(arguments: [
        (["aasa", "fetch", "example.com", "--origin", "http://example.com"], "only for loopback"),
        (["aasa", "fetch", "example.com", "--origin", "http://127.0.0.1:1", "--cdn", "http://10.0.0.1"], "`--cdn`"),
        (["aasa", "fetch", "example.com", "--cdn", "http://127.0.0.1:1", "--no-cdn"], "not both"),
        (["aasa", "fetch", "exa mple.com", "--no-cdn"], "DOMAIN must be a host name"),
        (["aasa", "fetch", "*.example.com", "--no-cdn"], "wildcard"),
        (["aasa", "fetch", "--no-cdn"], "missing DOMAIN"),
        (["aasa", "fetch", "a.com", "b.com", "--no-cdn"], "one DOMAIN"),
        (["aasa", "fetch", "example.com", "--no-cdn", "--app-id", "ABCDE12345.a"], "go together"),
        (["aasa", "fetch", "example.com", "--no-cdn", "--format", "xml"], "`--format`"),
        (["aasa", "fetch", "example.com", "--no-cdn", "--format", "html"], "`--format`"),
        (["aasa", "fetch", "example.com", "--no-cdn", "--timeout", "ten"], "`--timeout` must be a number of seconds"),
        (["aasa", "fetch", "example.com", "--no-cdn", "--timeout", "-1"], "`--timeout` must be a number of seconds"),
        (["aasa", "fetch", "example.com", "--no-cdn", "--timeout", "0"], "`--timeout` must be a number of seconds"),
        (["aasa", "fetch", "example.com", "--no-cdn", "--timeout", "601"], "from 0.001 to 600"),
        (["aasa", "lint", "-", "--origin", "https://example.com"], "does not apply to `aasa lint`"),
    ])
    func badUsageExitsTwoBeforeAnyRequest(_ arguments: [String], _ message: String) throws {
        let result = try CommandRunner.run(arguments, environment: LoopbackServer.environment)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message))
    }
}

import Foundation
import TestSupport
import Testing

/// End-to-end tests of `link-router check --entitlements ...` (the whole-app check), running the built binary
/// (online mode against loopback only).
@Suite struct WholeAppCheckCommandTests {
    static func check(
        entries: [String] = ["applinks:*.example.com", "webcredentials:example.com"], schemes: [String]? = ["shop"],
        _ extra: [String] = ["--aasa", "example.com=" + AppFileFixtures.aasa], environment: [String: String]? = nil
    ) throws -> CommandRunner.Result {
        var arguments = ["check", "--entitlements", try AppFileFixtures.entitlements(entries)]
        if let schemes { arguments += ["--info-plist", try AppFileFixtures.infoPlist(schemes)] }
        return try CommandRunner.run(
            arguments + ["--routes", AppFileFixtures.routes] + extra, environment: environment)
    }

    @Test func theExampleMistakeIsReportedInTheRoutesFile() throws {
        let result = try Self.check()
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix("gaps: ABCDE12345.com.example.app: 2 gaps, 1 of 2 domains checked, 1 not checked\n")
        )
        #expect(
            result.stdout.contains(
                "associated-domain-not-entitled: The routes file associates applinks:example.com, and no applinks "
                    + "entry of the entitlements claims it: iOS never sends its links to the app.\n"))
        #expect(result.stdout.contains("route-domain-not-claimed: Route `product` is bound to example.com"))
    }

    @Test func aFixedAppShowsTheFilesOwnGaps() throws {
        let result = try Self.check(entries: ["applinks:example.com", "applinks:*.example.com"])
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix("gaps: ABCDE12345.com.example.app: 2 gaps, 1 of 2 domains checked, 1 not checked\n")
        )
        #expect(
            result.stdout.contains(
                "unrouted: The AASA rule /applinks/details/0/components/2 of example.com sends https://example.com/promotion"
            ))
        #expect(result.stdout.contains("unclaimed: Route `help` handles https://example.com/help/internal"))
    }

    @Test func jsonNamesTheFileAndPlaceOfEachGap() throws {
        let result = try Self.check(["--aasa", "example.com=" + AppFileFixtures.aasa, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == false)
        let gaps = try #require(object["gaps"] as? [[String: Any]])
        #expect(gaps.map { $0["kind"] as? String } == ["associated-domain-not-entitled", "route-domain-not-claimed"])
        #expect(gaps.map { $0["file"] as? String } == ["routes", "routes"])
        #expect(gaps.map { $0["pointer"] as? String } == ["/associatedDomains/0", "/routes/4"])
        let domains = try #require(object["domains"] as? [[String: Any]])
        #expect(domains.map { $0["state"] as? String } == ["not-checked", "checked"])
        #expect(domains.map { $0["service"] as? String } == [nil, "webcredentials"])
    }

    @Test func sarifAndGitHubPointIntoThePlistLines() throws {
        let result = try Self.check(
            entries: ["applinks:example.com", "applinks:elsewhere.example.org"], schemes: ["shop", "fb123"],
            [
                "--aasa", "example.com=" + AppFileFixtures.aasa, "--aasa",
                "elsewhere.example.org=" + AppFileFixtures.aasa,
                "--format", "github",
            ])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // The entitlements' entry at index 1 is on line 10; the fb123 scheme on line 10 of the Info.plist.
        #expect(
            lines.contains {
                $0.hasPrefix("::error file=") && $0.contains("App.entitlements,line=10,")
                    && $0.contains("title=domain-without-routes")
            })
        #expect(lines.contains { $0.contains("Info.plist,line=10,") && $0.contains("title=unhandled-scheme") })
        let sarif = try Self.check(["--aasa", "example.com=" + AppFileFixtures.aasa, "--format", "sarif"])
        #expect(sarif.stdout.contains("\"ruleId\": \"associated-domain-not-entitled\""))
    }

    @Test func htmlIsOnePage() throws {
        let result = try Self.check(["--aasa", "example.com=" + AppFileFixtures.aasa, "--format", "html"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(result.stdout.contains("<section id=\"route-domain-not-claimed\">"))
        #expect(result.stdout.hasSuffix("</html>\n"))
    }

    @Test func aBaselineAcceptsTodaysGapsAndListsStaleOnes() throws {
        let baseline = try AppFileFixtures.file("baseline.json", "")
        let written = try Self.check(["--aasa", "example.com=" + AppFileFixtures.aasa, "--write-baseline", baseline])
        #expect(written.status == 0)
        #expect(written.stderr.contains("wrote 2 accepted gap(s)"))
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(text.contains(#"{"kind": "route-domain-not-claimed", "domain": "example.com", "route": "product"}"#))
        // Every gap is accepted, but stores.example.com has no file: the check is incomplete, and fails.
        let accepted = try Self.check(["--aasa", "example.com=" + AppFileFixtures.aasa, "--baseline", baseline])
        #expect(accepted.status == 1, "\(accepted.stdout)")
        #expect(accepted.stdout.hasPrefix("incomplete: ABCDE12345.com.example.app: 0 gaps, "), "\(accepted.stdout)")
        // The accepted gaps are shown apart, after the new findings; the JSON lists them in the one finding shape.
        #expect(
            accepted.stdout.contains(
                "\nbaseline \(baseline): 2 accepted gaps\naccepted (in the baseline), not counted:\n"
                    + "  associated-domain-not-entitled: The routes file associates applinks:example.com, "),
            "\(accepted.stdout)")
        let json = try Self.check(
            ["--aasa", "example.com=" + AppFileFixtures.aasa, "--baseline", baseline, "--format", "json"])
        let (summary, listed) = try CommandRunner.baseline(json.stdout)
        #expect(summary["accepted"] as? Int == 2)
        #expect(listed.count == 2)
        #expect(
            listed.map { $0["code"] as? String } == ["associated-domain-not-entitled", "route-domain-not-claimed"])
        #expect(listed.allSatisfy { $0["places"] is [Any] })
        let fixed = try Self.check(
            entries: ["applinks:example.com", "applinks:*.example.com"],
            ["--aasa", "example.com=" + AppFileFixtures.aasa, "--baseline", baseline])
        #expect(fixed.status == 1)
        #expect(fixed.stdout.contains("stale"))
    }

    @Test(arguments: [
        (["--aasa", "example.com"], "with `--entitlements`, `--aasa` takes DOMAIN=FILE"),
        (["--aasa", "https://example.com=x"], "DOMAIN must be a host name"),
        (["--aasa", "example.com=x", "--fetch"], "give either `--aasa FILE`... or `--fetch`, not both"),
        (["--aasa", "example.com=x", "--domain", "example.com"], "`--domain` checks one file"),
        (["--aasa", "a.example.com=-", "--aasa", "b.example.com=-"], "standard input (`-`) can be read only once"),
    ])
    func usageErrorsExitTwo(extra: [String], message: String) throws {
        let result = try Self.check(extra)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// Results instead of refusals: a claimed domain without a file is reported not-checked with what to give, and
    /// the others are still checked.
    @Test func aClaimedDomainWithoutAFileIsNotCheckedAndTheCheckGoesOn() throws {
        let result = try Self.check(
            entries: ["applinks:example.com", "applinks:shop.example.org"],
            ["--aasa", "example.com=" + AppFileFixtures.aasa])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("gaps: ABCDE12345.com.example.app: "))
        #expect(result.stdout.contains(", 1 of 2 domains checked, 1 not checked\n"))
        #expect(
            result.stdout.contains(
                "shop.example.org  not-checked  -"), "\(result.stdout)")
        #expect(result.stdout.contains("no file: give --aasa shop.example.org=FILE or --fetch)"))
        let none = try Self.check(entries: ["applinks:example.com"], [])
        #expect(none.status == 1)
        #expect(none.stdout.contains("example.com  not-checked  -"), "\(none.stdout)")
    }

    @Test func aMalformedSiteFileNamesItsPosition() throws {
        let bad = try AppFileFixtures.file("aasa.json", "{\"applinks\": {,}}")
        let result = try Self.check(["--aasa", "example.com=" + bad])
        #expect(result.status == 2)
        #expect(result.stderr.contains("aasa.json:1:"), "\(result.stderr)")
    }

    @Test func withoutAnAppIDTheCommandAsksForOne() throws {
        let path = try AppFileFixtures.entitlements(["applinks:example.com"], appID: nil)
        let result = try CommandRunner.run(
            [
                "check", "--entitlements", path, "--routes", AppFileFixtures.routes, "--aasa",
                "example.com=" + AppFileFixtures.aasa,
            ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("give --app-id ID"))
    }

    @Test func theOneFileFormIsUnchanged() throws {
        let twice = try CommandRunner.run(
            [
                "check", "--aasa", AppFileFixtures.aasa, "--aasa", AppFileFixtures.aasa, "--routes",
                AppFileFixtures.routes,
                "--domain", "example.com", "--app-id", AppFileFixtures.appID,
            ])
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("`--aasa` is given twice"))
        let missing = try CommandRunner.run([
            "check", "--aasa", AppFileFixtures.aasa, "--routes", AppFileFixtures.routes,
        ])
        #expect(missing.stderr.contains("missing `--domain <value>`"))
        let infoOnly = try CommandRunner.run(
            [
                "check", "--aasa", AppFileFixtures.aasa, "--routes", AppFileFixtures.routes, "--domain", "example.com",
                "--app-id", AppFileFixtures.appID, "--info-plist", "x",
            ])
        #expect(infoOnly.status == 2)
        #expect(infoOnly.stderr.contains("`--info-plist` goes with `--entitlements FILE`"))
    }

    @Test func onlineEveryClaimedDomainIsFetched() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let result = try Self.check(
            entries: ["applinks:example.com"], schemes: nil,
            ["--fetch", "--origin", server.url("good"), "--cdn", server.url("cdn"), "--format", "json"],
            environment: LoopbackServer.environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let domains = try #require(object["domains"] as? [[String: Any]])
        #expect(domains.first?["state"] as? String == "checked")
        #expect(domains.first?["cdn"] as? String == "current")
        #expect((domains.first?["source"] as? String)?.hasPrefix("http://127.0.0.1:") == true)
        let gaps = try #require(object["gaps"] as? [[String: Any]])
        #expect(
            Set(gaps.compactMap { $0["kind"] as? String }) == ["unrouted", "unclaimed", "domain-without-routes"]
                || !gaps.isEmpty)
    }

    @Test func onlineAnUnreachableOriginIsADeployedFileGap() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let result = try Self.check(
            entries: ["applinks:example.com"], schemes: nil,
            ["--fetch", "--origin", "http://127.0.0.1:\(server.closedPort)", "--no-cdn"],
            environment: LoopbackServer.environment)
        #expect(result.status == 1)
        #expect(result.stdout.contains("deployed-file: example.com:"), "\(result.stdout)")
        #expect(result.stdout.contains("  example.com  unavailable  -  (claimed by applinks:example.com)\n"))
    }
}

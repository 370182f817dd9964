import Foundation
import TestSupport
import Testing

/// End-to-end tests of `link-router check --entitlements ... --manifest ...` (both platforms in one report), running
/// the built binary: on the shipped examples (text and baselines), and every format on a small app (cheaper to
/// check).
@Suite struct PlatformsCheckCommandTests {
    static let entitlements = AppFileFixtures.examples + "App.entitlements"
    static let infoPlist = AppFileFixtures.examples + "Info.plist"

    static func check(_ extra: [String]) throws -> CommandRunner.Result {
        try CommandRunner.run(
            [
                "check", "--entitlements", entitlements, "--info-plist", infoPlist, "--routes", AppFileFixtures.routes,
                "--aasa", "example.com=" + AppFileFixtures.aasa, "--manifest", AndroidCheckCommandTests.manifest,
                "--define", "webHost=example.com", "--assetlinks", AndroidCheckCommandTests.assetLinks,
            ] + AndroidCheckCommandTests.app + extra)
    }

    /// The small Android app of `AndroidCheckCommandTests` (`/p/` and `/x` open, `/p/secret*` excluded; routes
    /// `/p/:id` and `/q`), and an iOS side opening `/p/?*` and `/q`: `/p/secret` and `/q` open on iOS only.
    static func checkSmall(_ extra: [String]) throws -> CommandRunner.Result {
        let small = AndroidCheckCommandTests.small
        let entitlements = try AppFileFixtures.entitlements(["applinks:example.com"])
        let aasa = try AppFileFixtures.file(
            "apple-app-site-association",
            #"{"applinks": {"details": [{"appIDs": ["\#(AppFileFixtures.appID)"], "components": [{"/": "/p/?*"}, {"/": "/q"}]}]}}"#
        )
        return try CommandRunner.run(
            [
                "check", "--entitlements", entitlements, "--aasa", "example.com=" + aasa, "--manifest", small.manifest,
                "--assetlinks", small.assetLinks, "--routes", small.routes,
            ] + AndroidCheckCommandTests.app + extra)
    }

    // The shipped example's text is Docs/Coverage.md's transcript (run byte for byte by DocsTests); its baseline is
    // checked here, in the same run.
    @Test func theShippedExamplesBaselineNamesEachPlatform() throws {
        let path = try AppFileFixtures.file("platforms-baseline.json", "")
        let result = try Self.check(["--write-baseline", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.hasPrefix(
                "gaps: ABCDE12345.com.example.app and com.example.app: 2 iOS gaps, 16 Android gaps, 10 differences "
                    + "between the platforms\n\niOS\n"))
        let baseline = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            baseline.hasPrefix(
                "{\n  \"version\": 2,\n  \"appID\": \"ABCDE12345.com.example.app\",\n  \"package\": \"com.example.app\","
            ))
        #expect(baseline.contains(#"{"platform": "ios", "kind": "associated-domain-not-entitled""#))
        #expect(baseline.contains(#"{"platform": "android", "kind": "unrouted""#))
        #expect(
            baseline.contains(
                #"{"platform": "both", "kind": "opens-only-on-android", "host": "example.com", "route": "home", "reason": "not-claimed"}"#
            ))
    }

    @Test func jsonAndABaselineOfTodaysGapsAndDifferences() throws {
        let path = try AppFileFixtures.file("platforms-baseline.json", "")
        let result = try Self.checkSmall(["--format", "json", "--write-baseline", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("link-router check: wrote 6 accepted gap(s) to \(path)"))
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == false)
        #expect((object["ios"] as? [String: Any])?["appID"] as? String == AppFileFixtures.appID)
        #expect((object["android"] as? [String: Any])?["package"] as? String == "com.example.app")
        let differences = try #require(object["differences"] as? [[String: Any]])
        let kinds = differences.map { $0["kind"] as? String }
        #expect(kinds == ["opens-only-on-ios", "opens-only-on-ios"])
        #expect(differences.last?["reason"] as? String == "no-filter")
        #expect(differences.last?["route"] as? String == "query")
        let first = try #require(differences.first)
        #expect(first["route"] as? String == "item")
        #expect(first["example"] as? String == "https://example.com/p/secret")
        #expect(first["reason"] as? String == "excluded")
        #expect(first["file"] as? String == "assetlinks:example.com")
        #expect((first["also"] as? [String: Any])?["pointer"] as? String == "/routes/0")
        let checked = try Self.checkSmall(["--baseline", path])
        #expect(checked.status == 0, "\(checked.stderr)\n\(checked.stdout)")
        #expect(
            checked.stdout.hasPrefix(
                "ok: ABCDE12345.com.example.app and com.example.app: 0 iOS gaps, 0 Android gaps, 0 differences"))
        // The accepted gaps and differences are shown apart, and the JSON lists them in the one finding shape.
        #expect(
            checked.stdout.contains("\nbaseline \(path): 6 accepted gaps\naccepted (in the baseline), not counted:\n"),
            "\(checked.stdout)")
        #expect(checked.stdout.contains("\n  opens-only-on-ios: "), "\(checked.stdout)")
        let json = try Self.checkSmall(["--baseline", path, "--format", "json"])
        let (summary, listed) = try CommandRunner.baseline(json.stdout)
        #expect(summary["accepted"] as? Int == 6)
        #expect(listed.count == 6)
        #expect(listed.filter { $0["code"] as? String == "opens-only-on-ios" }.count == 2)
    }

    @Test func aBaselineForAnotherAppIsRefused() throws {
        let other = try AppFileFixtures.file(
            "other-baseline.json", #"{"version": 1, "appID": "X.y", "package": "com.example.app", "gaps": []}"#)
        let refused = try Self.checkSmall(["--baseline", other])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("the baseline is for X.y and com.example.app, not ABCDE12345.com.example.app"))
    }

    @Test(arguments: ["sarif", "github", "xcode", "html"])
    func everyFormatNamesThePlatforms(format: String) throws {
        let result = try Self.checkSmall(["--format", format])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("opens-only-on-ios"))
        // The page shows code spans as code and URLs as links.
        let (item, query) =
            format == "html"
            ? (
                "Route <code>item</code> handles "
                    + "<a href=\"https://example.com/p/secret\">https://example.com/p/secret</a>: it opens the app on iOS",
                "Android: Route <code>query</code> handles <a href=\"https://example.com/q"
            )
            : (
                "Route `item` handles https://example.com/p/secret: it opens the app on iOS",
                "Android: Route `query` handles https://example.com/q"
            )
        #expect(result.stdout.contains(item))
        #expect(result.stdout.contains(query))
    }
}

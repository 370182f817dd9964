import Foundation
import TestSupport
import Testing

/// End-to-end tests of `link-router check --entitlements ... --manifest ...` (both platforms in one report) on the
/// shipped examples, running the built binary.
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

    @Test func textShowsBothPlatformsAndTheDifferences() throws {
        let result = try Self.check([])
        #expect(result.status == 1, "\(result.stderr)")
        let text = result.stdout
        #expect(
            text.hasPrefix(
                "gaps: ABCDE12345.com.example.app and com.example.app: 2 iOS gaps, 16 Android gaps, 10 differences "
                    + "between the platforms\n\niOS\ngaps: ABCDE12345.com.example.app: 2 gaps"))
        #expect(text.contains("\n\nAndroid\ngaps: com.example.app: 16 gaps, 2 of 2 hosts checked\n"))
        #expect(
            text.contains(
                "\n\nDifferences\nopens-only-on-android: Route `home` handles https://example.com/: it opens the app "
                    + "on Android and Safari on iOS: no applinks entry of the entitlements claims example.com.\n"))
        // The single-platform checks' texts are embedded unchanged.
        let android = try CommandRunner.run(
            [
                "check", "--manifest", AndroidCheckCommandTests.manifest, "--define", "webHost=example.com",
                "--routes", AppFileFixtures.routes, "--assetlinks", AndroidCheckCommandTests.assetLinks,
            ] + AndroidCheckCommandTests.app)
        #expect(text.contains("\n\nAndroid\n" + android.stdout + "\nDifferences\n"))
    }

    @Test func jsonHoldsEachPlatformsReportAndTheDifferences() throws {
        let result = try Self.check(["--format", "json"])
        #expect(result.status == 1)
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == false)
        #expect((object["ios"] as? [String: Any])?["appID"] as? String == AppFileFixtures.appID)
        #expect((object["android"] as? [String: Any])?["package"] as? String == "com.example.app")
        let differences = try #require(object["differences"] as? [[String: Any]])
        #expect(differences.count == 10)
        let first = try #require(differences.first)
        #expect(first["kind"] as? String == "opens-only-on-android")
        #expect(first["host"] as? String == "example.com")
        #expect(first["route"] as? String == "home")
        #expect(first["example"] as? String == "https://example.com/")
        #expect(first["reason"] as? String == "not-claimed")
        #expect(first["file"] as? String == "entitlements")
    }

    @Test(arguments: ["sarif", "github", "xcode", "html"])
    func everyFormatNamesThePlatforms(format: String) throws {
        let result = try Self.check(["--format", format])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("opens-only-on-android"))
        #expect(result.stdout.contains("iOS: The routes file associates applinks:example.com"))
        #expect(result.stdout.contains("Android: Route `catalog` handles https://example.com/product"))
    }

    @Test func baselineAcceptsTodaysGapsAndDifferences() throws {
        let path = try AppFileFixtures.file("platforms-baseline.json", "")
        let written = try Self.check(["--write-baseline", path])
        #expect(written.status == 0, "\(written.stderr)")
        let baseline = try String(contentsOfFile: path, encoding: .utf8)
        #expect(baseline.hasPrefix("{\n  \"version\": 1,\n  \"appID\": \"ABCDE12345.com.example.app\",\n"))
        #expect(baseline.contains(#"{"platform": "ios", "kind": "associated-domain-not-entitled""#))
        #expect(baseline.contains(#"{"platform": "android", "kind": "unrouted""#))
        #expect(
            baseline.contains(
                #"{"platform": "both", "kind": "opens-only-on-android", "host": "example.com", "route": "home", "reason": "not-claimed"}"#
            ))
        let checked = try Self.check(["--baseline", path])
        #expect(checked.status == 0, "\(checked.stderr)\n\(checked.stdout)")
        #expect(checked.stdout.hasPrefix("ok: ABCDE12345.com.example.app and com.example.app: 0 iOS gaps, "))
        let other = try AppFileFixtures.file(
            "other-baseline.json", #"{"version": 1, "appID": "X.y", "package": "com.example.app", "gaps": []}"#)
        let refused = try Self.check(["--baseline", other])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("the baseline is for X.y and com.example.app"))
    }
}

import AndroidAppLinks
import AppCoverage
import AppSiteAssociation
import FileLocations
import Foundation
import LinkCoverage
import LinkRouting
import TestSupport
import Testing

/// Both platforms in one report, on a small app whose iOS and Android files disagree about two URLs.
@Suite struct PlatformsCoverageCheckerTests {
    static let fingerprint = Array(repeating: "AB", count: 32).joined(separator: ":")

    /// The report, built once for every test.
    static let shared = Result(catching: { try makeReport() })

    static func report() throws -> PlatformsCoverageReport { try shared.get() }

    /// iOS opens `/p/*`; Android opens `/p/...` and `/q` except `/p/secret*` (a dynamic rule); routes `/p/:id`, `/q`.

    static func makeReport() throws -> PlatformsCoverageReport {
        let app = try AppFixtures.app(["applinks:example.com"])
        let aasa = #"{"applinks": {"details": [{"appIDs": ["\#(AppFixtures.appID)"], "components": [{"/": "/p/*"}]}]}}"#
        let manifest = try AndroidManifest(
            parsing: Array(
                """
                <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
                <activity android:name=".Main" android:exported="true">
                  <intent-filter android:autoVerify="true">
                    <action android:name="android.intent.action.VIEW"/>
                    <category android:name="android.intent.category.DEFAULT"/>
                    <category android:name="android.intent.category.BROWSABLE"/>
                    <data android:scheme="https"/>
                    <data android:host="example.com"/>
                    <data android:pathPrefix="/p/"/>
                    <data android:path="/q"/>
                  </intent-filter>
                </activity>
                </application></manifest>
                """.utf8))
        let assetLinks = try AssetLinksFile(
            parsing: Array(
                """
                [{"relation": ["delegate_permission/common.handle_all_urls"],
                  "target": {"namespace": "android_app", "package_name": "com.example.app",
                             "sha256_cert_fingerprints": ["\(fingerprint)"]},
                  "relation_extensions": {"delegate_permission/common.handle_all_urls": {
                    "dynamic_app_link_components": [{"/": "/p/secret*", "exclude": true}, {"/": "*"}]}}}]
                """.utf8))
        let decider = AndroidLinkDecider(
            manifest: manifest, app: AndroidAppIdentity(packageName: "com.example.app", fingerprints: [fingerprint])
        ) { $0 == "example.com" ? assetLinks : nil }
        let routes = try AppFixtures.routes(
            """
            {"associatedDomains": ["applinks:example.com"],
             "routes": [{"name": "item", "pattern": "/p/:id"}, {"name": "query", "pattern": "/q"}]}
            """)
        return try PlatformsCoverageChecker.check(
            app: app, hasInfoPlist: false, routes: routes,
            files: ["example.com": try AppFixtures.site(Array(aasa.utf8))],
            decider: decider)
    }

    @Test func differencesAreFoundWithTheirBlockingPlace() throws {
        let report = try Self.report()
        // Each platform's own check runs unchanged: `/p` (iOS) and `/p/` (Android) open the app with no route.
        #expect(report.ios.gaps.map(\.kind) == [.unrouted, .unclaimed])
        #expect(report.android.gaps.map(\.kind) == [.unrouted, .unclaimed])
        let differences = report.differences
        #expect(differences.map(\.kind) == [.opensOnlyOnIOS, .opensOnlyOnAndroid])
        let ios = try #require(differences.first)
        #expect(ios.route == "item")
        #expect(ios.example == "https://example.com/p/secret")
        #expect(ios.reason == "excluded")
        let rule = "/0/relation_extensions/delegate_permission~1common.handle_all_urls/dynamic_app_link_components/0"
        #expect(ios.rule == rule)
        #expect(ios.place.file == .assetLinks("example.com"))
        let android = try #require(differences.last)
        #expect(android.route == "query")
        #expect(android.example == "https://example.com/q")
        #expect(android.reason == "no-rule")
        #expect(android.place.file == .site("example.com"))
        #expect(!report.isClean)
    }

    @Test func findingsSayTheirPlatform() throws {
        let report = try Self.report()
        let messages = report.locatedFindings.map(\.message)
        #expect(messages.filter { $0.hasPrefix("Android: ") }.count == 2)
        #expect(
            messages.last?.hasPrefix("Route `query` handles https://example.com/q: it opens the app on Android") == true
        )
        let codes = report.findingRules.map(\.code)
        #expect(Set(codes).count == codes.count)
        #expect(codes.suffix(2) == ["opens-only-on-ios", "opens-only-on-android"])
    }

    @Test func baselineRoundTripsAndAcceptsEverything() throws {
        let report = try Self.report()
        let baseline = Baseline<PlatformsCoverageReport>(report: report)
        let read = try Baseline<PlatformsCoverageReport>(json: Array(baseline.json.utf8))
        #expect(read == baseline)
        let comparison = read.compare(report)
        #expect(comparison.accepted.locatedFindings.count == 6)
        #expect(comparison.stale.isEmpty)
        #expect(comparison.new.isClean)
        var fixed = report
        fixed.differences.removeFirst()
        #expect(
            read.compare(fixed).stale.map(\.description) == [
                #"both: opens-only-on-ios example.com route=item reason=excluded rule={"/": "/p/secret*", "exclude": true}"#
            ])
    }

    @Test func jsonNestsEachPlatformsReport() throws {
        let report = try Self.report()
        let object = try #require(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        #expect(Set(object.keys) == ["ok", "ios", "android", "differences"])
        let differences = try #require(object["differences"] as? [[String: Any]])
        #expect(differences.first?["file"] as? String == "assetlinks:example.com")
        #expect(differences.first?["reason"] as? String == "excluded")
    }
}

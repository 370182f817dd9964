import AndroidAppLinks
import AppCoverage
import AppLinkConfiguration
import Foundation
import LinkDiagnosis
import LinkRouting
import TestSupport
import Testing

/// The example app in Docs/Examples has one deliberate mistake per platform, and the doctor names each as the
/// first broken link: iOS's entitlements claim only `applinks:*.example.com`, Android's manifest writes
/// `android:pathPrefix="/help/*"` (compared literally).
@Suite struct ShippedExampleDoctorTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: PackagePaths.root.appendingPathComponent("Docs/Examples/" + name)))
    }

    static func android(_ url: String) throws -> DoctorReport {
        let manifest = try AndroidManifest(
            parsing: try bytes("AndroidManifest.xml"),
            resources: ManifestResources(placeholders: ["webHost": "example.com"]))
        let file = try AssetLinksSiteFile.local(path: "assetlinks.json", bytes: try bytes("assetlinks.json"))
        return AndroidLinkDoctor.diagnose(
            url, manifest: manifest,
            app: AndroidAppIdentity(
                packageName: "com.example.app",
                fingerprints: [
                    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
                ]),
            routes: try RouteTable(json: Data(try bytes("routes.json"))), files: { _ in file },
            names: ("AndroidManifest.xml", "routes.json"))
    }

    static func ios(_ url: String) throws -> DoctorReport {
        let app = try AppLinkConfiguration(
            entitlements: try bytes("App.entitlements"), infoPlist: try bytes("Info.plist"))
        return LinkDoctor.diagnose(
            url, app: app, hasInfoPlist: true, routes: try RouteTable(json: Data(try bytes("routes.json"))),
            file: try SiteFile.local(path: "aasa", bytes: try bytes("apple-app-site-association")))
    }

    @Test func androidNamesTheLiteralStarAsTheFirstBrokenLink() throws {
        let report = try Self.android("https://example.com/help/faq")
        #expect(report.firstBroken?.name == .filter)
        #expect(
            report.firstBroken?.fix?.hasPrefix("write android:pathPrefix=\"/help/\" at AndroidManifest.xml:17:23")
                == true)
        // The rest of the chain holds: the route `help` handles the URL, so only the manifest is wrong.
        #expect(report.steps.filter { $0.verdict == .broken }.map(\.name) == [.filter])
        #expect(report.steps.last?.message == "route `help` handles it")
        // Elsewhere the example opens on Android, and its dynamic rule keeps orders on the web.
        #expect(try Self.android("https://example.com/promotion/7").ok)
        #expect(try Self.android("https://example.com/orders/1").firstBroken?.name == .dynamicRule)
    }

    @Test func iosNamesTheMissingBareDomainClaim() throws {
        let report = try Self.ios("https://example.com/promotion/7")
        #expect(report.firstBroken?.name == .entitlement)
        #expect(report.firstBroken?.fix?.hasPrefix("add applinks:example.com") == true)
    }

    @Test func bothPlatformsNameTheirOwnMistakeSideBySide() throws {
        let url = "https://example.com/help/faq"
        let both = PlatformsDoctorReport(ios: try Self.ios(url), android: try Self.android(url))
        #expect(both.ios.firstBroken?.name == .entitlement)
        #expect(both.android.firstBroken?.name == .filter)
        #expect(both.locatedFindings.map(\.code) == ["entitlement", "filter"])
    }
}

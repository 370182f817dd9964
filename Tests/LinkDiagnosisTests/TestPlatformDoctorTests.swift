import AndroidAppLinks
import AppCoverage
import AppLinkConfiguration
import Foundation
import LinkDiagnosis
import LinkRouting
import Testing

/// A third platform, defined only here, walks a URL beside iOS and Android through the one entry the command uses
/// (`PlatformsDoctorReport.walk(_:platforms:)`): its verdict, chain, JSON object and findings are written as the
/// shipped platforms' are, with no change to the report.
@Suite struct TestPlatformDoctorTests {
    /// The test platform: its site file lists, for each host, the path prefixes that open the app
    /// (`{"www.example.com": ["/promotion/"]}`), and its matcher opens a URL of a listed host whose path starts with
    /// one of the host's prefixes; its links are its own (`site-host`, `path-prefix`), then the app's route.
    struct PrefixPlatform: DoctorPlatform {
        let name = "TestOS"
        let key = "testos"
        let site: [String: [String]]
        let routes: RouteTable

        init(siteFile: String) throws {
            site = try JSONDecoder().decode([String: [String]].self, from: Data(siteFile.utf8))
            routes = try RouteTable(json: Data(try ShippedExampleDoctorTests.bytes("routes.json")))
        }

        func walk(_ url: String) -> DoctorReport {
            let components = URLComponents(string: url)
            let host = components?.host ?? ""
            let path = components?.path ?? ""
            let prefixes = site[host]
            let prefix = prefixes?.first { path.hasPrefix($0) }
            let routed = routes.decision(for: url).routed
            return DoctorReport(
                url: url, appID: "com.example.testos",
                steps: [
                    prefixes == nil
                        ? .init(code: "site-host", .broken, "the site file lists no \(host)", fix: "list \(host)")
                        : .init(code: "site-host", .ok, "the site file lists \(host)"),
                    prefix.map { .init(code: "path-prefix", .ok, "\($0) opens the app") }
                        ?? .init(
                            code: "path-prefix", .broken, "no prefix of \(host) starts \(path)",
                            fix: "list a prefix of \(path) for \(host)"),
                    routed.map { .init(.route, .ok, "route `\($0.route)` handles it") }
                        ?? .init(.route, .broken, "no route handles the URL"),
                ])
        }
    }

    /// iOS's and Android's walks of the shipped example (Docs/Examples), as `doctor --config` reads it.
    static func shippedPlatforms() throws -> [any DoctorPlatform] {
        let bytes = ShippedExampleDoctorTests.bytes
        let routes = try RouteTable(json: Data(try bytes("routes.json")))
        let manifest = try AndroidManifest(
            parsing: try bytes("AndroidManifest.xml"),
            resources: ManifestResources(placeholders: ["webHost": "example.com"]))
        let assetLinks = try AssetLinksSiteFile.local(path: "assetlinks.json", bytes: try bytes("assetlinks.json"))
        let ios = IOSDoctorPlatform(
            app: try AppLinkConfiguration(
                entitlements: try bytes("App.entitlements"), infoPlist: try bytes("Info.plist")),
            hasInfoPlist: true, routes: routes, appID: nil,
            file: try SiteFile.local(path: "aasa", bytes: try bytes("apple-app-site-association")),
            names: ("App.entitlements", "routes.json"))
        let android = AndroidDoctorPlatform(
            manifest: manifest,
            app: AndroidAppIdentity(
                packageName: "com.example.app",
                fingerprints: [
                    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
                ]),
            routes: routes, files: { _ in assetLinks }, targetSDK: nil, names: ("AndroidManifest.xml", "routes.json"))
        return [ios, android]
    }

    static let url = "https://www.example.com/promotion/7"

    static func json(_ report: PlatformsDoctorReport) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
    }

    @Test func theReportIsCleanWhenEveryPlatformOpensTheURL() throws {
        let testOS = try PrefixPlatform(siteFile: #"{"www.example.com": ["/promotion/", "/help/"]}"#)
        let report = PlatformsDoctorReport.walk(Self.url, platforms: try Self.shippedPlatforms() + [testOS])
        #expect(report.ios.ok && report.android.ok)
        #expect(report.ok && report.isClean)
        #expect(report.locatedFindings.isEmpty)
        let lines = report.renderedText().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[3] == "  TestOS:   opens the app for com.example.testos, and route `promotion` handles it")
        #expect(try Self.json(report)["ok"] as? Bool == true)
    }

    @Test func aBrokenTestPlatformAloneMakesTheReportNotClean() throws {
        let testOS = try PrefixPlatform(siteFile: #"{"www.example.com": ["/help/"], "example.com": ["/"]}"#)
        let report = PlatformsDoctorReport.walk(Self.url, platforms: try Self.shippedPlatforms() + [testOS])
        #expect(report.ios.ok && report.android.ok)
        #expect(!report.ok && !report.isClean)

        // The text: its verdict line, aligned with the shipped platforms', and its chain under its name.
        let text = report.renderedText()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            Array(lines.prefix(4)) == [
                "https://www.example.com/promotion/7",
                "  iOS:      opens the app for ABCDE12345.com.example.app, and route `promotion` handles it",
                "  Android:  opens the app for com.example.app, and route `promotion` handles it",
                "  TestOS:   does not open the app for com.example.testos: the first broken link is `path-prefix`",
            ])
        #expect(
            text.hasSuffix(
                """
                TestOS
                  site-host    ok       the site file lists www.example.com
                  path-prefix  broken   no prefix of www.example.com starts /promotion/7
                  route        ok       route `promotion` handles it

                first broken link: path-prefix: no prefix of www.example.com starts /promotion/7
                fix: list a prefix of /promotion/7 for www.example.com
                """))

        // The JSON: its walk under its key, as a single walk encodes it.
        let object = try Self.json(report)
        #expect(Set(object.keys) == ["url", "ok", "ios", "android", "testos"])
        #expect(object["ok"] as? Bool == false)
        let testOSObject = try #require(object["testos"] as? [String: Any])
        #expect(testOSObject["platform"] as? String == "testos")
        #expect(testOSObject["appID"] as? String == "com.example.testos")
        #expect(testOSObject["firstBroken"] as? String == "path-prefix")
        let steps = try #require(testOSObject["steps"] as? [[String: Any]])
        #expect(steps.map { $0["step"] as? String } == ["site-host", "path-prefix", "route"])

        // The findings (what SARIF, GitHub annotations and Xcode's issues are made of): its own, under its name.
        #expect(report.locatedFindings.map(\.code) == ["path-prefix"])
        #expect(report.locatedFindings.map(\.message) == ["TestOS: no prefix of www.example.com starts /promotion/7"])
        #expect(report.locatedFindings.first?.fix == "list a prefix of /promotion/7 for www.example.com")
    }

    @Test func aStepOfItsOwnIsNamedByItsCode() {
        let step = DoctorReport.Step(code: "path-prefix", .ok, "/promotion/ opens the app")
        #expect(step.name == .other && step.code == "path-prefix")
        #expect(DoctorReport.Step(code: "route", .ok, "").name == .route)
        #expect(DoctorReport.Step(.dynamicRule, .ok, "").code == "dynamic-rule")
    }
}

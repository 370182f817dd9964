import AndroidAppLinks
import AppCoverage
import Foundation
import LinkCoverage
import LinkDiagnosis
import LinkRouting
import TestSupport
import Testing

/// One rule approves a host through a verified wildcard (spec §5 step 3, AOSP `DomainVerificationService`):
/// `assetlinks match` (the decider), `check --manifest`, `doctor` and the both-platforms check agree, on the bare
/// domain, a host without the dot (`myexample.com`) and a host whose own file fails.
@Suite struct WildcardApprovalAgreementTests {
    static let manifestXML = """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
        <activity android:name=".Main" android:exported="true">
        \(filter(["*.example.com"], autoVerify: true))
        \(filter(["shop.example.com"], autoVerify: true))
        \(filter(["example.com", "myexample.com"], autoVerify: false))
        </activity></application></manifest>
        """

    static func filter(_ hosts: [String], autoVerify: Bool) -> String {
        "<intent-filter\(autoVerify ? #" android:autoVerify="true""# : "")>"
            + #"<action android:name="android.intent.action.VIEW"/>"#
            + #"<category android:name="android.intent.category.DEFAULT"/>"#
            + #"<category android:name="android.intent.category.BROWSABLE"/><data android:scheme="https"/>"#
            + hosts.map { #"<data android:host="\#($0)"/>"# }.joined()
            + #"<data android:path="/p"/><data android:pathPrefix="/p/"/></intent-filter>"#
    }

    static let routesJSON = """
        {"associatedDomains": ["applinks:example.com", "applinks:myexample.com", "applinks:shop.example.com"],
         "routes": [{"name": "p", "pattern": "/p/**"}]}
        """

    static let urls = ["https://example.com/p/1", "https://myexample.com/p/1", "https://shop.example.com/p/1"]

    /// example.com's file verifies the app (so `*.example.com` does); shop.example.com's names another app.
    static func androidFiles() throws -> [String: AssetLinksSiteFile] {
        func site(_ package: String) throws -> AssetLinksSiteFile {
            try AssetLinksSiteFile.local(
                path: "assetlinks.json",
                bytes: Array("[\(AndroidLinkDoctorTests.statement(package: package))]".utf8))
        }
        return ["example.com": try site("com.example.app"), "shop.example.com": try site("com.other")]
    }

    @Test func matchCheckDoctorAndBothPlatformsAgree() throws {
        let manifest = try AndroidManifest(parsing: Array(Self.manifestXML.utf8))
        let routes = try RouteTable(json: Data(Self.routesJSON.utf8))
        let sites = try Self.androidFiles()
        let files = sites.compactMapValues(\.file)
        let decider = AndroidLinkDecider(manifest: manifest, app: AndroidLinkDoctorTests.app) { files[$0] }
        for url in Self.urls {
            // assetlinks match
            #expect(decider.decide(url).verdict == .opens, "\(url)")
            // doctor
            let report = AndroidLinkDoctor.diagnose(
                url, manifest: manifest, app: AndroidLinkDoctorTests.app, routes: routes, files: { sites[$0] })
            #expect(report.firstBroken == nil, "\(url): \(report.renderedText())")
        }
        // check --manifest: every host is checked against the routes, none is unverified or unclaimed.
        let android = try AndroidCoverageChecker.check(decider: decider, routes: routes)
        #expect(
            Dictionary(uniqueKeysWithValues: android.hosts.map { ($0.host, $0.state) }) == [
                "*.example.com": .wildcard, "shop.example.com": .checked, "example.com": .checked,
                "myexample.com": .checked,
            ])
        #expect(!android.gaps.contains { $0.kind == .hostNotVerified || $0.kind == .routeDomainNotClaimed })
        // The both-platforms check: iOS opens /p/* on example.com, and so does Android (no iOS-only URL).
        let app = try AppFixtures.app(["applinks:example.com"])
        let aasa = try AppFixtures.site(AppFixtures.aasa(paths: ["/p/*"]))
        let both = try PlatformsCoverageChecker.check(
            app: app, hasInfoPlist: false, routes: routes, appID: AppFixtures.appID, files: ["example.com": aasa],
            decider: decider)
        #expect(both.android.hosts == android.hosts)
        #expect(!both.differences.contains { $0.host == "example.com" && $0.kind == .opensOnlyOnIOS })
    }

    /// `doctor --fetch` fetches the host's own file and that of each declared wildcard that may approve it.
    @Test func theDoctorFetchesEveryFileThatCanApprove() throws {
        let manifest = try AndroidManifest(parsing: Array(Self.manifestXML.utf8))
        #expect(
            AndroidLinkDoctor.fileHosts(of: "https://shop.example.com/p/1", manifest: manifest)
                == ["shop.example.com", "example.com"])
        #expect(AndroidLinkDoctor.fileHosts(of: "https://myexample.com/p/1", manifest: manifest) == ["example.com"])
        #expect(AndroidLinkDoctor.fileHosts(of: "https://example.org/", manifest: manifest) == [])
        #expect(AndroidLinkDoctor.fileHosts(of: "shop://cart", manifest: manifest) == [])
    }
}

import AndroidAppLinks
import AppCoverage
import Foundation
import LinkDiagnosis
import LinkRouting
import TestSupport
import Testing

/// `doctor` names a site's file that grants nothing as the broken link (not "it names no app ID"), and an app whose
/// manifest Android refuses to install as the broken filter link.
@Suite struct GrantsNothingDoctorTests {
    @Test(arguments: [
        ("{}", "it is empty", "write the app's section"),
        (
            #"{"appLinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "*"}]}]}}"#,
            "'appLinks' is not 'applinks'", "rename 'appLinks' to 'applinks'"
        ),
    ])
    func iOSNamesTheFileThatGrantsNothing(_ text: String, _ why: String, _ fix: String) throws {
        let report = LinkDoctor.diagnose(
            "https://example.com/product/42", app: try AppFixtures.app(["applinks:example.com"]),
            hasInfoPlist: false, routes: try AppFixtures.routes(LinkDoctorTests.routesJSON),
            appID: AppFixtures.appID, file: try AppFixtures.site(Array(text.utf8)),
            names: ("App.entitlements", "routes.json"))
        let broken = try #require(report.firstBroken)
        #expect(broken.name == .file)
        #expect(broken.message.hasPrefix("the file for example.com grants nothing to any app: "))
        #expect(broken.message.contains(why))
        #expect(broken.fix?.hasPrefix(fix) == true)
        #expect(report.steps.first { $0.name == .rule }?.verdict == .skipped)
    }

    @Test func androidNamesTheFileThatGrantsNothing() throws {
        let site = try AssetLinksSiteFile.local(
            path: "assetlinks.json",
            bytes: Array("[\(AndroidLinkDoctorTests.statement(relation: "handle_all_url"))]".utf8))
        let report = AndroidLinkDoctor.diagnose(
            "https://example.com/product/42", manifest: try AndroidLinkDoctorTests.manifest.get(),
            app: AndroidLinkDoctorTests.app, routes: try RouteTable(json: Data(AndroidLinkDoctorTests.routesJSON.utf8)),
            files: { _ in site })
        let broken = try #require(report.firstBroken)
        #expect(broken.name == .file)
        #expect(broken.message.hasPrefix("the file of example.com grants nothing to any app"))
        #expect(
            broken.fix
                == #"write "delegate_permission/common.handle_all_urls", not "delegate_permission/common.handle_all_url""#
        )
        #expect(broken.places.map(\.location.pointer?.text) == ["/0/relation/0"])
        #expect(report.steps.first { $0.name == .statement }?.verdict == .skipped)
    }

    @Test func androidNamesAnAppThatDoesNotInstall() throws {
        let xml = AndroidLinkDoctorTests.manifestXML.replacingOccurrences(
            of: #"<data android:pathPrefix="/product/" />"#,
            with: #"<data android:pathPrefix="/product/" /><data android:pathAdvancedPattern="/x[" />"#)
        let site = try AssetLinksSiteFile.local(
            path: "assetlinks.json", bytes: Array("[\(AndroidLinkDoctorTests.statement())]".utf8))
        let report = AndroidLinkDoctor.diagnose(
            "https://example.com/product/42", manifest: try AndroidManifest(parsing: Array(xml.utf8)),
            app: AndroidLinkDoctorTests.app, routes: try RouteTable(json: Data(AndroidLinkDoctorTests.routesJSON.utf8)),
            files: { _ in site })
        let broken = try #require(report.firstBroken)
        #expect(broken.name == .filter)
        #expect(broken.message.hasPrefix("Android refuses to install the app: android:pathAdvancedPattern=\"/x[\""))
        #expect(broken.places.count == 1)
    }
}

import Foundation
import TestSupport
import Testing

/// End to end, the commands on files real projects ship (issue 41): what a manifest claims, files that grant nothing
/// (exit 1), a site file in the wrong place, the app ID Xcode signs with, hosts left unchecked, an app that does not
/// install.
@Suite struct RealProjectCommandTests {
    /// Writes `files` (path relative to a new temporary folder → contents) and returns the folder.
    static func project(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("project-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    /// An Expo prebuild's manifest: app.json's `data` entries, one element each.
    static let expoManifest = """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android">
          <application>
            <activity android:name=".MainActivity" android:exported="true">
              <intent-filter android:autoVerify="true" data-generated="true">
                <action android:name="android.intent.action.VIEW"/>
                <data android:scheme="https" android:host="*.myapp.io" android:pathPrefix="/records"/>
                <data android:scheme="https" android:host="myapp.io" android:pathPrefix="/share"/>
                <category android:name="android.intent.category.BROWSABLE"/>
                <category android:name="android.intent.category.DEFAULT"/>
              </intent-filter>
              <intent-filter>
                <action android:name="android.intent.action.VIEW"/>
                <category android:name="android.intent.category.DEFAULT"/>
                <category android:name="android.intent.category.BROWSABLE"/>
                <data android:scheme="myapp"/>
                <data android:scheme="exp+myapp"/>
              </intent-filter>
            </activity>
          </application>
        </manifest>
        """

    @Test func appLintShowsWhatEachFilterClaims() throws {
        let folder = try Self.project(["android/app/src/main/AndroidManifest.xml": Self.expoManifest])
        let manifest = folder.appendingPathComponent("android/app/src/main/AndroidManifest.xml").path
        let text = try CommandRunner.run(["app", "lint", "--manifest", manifest, "--claims"])
        #expect(text.status == 0)
        #expect(text.stdout.contains(":4:7: warning[data-cross-product]: "))
        #expect(text.stdout.contains("https://*.myapp.io with pathPrefix=/share"))
        #expect(
            text.stdout.contains(
                "claims:\n  \(manifest):4:7: .MainActivity, verified: https://*.myapp.io, https://myapp.io\n"
                    + "    paths: pathPrefix=/records, pathPrefix=/share\n"
                    + "  \(manifest):11:7: .MainActivity, not verified: myapp:, exp+myapp:\n    paths: every path\n"))
        let json = try CommandRunner.run(["app", "lint", "--manifest", manifest, "--format", "json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let filters = try #require(object["filters"] as? [[String: Any]])
        #expect(filters.count == 2)
        #expect(filters[0]["verified"] as? Bool == true)
        #expect(filters[0]["origins"] as? [String] == ["https://*.myapp.io", "https://myapp.io"])
        #expect((filters[0]["paths"] as? [[String: String]])?.map { $0["value"] } == ["/records", "/share"])
        #expect(filters[1]["verified"] as? Bool == false)
        // --claims goes with --manifest.
        let usage = try CommandRunner.run([
            "app", "lint", "--entitlements", AppLintCommandTests.entitlements, "--claims",
        ])
        #expect(usage.status == 2)
    }

    @Test func filesThatGrantNothingExitOne() throws {
        let folder = try Self.project([
            "public/.well_known/assetlinks.json":
                #"[{"relation": ["delegate_permission/common.handle_all_url"], "target": {"namespace": "#
                + #""android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["#
                + #""14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]"#,
            "public/apple-app-site-association.json": "{}",
        ])
        let assetLinks = folder.appendingPathComponent("public/.well_known/assetlinks.json").path
        let android = try CommandRunner.run(["assetlinks", "lint", assetLinks])
        #expect(android.status == 1)
        #expect(android.stdout.contains("warning[file-location]: the server would serve"))
        #expect(android.stdout.contains("fix: move the file to \(folder.path)/public/.well-known/assetlinks.json"))
        #expect(android.stdout.contains("error[grants-nothing]"))
        let aasa = folder.appendingPathComponent("public/apple-app-site-association.json").path
        let ios = try CommandRunner.run(["aasa", "lint", aasa])
        #expect(ios.status == 1)
        #expect(ios.stdout.contains("warning[file-location]"))
        #expect(ios.stdout.contains("error[grants-nothing]: the file grants nothing to any app: it is empty"))
    }

    static let xcodeEntitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        \t<key>application-identifier</key>
        \t<string>$(AppIdentifierPrefix)$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t<key>com.apple.developer.associated-domains</key>
        \t<array><string>applinks:example.com</string><string>applinks:*.example.com</string></array>
        </dict></plist>
        """

    static let aasa =
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "*"}]}]}}"#

    static let routes = """
        {"associatedDomains": ["applinks:example.com", "applinks:shop.example.com"],
         "routes": [{"name": "any", "pattern": "/**"}]}
        """

    /// `$(AppIdentifierPrefix)$(PRODUCT_BUNDLE_IDENTIFIER)`: derived from the site's file, never "give --app-id";
    /// shop.example.com, which only the wildcard covers and no file was given for, makes the check incomplete.
    @Test func checkAndDoctorDeriveXcodesAppIDAndAnUncheckedHostFails() throws {
        let folder = try Self.project([
            "App.entitlements": Self.xcodeEntitlements, "aasa.json": Self.aasa, "routes.json": Self.routes,
        ])
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let check = try CommandRunner.run([
            "check", "--entitlements", path("App.entitlements"), "--routes", path("routes.json"), "--aasa",
            "example.com=\(path("aasa.json"))",
        ])
        #expect(check.status == 1)
        #expect(check.stderr.contains("info[assumed-variable]"))
        #expect(check.stderr.contains("assumed to be ABCDE12345.com.example.app"))
        #expect(
            check.stdout.hasPrefix(
                "incomplete: ABCDE12345.com.example.app: 0 gaps, 1 of 2 domains checked, 1 not checked"))
        #expect(check.stdout.contains("shop.example.com  not-checked"))
        let doctor = try CommandRunner.run([
            "doctor", "https://example.com/a", "--entitlements", path("App.entitlements"), "--routes",
            path("routes.json"), "--aasa", path("aasa.json"),
        ])
        #expect(doctor.status == 0, "\(doctor.stdout)\(doctor.stderr)")
        #expect(doctor.stderr.contains("assumed to be ABCDE12345.com.example.app"))
    }

    @Test func assetLinksMatchSaysAnAppThatDoesNotInstallOpensNothing() throws {
        let manifest = Self.expoManifest.replacingOccurrences(
            of: #"android:pathPrefix="/share""#, with: #"android:pathAdvancedPattern="/share/{2""#)
        let folder = try Self.project(["AndroidManifest.xml": manifest])
        let run = try CommandRunner.run(
            [
                "assetlinks", "match", "-", "--package", "com.example.app", "--fingerprint",
                "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5",
                "--manifest", folder.appendingPathComponent("AndroidManifest.xml").path, "https://myapp.io/records/1",
            ], input: "[]")
        #expect(run.stdout.hasPrefix("https://myapp.io/records/1  no-filter  (Android refuses to install the app: "))
    }
}

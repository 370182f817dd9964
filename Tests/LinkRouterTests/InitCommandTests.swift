import Foundation
import LinkRouter
import TestSupport
import Testing

@testable import link_router

/// `link-router init` on small repositories of each common layout, made in a temporary directory: the project
/// file it writes (read back with the library's reader) and what it prints.
@Suite struct InitCommandTests {
    static func entitlements(_ appID: String, _ domains: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>application-identifier</key>
        \t<string>\(appID)</string>
        \t<key>com.apple.developer.associated-domains</key>
        \t<array>
        \(domains.map { "\t\t<string>\($0)</string>" }.joined(separator: "\n"))
        \t</array>
        </dict>
        </plist>
        """
    }

    static let infoPlist = "<plist version=\"1.0\"><dict><key>CFBundleIdentifier</key><string>x</string></dict></plist>"

    static func manifest(package: String? = nil, host: String = "example.com") -> String {
        """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android"\(package.map { " package=\"\($0)\"" } ?? "")>
            <application>
                <activity android:name=".MainActivity" android:exported="true">
                    <intent-filter android:autoVerify="true">
                        <action android:name="android.intent.action.VIEW" />
                        <category android:name="android.intent.category.BROWSABLE" />
                        <data android:scheme="https" android:host="\(host)" />
                    </intent-filter>
                </activity>
            </application>
        </manifest>
        """
    }

    /// A temporary directory holding `files` (path to content).
    static func tree(_ files: [String: String]) throws -> URL {
        try RealProjectCommandTests.project(files)
    }

    /// Runs `init` in `files`' tree; returns what it printed and the project it wrote.
    static func initialise(_ files: [String: String]) throws -> (CommandRunner.Result, LinkProject) {
        let root = try tree(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CommandRunner.runner.run(["init"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try Data(contentsOf: root.appendingPathComponent(".link-router.json"))
        return (result, try LinkProject(json: Array(bytes)))
    }

    @Test func aPlainXcodeProject() throws {
        let (result, project) = try Self.initialise([
            "Shop.xcodeproj/project.pbxproj": "{}",
            "Shop/Shop.entitlements": Self.entitlements("ABCDE12345.com.example.shop", ["applinks:example.com"]),
            "Shop/Info.plist": Self.infoPlist,
            "ShopTests/ShopTests.entitlements": Self.entitlements("X.y", []),
            "Shop/routes.json": "{}",
            "site/.well-known/apple-app-site-association": "{}",
        ])
        #expect(result.stdout.hasPrefix("wrote .link-router.json (Xcode layout)\n"))
        #expect(result.stdout.contains("ios.appID  ") && result.stdout.contains("ABCDE12345.com.example.shop"))
        #expect(project.routes == "Shop/routes.json")
        #expect(project.ios?.entitlements == "Shop/Shop.entitlements")
        #expect(project.ios?.infoPlist == "Shop/Info.plist")
        #expect(project.ios?.siteFiles.map(\.domain) == ["example.com"])
        #expect(project.ios?.siteFiles.map(\.file) == ["site/.well-known/apple-app-site-association"])
        #expect(project.android == nil)
    }

    @Test func expoAndReactNative() throws {
        let files = [
            "ios/Shop/Shop.entitlements": Self.entitlements(
                "$(AppIdentifierPrefix)$(PRODUCT_BUNDLE_IDENTIFIER)", ["applinks:shop.example.com"]),
            "ios/Shop/Info.plist": Self.infoPlist,
            "android/app/src/main/AndroidManifest.xml": Self.manifest(package: "com.example.shop"),
            "android/app/build.gradle":
                "android {\n    defaultConfig {\n        applicationId 'com.example.shop.app'\n    }\n}\n",
            "node_modules/lib/ios/Lib/Lib.entitlements": Self.entitlements("X.y", []),
            "public/.well-known/assetlinks.json": "[]",
        ]
        let (native, project) = try Self.initialise(files)
        #expect(native.stdout.hasPrefix("wrote .link-router.json (React Native layout)\n"))
        #expect(native.stdout.contains("is left to Xcode"))
        #expect(project.ios?.entitlements == "ios/Shop/Shop.entitlements")
        // A run fetches every site file or none: with assetlinks.json found, the domain without an AASA file is
        // left out and listed as missing, not written as "fetch" beside a local file (which check refuses).
        #expect(project.ios?.siteFiles.map(\.file) == [])
        #expect(native.stdout.contains("  ios.siteFiles "))
        #expect(native.stdout.contains("--aasa DOMAIN=FILE for shop.example.com: no site file found"))
        #expect(project.android?.manifest == "android/app/src/main/AndroidManifest.xml")
        #expect(project.android?.packageName == "com.example.shop.app")
        #expect(project.android?.siteFiles.map(\.file) == ["public/.well-known/assetlinks.json"])
        #expect(native.stdout.contains("\nmissing:\n  routes "))
        var expo = files
        expo["app.json"] = "{}"
        #expect(try Self.initialise(expo).0.stdout.hasPrefix("wrote .link-router.json (Expo layout)\n"))
    }

    @Test func flutter() throws {
        let (result, project) = try Self.initialise([
            "ios/Runner/Runner.entitlements": Self.entitlements(
                "ABCDE12345.com.example.shop", ["applinks:example.com"]),
            "ios/Runner/Info.plist": Self.infoPlist,
            "ios/Runner.xcodeproj/project.pbxproj": "{}",
            "android/app/src/main/AndroidManifest.xml": Self.manifest(host: "${webHost}"),
            "android/app/src/main/res/values/strings.xml": "<resources/>",
            "android/app/build.gradle":
                "android {\n  defaultConfig {\n    applicationId \"com.example.shop\"\n"
                + "    manifestPlaceholders = [webHost: \"example.com\"]\n  }\n}\n",
            "web/.well-known/apple-app-site-association": "{}",
        ])
        #expect(result.stdout.hasPrefix("wrote .link-router.json (Flutter layout)\n"))
        #expect(project.ios?.infoPlist == "ios/Runner/Info.plist")
        #expect(project.ios?.siteFiles.map(\.file) == ["web/.well-known/apple-app-site-association"])
        #expect(project.android?.strings == ["android/app/src/main/res/values/strings.xml"])
        #expect(project.android?.defines == ["webHost": "example.com"])
        #expect(project.android?.packageName == "com.example.shop")
        #expect(project.android?.siteFiles.map(\.file) == [])
        #expect(result.stdout.contains("--assetlinks HOST=FILE for example.com: no site file found"))
        #expect(!result.stdout.contains("fetch (no .well-known/assetlinks.json)"))
        #expect(result.stdout.contains("\n  android.fingerprints     --fingerprint HEX or --certificate FILE"))
    }

    @Test func linksToFoldersAreNotFollowed() throws {
        // Flutter's ios/.symlinks points into the package cache, whose plugins' example apps have their own
        // entitlements: init must find the app's, not a plugin's, and never walk out of the repository.
        let outside = try Self.tree([
            "example/ios/Runner/Runner.entitlements": Self.entitlements("OTHER.plugin.example", ["applinks:x.com"])
        ])
        defer { try? FileManager.default.removeItem(at: outside) }
        let root = try Self.tree([
            "android/app/src/main/AndroidManifest.xml": Self.manifest(package: "com.example.shop")
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("plugin"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("loop"), withDestinationURL: root)
        let files = InitCommand.files(in: root.path)
        #expect(files == ["android/app/src/main/AndroidManifest.xml"])
        let result = try CommandRunner.runner.run(["init"], in: root)
        #expect(result.status == 0)
        #expect(!result.stdout.contains("OTHER.plugin.example"))
    }

    @Test func capacitor() throws {
        let (result, project) = try Self.initialise([
            "ios/App/App/App.entitlements": Self.entitlements("ABCDE12345.com.example.shop", ["applinks:example.com"]),
            "ios/App/App/Info.plist": Self.infoPlist,
            "android/app/src/main/AndroidManifest.xml": Self.manifest(host: "${webHost}"),
            "android/app/build.gradle": "android { defaultConfig { applicationId \"com.example.cap\" } }\n",
            "src/routes.json": "{}",
        ])
        #expect(result.stdout.hasPrefix("wrote .link-router.json (Capacitor layout)\n"))
        #expect(
            result.stdout.contains("\n  android.defines.webHost  --define webHost=VALUE: the manifest uses ${webHost}"))
        #expect(project.routes == "src/routes.json")
        #expect(project.ios?.entitlements == "ios/App/App/App.entitlements")
        #expect(project.android?.packageName == "com.example.cap")
    }

    @Test(arguments: [
        "composeApp/src/androidMain/AndroidManifest.xml", "androidApp/src/main/AndroidManifest.xml",
    ])
    func kotlinMultiplatform(manifest: String) throws {
        let module = String(manifest.prefix { $0 != "/" })
        let (result, project) = try Self.initialise([
            "iosApp/iosApp/iosApp.entitlements": Self.entitlements("ABCDE12345.com.example.kmp", []),
            "iosApp/iosApp/Info.plist": Self.infoPlist,
            "iosApp/iosApp.xcodeproj/project.pbxproj": "{}",
            manifest: Self.manifest(package: "com.example.fallback", host: "${webHost}"),
            "\(module)/build.gradle.kts":
                "android {\n    defaultConfig {\n        applicationId = \"com.example.kmp\"\n"
                + "        manifestPlaceholders[\"webHost\"] = \"kmp.example.com\"\n    }\n}\n",
        ])
        #expect(result.stdout.hasPrefix("wrote .link-router.json (Kotlin Multiplatform layout)\n"))
        #expect(project.ios?.entitlements == "iosApp/iosApp/iosApp.entitlements")
        #expect(project.android?.manifest == manifest)
        #expect(project.android?.packageName == "com.example.kmp")
        #expect(project.android?.defines == ["webHost": "kmp.example.com"])
        #expect(result.stdout.contains("\n  ios.siteFiles "))
    }

    @Test func jsonListsWhatWasFoundAssumedAndIsMissing() throws {
        let root = try Self.tree([
            "ios/Runner/Runner.entitlements": Self.entitlements("ABCDE12345.com.example.shop", ["applinks:example.com"])
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CommandRunner.runner.run(["init", "--format", "json"], in: root)
        #expect(result.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["path"] as? String == ".link-router.json")
        #expect(object["layout"] as? String == "Flutter")
        let found = try #require(object["found"] as? [[String: String]])
        #expect(found.map { $0["key"] } == ["ios.entitlements", "ios.appID"])
        let missing = try #require(object["missing"] as? [[String: String]])
        #expect(missing.compactMap { $0["key"] } == ["routes", "ios.infoPlist"])
        let assumed = try #require(object["assumed"] as? [[String: String]])
        #expect(assumed.map { $0["text"] } == ["example.com: fetch (no .well-known/apple-app-site-association)"])
    }

    @Test func theManifestsPackageWhenGradleHasNoApplicationID() throws {
        let (_, project) = try Self.initialise([
            "app/src/main/AndroidManifest.xml": Self.manifest(package: "com.example.plain")
        ])
        #expect(project.android?.packageName == "com.example.plain")
        #expect(project.ios == nil)
    }

    @Test func theSigningCertificatesGiveTheFingerprints() throws {
        let certificate = try String(
            contentsOfFile: PackagePaths.path("Docs/Examples/FlutterApp/upload-certificate.pem"), encoding: .utf8)
        let fingerprint =
            "8D:8D:C4:6A:F9:A5:FE:0F:94:E1:A0:20:27:D0:1F:42:8E:4A:8D:05:1E:0D:8E:2A:77:35:55:05:4D:FA:DC:FC"
        // The DER form of a stand-in certificate (a SEQUENCE), as CertificateFingerprint's tests use.
        let der = Data([0x30, 0x03, 0x02, 0x01, 0x05])
        let derFingerprint = try CertificateFingerprint.of(certificate: Array(der))
        let root = try Self.tree([
            "app/src/main/AndroidManifest.xml": Self.manifest(package: "com.example.plain"),
            "keys/upload.pem": certificate,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        try der.write(to: root.appendingPathComponent("keys/play.der"))
        let result = try CommandRunner.runner.run(
            ["init", "--certificate", "keys/upload.pem", "--certificate", "keys/play.der"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        let written = try Data(contentsOf: root.appendingPathComponent(".link-router.json"))
        let project = try LinkProject(json: Array(written))
        #expect(project.android?.fingerprints == [fingerprint, derFingerprint])
        #expect(project.android?.certificates == [])
        #expect(result.stdout.contains("\n  android.fingerprints  \(fingerprint) (the SHA-256 of keys/upload.pem)\n"))
        #expect(result.stdout.contains("  android.fingerprints  \(derFingerprint) (the SHA-256 of keys/play.der)"))
        #expect(!result.stdout.contains("--fingerprint HEX"))

        // Without an Android app there is nothing to add them to; a file that is no certificate is refused.
        let ios = try Self.tree(["Shop/Shop.entitlements": Self.entitlements("A.b", []), "c.pem": certificate])
        defer { try? FileManager.default.removeItem(at: ios) }
        let noAndroid = try CommandRunner.runner.run(["init", "--certificate", "c.pem"], in: ios)
        #expect(noAndroid.status == 2)
        #expect(
            noAndroid.stderr.hasPrefix(
                "link-router init: `--certificate` gives the Android app's fingerprints, and . has no "
                    + "AndroidManifest.xml of the layouts init knows"))
        #expect(!FileManager.default.fileExists(atPath: ios.appendingPathComponent(".link-router.json").path))
        let notACertificate = try CommandRunner.runner.run(
            ["init", "--force", "--certificate", "app/src/main/AndroidManifest.xml"], in: root)
        #expect(notACertificate.status == 2)
        #expect(notACertificate.stderr.hasPrefix("link-router init: app/src/main/AndroidManifest.xml: "))
    }

    @Test func anExistingFileIsReplacedOnlyWithForce() throws {
        let root = try Self.tree([".link-router.json": "{\"version\": 1}\n", "Shop/Shop.entitlements": "x"])
        defer { try? FileManager.default.removeItem(at: root) }
        let refused = try CommandRunner.run(["init", "--directory", root.path])
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "link-router init: \(root.path)/.link-router.json exists: give --force to replace it\n")
        let kept = try String(contentsOf: root.appendingPathComponent(".link-router.json"), encoding: .utf8)
        #expect(kept == "{\"version\": 1}\n")
        let forced = try CommandRunner.run(["init", "--directory", root.path, "--force"])
        #expect(forced.status == 0)
        let written = try Data(contentsOf: root.appendingPathComponent(".link-router.json"))
        #expect(try LinkProject(json: Array(written)).ios?.entitlements == "Shop/Shop.entitlements")
        let missing = try CommandRunner.run(["init", "--directory", root.appendingPathComponent("none").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasSuffix("/none: not a directory\n"))
    }
}

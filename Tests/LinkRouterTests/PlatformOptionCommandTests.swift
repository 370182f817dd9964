import Foundation
import TestSupport
import Testing

/// `--platform ios|android` on `check`, `doctor` and `app lint`: which of the platforms the project file (or the options)
/// names a run checks; the same report as the options of that platform alone, nothing of the other platform's
/// taken from the project file, and a usage error for a selection the run cannot follow.
@Suite struct PlatformOptionCommandTests {
    static let config = ["--config", "Docs/Examples/.link-router.json"]
    static let routes = ["--routes", "Docs/Examples/routes.json"]
    /// The example project's iOS options, as the README's main command spells them out.
    static let ios = [
        "--entitlements", "Docs/Examples/App.entitlements", "--info-plist", "Docs/Examples/Info.plist",
    ]
    /// The example project's Android options.
    static let android = [
        "--manifest", "Docs/Examples/AndroidManifest.xml", "--define", "webHost=example.com", "--package",
        "com.example.app", "--fingerprint", ProjectFileCommandTests.fingerprint,
    ]
    static let aasa = ["--aasa", "example.com=Docs/Examples/apple-app-site-association"]
    static let assetLinks = ["--assetlinks", "example.com=Docs/Examples/assetlinks.json"]

    static func expectSameRun(_ configured: ProcessRunner.Result, _ explicit: ProcessRunner.Result) {
        #expect(configured.status == explicit.status)
        #expect(configured.stdout == explicit.stdout)
        #expect(configured.stderr == explicit.stderr)
    }

    @Test func platformIOSRunsTheWholeAppCheckOfTheProjectsIOSApp() throws {
        let configured = try CommandRunner.run(["check"] + Self.config + ["--platform", "ios"])
        let explicit = try CommandRunner.run(["check"] + Self.ios + Self.routes + Self.aasa)
        #expect(configured.status == 1)
        #expect(configured.stdout.hasPrefix("gaps: ABCDE12345.com.example.app: 2 gaps, 1 of 2 domains checked"))
        Self.expectSameRun(configured, explicit)
        for format in ["json", "sarif"] {
            Self.expectSameRun(
                try CommandRunner.run(["check"] + Self.config + ["--platform", "ios", "--format", format]),
                try CommandRunner.run(["check"] + Self.ios + Self.routes + Self.aasa + ["--format", format]))
        }
    }

    @Test func platformAndroidRunsTheAndroidCheckOfTheProjectsAndroidApp() throws {
        let configured = try CommandRunner.run(["check"] + Self.config + ["--platform", "android"])
        let explicit = try CommandRunner.run(["check"] + Self.android + Self.routes + Self.assetLinks)
        #expect(configured.status == 1)
        #expect(configured.stdout.contains("com.example.app"))
        #expect(!configured.stdout.contains("ABCDE12345"))
        Self.expectSameRun(configured, explicit)
    }

    @Test func bothPlatformsOrNoneRunTheBothPlatformsCheck() throws {
        let explicit = try CommandRunner.run(["check"] + ProjectFileCommandTests.exampleOptions("Docs/Examples"))
        #expect(explicit.stdout.contains("16 Android gaps"))
        for platforms in [
            [], ["--platform", "ios", "--platform", "android"], ["--platform", "android", "--platform", "ios"],
        ] {
            Self.expectSameRun(try CommandRunner.run(["check"] + Self.config + platforms), explicit)
        }
        // Without a project file, the options name the platforms.
        Self.expectSameRun(
            try CommandRunner.run(
                ["check", "--no-config", "--platform", "ios", "--platform", "android"]
                    + ProjectFileCommandTests.exampleOptions("Docs/Examples")),
            explicit)
    }

    @Test func anOptionOfAPlatformLeftOutIsRefused() throws {
        for extra in [["--config", "Docs/Examples/.link-router.json"], ["--no-config"] + Self.ios + Self.routes] {
            let result = try CommandRunner.run(
                ["check", "--platform", "ios", "--manifest", "Docs/Examples/AndroidManifest.xml"] + extra)
            #expect(result.status == 2)
            #expect(
                result.stderr
                    == "link-router check: `--platform ios` leaves Android out, and `--manifest` is Android's: add "
                    + "`--platform android`, or leave `--manifest` out (see `link-router check --help`)\n")
        }
        let android = try CommandRunner.run(
            ["check"] + Self.config + ["--platform", "android", "--entitlements", "Docs/Examples/App.entitlements"])
        #expect(android.status == 2)
        #expect(
            android.stderr
                == "link-router check: `--platform android` leaves iOS out, and `--entitlements` is iOS's: add "
                + "`--platform ios`, or leave `--entitlements` out (see `link-router check --help`)\n")
        // The other Android options are refused as they are without --manifest.
        let package = try CommandRunner.run(["check"] + Self.config + ["--platform", "ios", "--package", "a.b"])
        #expect(package.status == 2)
        #expect(package.stderr.contains("`--package`"))
    }

    @Test func aPlatformSelectedWithoutItsAppFileIsAUsageError() throws {
        let android = try CommandRunner.run(
            ["check", "--no-config", "--platform", "android"] + Self.routes + Self.assetLinks)
        #expect(android.status == 2)
        #expect(
            android.stderr
                == "link-router check: `--platform android`: no manifest: give `--manifest FILE` or the project "
                + "file's `android.manifest` (see `link-router check --help`)\n")
        let ios = try CommandRunner.run(
            ["check", "--no-config", "--platform", "ios", "--platform", "android"] + Self.android + Self.routes)
        #expect(ios.status == 2)
        #expect(
            ios.stderr
                == "link-router check: `--platform ios`: no entitlements: give `--entitlements FILE` or the project "
                + "file's `ios.entitlements` (see `link-router check --help`)\n")
        let unknown = try CommandRunner.run(["check"] + Self.config + ["--platform", "windows"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("link-router check: `--platform` must be `ios` or `android`, not `windows`"))
    }

    /// A project with only an iOS app: `--platform android` names what is missing; `--platform ios` with the one
    /// domain's file and no entitlements is the one-file check.
    @Test func aProjectWithoutThePlatformNamesWhatIsMissing() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("platform-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let example = ProjectFileCommandTests.example
        let project = """
            {"version": 1, "routes": "\(example)/routes.json",
             "ios": {"appID": "ABCDE12345.com.example.app",
                     "siteFiles": {"example.com": "\(example)/apple-app-site-association"}}}
            """
        try Data(project.utf8).write(to: root.appendingPathComponent(".link-router.json"))
        let android = try CommandRunner.runner.run(["check", "--platform", "android"], in: root)
        #expect(android.status == 2)
        #expect(android.stderr.contains("`--platform android`: no manifest: give `--manifest FILE`"))
        let oneFile = try CommandRunner.runner.run(["check", "--platform", "ios", "--format", "json"], in: root)
        let explicit = try CommandRunner.run([
            "check", "--aasa", "\(example)/apple-app-site-association", "--domain", "example.com", "--routes",
            "\(example)/routes.json", "--app-id", "ABCDE12345.com.example.app", "--format", "json",
        ])
        Self.expectSameRun(oneFile, explicit)
    }

    /// The project's baseline is the baseline of the run of every platform it names: a run of fewer does not read
    /// it.
    @Test func aRunOfFewerPlatformsDoesNotReadTheProjectsBaseline() throws {
        let root = try ProjectFileCommandTests.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent(".link-router.json")
        let text = try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(of: "\"version\": 1,", with: "\"version\": 1,\n  \"baseline\": \"missing.json\",")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let both = try CommandRunner.runner.run(["check"], in: root)
        #expect(both.status == 2)
        #expect(both.stderr.contains("missing.json"))
        let ios = try CommandRunner.runner.run(["check", "--platform", "ios"], in: root)
        #expect(ios.status == 1, "\(ios.stderr)")
        #expect(!ios.stdout.contains("baseline"))
    }

    @Test func appLintLintsTheSelectedPlatformsSideOnly() throws {
        let iosFiles = Self.ios + Self.routes + ["--define", "webHost=example.com"]
        let androidFiles = ["--manifest", "Docs/Examples/AndroidManifest.xml"] + Self.routes
        let both = try CommandRunner.run(["app", "lint"] + Self.config + ["--format", "json"])
        #expect(both.stdout.hasPrefix(#"{"apple":"#))
        for format in ["text", "json"] {
            Self.expectSameRun(
                try CommandRunner.run(["app", "lint"] + Self.config + ["--platform", "ios", "--format", format]),
                try CommandRunner.run(["app", "lint", "--no-config"] + iosFiles + ["--format", format]))
            Self.expectSameRun(
                try CommandRunner.run(["app", "lint"] + Self.config + ["--platform", "android", "--format", format]),
                try CommandRunner.run(
                    ["app", "lint", "--no-config"] + androidFiles + ["--define", "webHost=example.com"]
                        + ["--format", format]))
        }
        let refused = try CommandRunner.run(
            ["app", "lint", "--no-config", "--platform", "android"] + iosFiles
                + ["--manifest", "Docs/Examples/AndroidManifest.xml"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("`--platform android` leaves iOS out, and `--entitlements` is iOS's"))
    }

    @Test func doctorWalksTheSelectedPlatformsChainOnly() throws {
        let url = "https://example.com/promotion/7"
        Self.expectSameRun(
            try CommandRunner.run(["doctor", url] + Self.config + ["--platform", "ios"]),
            try CommandRunner.run(
                ["doctor", url] + Self.ios + Self.routes + ["--define", "webHost=example.com"] + Self.aasa))
        let android = try CommandRunner.run(["doctor", url] + Self.config + ["--platform", "android"])
        Self.expectSameRun(
            android, try CommandRunner.run(["doctor", url] + Self.android + Self.routes + Self.assetLinks))
        #expect(!android.stdout.contains("entitlement"))
        let refused = try CommandRunner.run(
            ["doctor", url, "--no-config", "--platform", "ios", "--manifest", "Docs/Examples/AndroidManifest.xml"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("`--platform ios` leaves Android out"))
    }
}

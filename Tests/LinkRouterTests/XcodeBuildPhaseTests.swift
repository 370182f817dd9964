import Foundation
import TestSupport
import Testing

/// `Scripts/xcode-build-phase.sh` as Xcode runs it: a target's build settings in the environment, the lint's issue
/// lines on standard output, the stamp written only when the lint passes.
@Suite struct XcodeBuildPhaseTests {
    static let script = AASAFixtures.packageRoot + "/Scripts/xcode-build-phase.sh"
    static let sourceRoot = AASAFixtures.packageRoot + "/Tests/LinkRouterTests/Fixtures/XcodeProject"

    struct Phase: Sendable, CustomStringConvertible {
        var name: String
        var settings: [String: String]
        var status: Int32
        var lines: [String]
        var stamped: Bool
        var description: String { name }
    }

    static let target = [
        "SRCROOT": sourceRoot, "CODE_SIGN_ENTITLEMENTS": "Shop/Shop.entitlements", "INFOPLIST_FILE": "Shop/Info.plist",
        "DEVELOPMENT_TEAM": "ABCDE12345", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.shop",
        "ASSOCIATED_DOMAIN": "shop.acme-shop.com",
    ]

    static let phases: [Phase] = [
        Phase(
            name: "Debug: the https scheme fails the build, developer mode warns", settings: target, status: 1,
            lines: [
                "Shop/Shop.entitlements:10:3: warning: ", "Shop/Info.plist:21:5: error: 'https' is a scheme",
            ], stamped: false),
        Phase(
            name: "Release: developer mode is an error too",
            settings: target.merging(["CONFIGURATION": "Release"]) { $1 }, status: 1,
            lines: ["Shop/Shop.entitlements:10:3: error: ", "Shop/Info.plist:21:5: error: "], stamped: false),
        Phase(
            name: "a generated Info.plist: only the entitlements, which pass",
            settings: target.merging(["INFOPLIST_FILE": ""]) { $1 }, status: 0,
            lines: ["Shop/Shop.entitlements:10:3: warning: "], stamped: true),
        Phase(
            name: "no entitlements: nothing to lint",
            settings: ["SRCROOT": sourceRoot, "INFOPLIST_FILE": "Shop/Info.plist"], status: 0,
            lines: ["note: the target has no entitlements (CODE_SIGN_ENTITLEMENTS): nothing to lint [link-router]"],
            stamped: true),
        Phase(
            name: "without the project's setting, its variable is the error",
            settings: target.filter { $0.key != "ASSOCIATED_DOMAIN" }.merging(["INFOPLIST_FILE": ""]) { $1 },
            status: 1, lines: ["Shop/Shop.entitlements:10:3: error: `$(ASSOCIATED_DOMAIN)`"], stamped: false),
    ]

    /// Runs `script` with `/bin/bash` in `environment`: its exit status and its output (standard error after
    /// standard output, as a build log shows a short run).
    static func bash(_ script: String, environment: [String: String]) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: phases)
    func thePhaseLintsTheTargetsFiles(phase: Phase) throws {
        let binary = try #require(ProcessRunner("link-router").executable)
        let derived = FileManager.default.temporaryDirectory.appendingPathComponent("phase-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: derived, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: derived) }
        var environment = ["PATH": "/usr/bin:/bin", "LINK_ROUTER": binary.path, "DERIVED_FILE_DIR": derived.path]
        environment.merge(phase.settings) { $1 }
        let run = try Self.bash(Self.script, environment: environment)
        #expect(run.status == phase.status, "\(run.stdout)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == phase.lines.count, "\(run.stdout)")
        for (line, expected) in zip(lines, phase.lines) {
            #expect(line.hasPrefix(expected) || line.hasPrefix(Self.sourceRoot + "/" + expected), "\(line)")
        }
        let stamp = derived.appendingPathComponent("link-router-lint.stamp").path
        #expect(FileManager.default.fileExists(atPath: stamp) == phase.stamped)
    }

    @Test func aDefineGivenWinsOverTheEnvironment() throws {
        let entitlements = Self.sourceRoot + "/Shop/Shop.entitlements"
        var environment = ProcessInfo.processInfo.environment
        environment.merge(Self.target) { $1 }
        let fromEnvironment = try CommandRunner.run(
            ["app", "lint", "--entitlements", entitlements, "--defines-from-environment"], environment: environment)
        #expect(fromEnvironment.status == 0)
        #expect(fromEnvironment.stdout.contains("fix: write applinks:shop.acme-shop.com\n"))
        let overridden = try CommandRunner.run(
            [
                "app", "lint", "--entitlements", entitlements, "--defines-from-environment", "--define",
                "ASSOCIATED_DOMAIN=bad..acme-shop.com",
            ], environment: environment)
        #expect(overridden.status == 1)
        #expect(overridden.stdout.contains("error[invalid-host]"))
        let ignored = try CommandRunner.run(["app", "lint", "--entitlements", entitlements], environment: environment)
        #expect(ignored.stdout.contains("error[unresolved-variable]"))
    }

    /// `check` and `doctor` take every definition from the environment as `app lint` does (one option, one reading).
    @Test func checkAndDoctorTakeTheDefinesFromTheEnvironmentToo() throws {
        let entitlements = Self.sourceRoot + "/Shop/Shop.entitlements"
        let routes = AASAFixtures.packageRoot + "/Docs/Examples/routes.json"
        var environment = ProcessInfo.processInfo.environment
        environment.merge(Self.target) { $1 }
        let check = ["check", "--entitlements", entitlements, "--routes", routes]
        let refused = try CommandRunner.run(check, environment: environment)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("$(ASSOCIATED_DOMAIN) is not defined"), "\(refused.stderr)")
        let fromEnvironment = try CommandRunner.run(check + ["--defines-from-environment"], environment: environment)
        #expect(fromEnvironment.stderr.isEmpty, "\(fromEnvironment.stderr)")
        #expect(fromEnvironment.stdout.contains("(claimed by applinks:shop.acme-shop.com?mode=developer"))
        #expect(fromEnvironment.stdout.hasPrefix("gaps: ABCDE12345.com.example.shop:"), "\(fromEnvironment.stdout)")
        let overridden = try CommandRunner.run(
            check + ["--defines-from-environment", "--define", "ASSOCIATED_DOMAIN=beta.acme-shop.com"],
            environment: environment)
        #expect(overridden.stdout.contains("(claimed by applinks:beta.acme-shop.com?mode=developer"))
        let doctor = [
            "doctor", "https://shop.acme-shop.com/promotion/7", "--entitlements", entitlements, "--routes", routes,
            "--defines-from-environment",
        ]
        let walked = try CommandRunner.run(doctor, environment: environment)
        #expect(walked.stderr.isEmpty, "\(walked.stderr)")
        #expect(walked.stdout.contains("applinks:shop.acme-shop.com?mode=developer claims shop.acme-shop.com"))
        // The flag is the whole-app check's, as `--define` is.
        let oneFile = try CommandRunner.run([
            "check", "--aasa", AASAFixtures.packageRoot + "/Docs/Examples/apple-app-site-association", "--routes",
            routes, "--domain", "example.com", "--defines-from-environment",
        ])
        #expect(oneFile.status == 2)
        #expect(oneFile.stderr.contains("`--defines-from-environment` goes with `--entitlements FILE`"))
    }

    @Test func theWholeAppCheckReadsAnXcodeInfoPlistWithoutDefines() throws {
        // The Info.plist's `$(PRODUCT_BUNDLE_IDENTIFIER)` follows from the entitlements' application-identifier;
        // before, `check` refused the file (exit 2) without `--define`.
        let run = try CommandRunner.run([
            "check", "--entitlements", AASAFixtures.packageRoot + "/Docs/Examples/App.entitlements", "--info-plist",
            Self.sourceRoot + "/Shop/Info.plist", "--routes", AASAFixtures.packageRoot + "/Docs/Examples/routes.json",
            "--aasa", "acme-shop.com=" + AASAFixtures.packageRoot + "/Docs/Examples/apple-app-site-association",
        ])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix("gaps: ABCDE12345.com.example.app: "))
    }
}

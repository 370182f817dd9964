import Foundation
import TestSupport
import Testing

/// End-to-end tests of `link-router app lint`, running the built binary on the shipped example and scratch files.
@Suite struct AppLintCommandTests {
    static let examples = AASAFixtures.packageRoot + "/Docs/Examples/"
    static let entitlements = examples + "App.entitlements"
    static let infoPlist = examples + "Info.plist"
    static let routes = examples + "routes.json"

    /// Writes `contents` to a new temporary file and returns its path.
    static func scratch(_ contents: [UInt8], name: String = "App.entitlements") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("app-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(contents).write(to: url)
        return url.path
    }

    @Test func theExamplesMistakeIsNamedWithItsPositionAndExitsOne() throws {
        let run = try CommandRunner.run([
            "app", "lint", "--entitlements", Self.entitlements, "--info-plist", Self.infoPlist, "--routes", Self.routes,
        ])
        #expect(run.status == 1)
        #expect(run.stdout.contains("App.entitlements:11:3: error[wildcard-without-base]: "))
        // The example keeps RFC 2606's placeholder example.com: two documentation-domain warnings.
        #expect(run.stdout.contains("App.entitlements:11:3: warning[documentation-domain]: "))
        #expect(run.stdout.hasSuffix("App.entitlements: 1 error, 2 warnings\n"))
    }

    @Test func withoutRoutesTheExampleHasOnlyWarnings() throws {
        let run = try CommandRunner.run([
            "app", "lint", "--entitlements", Self.entitlements, "--info-plist", Self.infoPlist,
        ])
        #expect(run.status == 0)
        #expect(run.stdout.contains("App.entitlements:11:3: warning[wildcard-without-base]: "))
        #expect(run.stdout.hasSuffix("\(Self.entitlements): 0 errors, 3 warnings\n"))
    }

    /// `--stamp FILE` is written after a run without errors only, so a build system that reruns a step whose output
    /// is older than its inputs lints again after a failure (the build-tool plugin, Docs/Integration.md).
    @Test func theStampIsWrittenOnlyWhenTheLintHasNoErrors() throws {
        let folder = URL(fileURLWithPath: try Self.scratch([], name: "placeholder")).deletingLastPathComponent()
        let passing = folder.appendingPathComponent("passing.stamp").path
        let clean = try CommandRunner.run([
            "app", "lint", "--entitlements", Self.entitlements, "--format", "xcode", "--stamp", passing,
        ])
        #expect(clean.status == 0)
        #expect(FileManager.default.fileExists(atPath: passing))
        let failing = folder.appendingPathComponent("failing.stamp").path
        let errors = try CommandRunner.run([
            "app", "lint", "--entitlements", Self.entitlements, "--routes", Self.routes, "--stamp", failing,
        ])
        #expect(errors.status == 1)
        #expect(!FileManager.default.fileExists(atPath: failing))
        let usage = try CommandRunner.run(["app", "lint", "--entitlements", Self.entitlements, "--stamp", "-"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("`--stamp` needs a file, not standard output"))
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let run = try CommandRunner.run([
            "app", "lint", "--entitlements", Self.entitlements, "--routes", Self.routes, "--format", "json",
        ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["errors"] as? Int == 1)
        let diagnostic = try #require(
            (object["diagnostics"] as? [[String: Any]])?.first { $0["code"] as? String == "wildcard-without-base" })
        #expect(diagnostic["severity"] as? String == "error")
        #expect(diagnostic["file"] as? String == "entitlements")
        #expect(diagnostic["keyPath"] as? String == "com.apple.developer.associated-domains[0]")
        #expect(diagnostic["line"] as? Int == 11 && diagnostic["column"] as? Int == 3)
    }

    @Test func sarifIsValidAndGitHubAnnotatesTheFile() throws {
        let sarif = try CommandRunner.run([
            "app", "lint", "--entitlements", Self.entitlements, "--routes", Self.routes, "--format", "sarif",
        ])
        #expect(sarif.status == 1)
        #expect(SARIFValidator.problems(in: sarif.stdout) == [])
        let github = try CommandRunner.run([
            "app", "lint", "--entitlements", Self.entitlements, "--routes", Self.routes, "--format", "github",
        ])
        #expect(
            github.stdout.contains("::error file=\(Self.entitlements),line=11,col=3,title=wildcard-without-base::"))
    }

    @Test func defineResolvesBuildVariablesAndReleaseMakesDeveloperModeAnError() throws {
        let path = try Self.scratch(
            Array(
                """
                <plist><dict><key>com.apple.developer.associated-domains</key><array>
                <string>applinks:$(DOMAIN)?mode=developer</string></array></dict></plist>
                """.utf8))
        let unresolved = try CommandRunner.run(["app", "lint", "--entitlements", path])
        #expect(unresolved.status == 1)
        #expect(unresolved.stdout.contains("error[unresolved-variable]: `$(DOMAIN)`"))
        let debug = try CommandRunner.run(["app", "lint", "--entitlements", path, "--define", "DOMAIN=example.com"])
        #expect(debug.status == 0)
        #expect(debug.stdout.contains("warning[developer-mode]"))
        let release = try CommandRunner.run([
            "app", "lint", "--entitlements", path, "--define", "DOMAIN=example.com", "--define", "OTHER=x", "--release",
        ])
        #expect(release.status == 1)
        #expect(release.stdout.contains("error[developer-mode]"))
    }

    @Test func binaryEntitlementsArePlacedByByteOffset() throws {
        let object: [String: Any] = ["com.apple.developer.associated-domains": ["applinks:https://example.com"]]
        let bytes = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let path = try Self.scratch(Array(bytes))
        let run = try CommandRunner.run(["app", "lint", "--entitlements", path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("App.entitlements: byte "))
        #expect(run.stdout.contains("error[scheme-in-entry]"))
    }

    @Test(arguments: [
        (
            "<plist><dict><key>a</key></dict></plist>",
            "App.entitlements:1:14: error[malformed-property-list]: the key `a` has no value"
        ),
        ("bplist00" + String(repeating: "\u{0}", count: 40), "error[malformed-property-list]: "),
        (
            "<plist><array/></plist>",
            "App.entitlements:1:8: error[not-dictionary]: the top-level value is a array, not a dict"
        ),
    ])
    func malformedFilesAreErrorsAtTheirPositionExitOne(contents: String, expected: String) throws {
        // The lint's rule (Docs/link-router.md, Exit status): a malformed file it lints is a finding, not a refusal.
        let path = try Self.scratch(Array(contents.utf8))
        let run = try CommandRunner.run(["app", "lint", "--entitlements", path])
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.contains(expected), "\(run.stdout)")
    }

    @Test func aValueOfTheWrongTypeIsAFindingAtItsPosition() throws {
        let path = try Self.scratch(
            Array("<plist><dict><key>CFBundleURLTypes</key><string/></dict></plist>".utf8), name: "Info.plist")
        let run = try CommandRunner.run(["app", "lint", "--entitlements", Self.entitlements, "--info-plist", path])
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty)
        #expect(
            run.stdout.contains(
                "Info.plist:1:41: error[wrong-type]: `CFBundleURLTypes` is a string, not an array; iOS ignores it"),
            "\(run.stdout)")
    }

    @Test(arguments: [
        ("text", "wrong-type: In the Info.plist, `CFBundleURLTypes` is a string, not an array: iOS ignores it"),
        ("json", #""kind":"wrong-type","file":"info-plist","pointer":"/CFBundleURLTypes""#),
        ("xcode", "Info.plist:1:41: error: In the Info.plist, `CFBundleURLTypes` is a string"),
        ("github", "::error file="),
        ("sarif", #""ruleId": "wrong-type""#),
        ("html", "wrong-type"),
    ])
    func theWholeAppCheckReportsAValueOfTheWrongTypeAndGoesOn(format: String, expected: String) throws {
        let path = try Self.scratch(
            Array("<plist><dict><key>CFBundleURLTypes</key><string/></dict></plist>".utf8), name: "Info.plist")
        let run = try CommandRunner.run([
            "check", "--entitlements", Self.entitlements, "--info-plist", path, "--routes", Self.routes, "--aasa",
            "example.com=" + Self.examples + "apple-app-site-association", "--format", format,
        ])
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.contains(expected), "\(run.stdout)")
        // The rest was checked: the example's own gaps are still there.
        #expect(run.stdout.contains("route-domain-not-claimed"), "\(run.stdout)")
    }

    @Test func theDoctorNamesAValueOfTheWrongTypeWhenTheLinkDependsOnIt() throws {
        let path = try Self.scratch(
            Array("<plist><dict><key>CFBundleURLTypes</key><string/></dict></plist>".utf8), name: "Info.plist")
        let arguments = [
            "--entitlements", Self.entitlements, "--info-plist", path, "--routes", Self.routes, "--aasa",
            Self.examples + "apple-app-site-association",
        ]
        let custom = try CommandRunner.run(["doctor", "shop://cart"] + arguments)
        #expect(custom.status == 1)
        #expect(custom.stderr.isEmpty, "\(custom.stderr)")
        #expect(
            custom.stdout.contains(
                "the Info.plist does not declare the scheme shop: `CFBundleURLTypes` is a string, not an array"),
            "\(custom.stdout)")
        // An https link does not depend on the Info.plist: the walk is the one with the example's own Info.plist.
        let universal = try CommandRunner.run(["doctor", "https://example.com/promotion/7"] + arguments)
        var valid = arguments
        valid[3] = Self.infoPlist
        let expected = try CommandRunner.run(["doctor", "https://example.com/promotion/7"] + valid)
        #expect(universal.status == expected.status)
        #expect(universal.stderr.isEmpty, "\(universal.stderr)")
        #expect(universal.stdout == expected.stdout)
    }

    @Test(arguments: [
        [String](),
        ["--entitlements", "-", "--info-plist", "-"],
        ["--entitlements", "x", "--define", "NOEQUALS"],
        ["--entitlements", "x", "--define", "A=1", "--define", "A=2"],
        ["--entitlements", "x", "operand"],
    ])
    func badUsageExitsTwo(arguments: [String]) throws {
        let run = try CommandRunner.run(["app", "lint"] + arguments)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
    }
}

import Foundation
import TestSupport
import Testing

/// The one exit-status rule of `link-router` (Docs/link-router.md, "Exit status"), asserted over the built binary for
/// every subcommand: 0 clean, 1 findings, 2 bad usage or an input the command cannot read as what it must be. A lint
/// reports a malformed file it lints as an error finding at its position (exit 1); any other input a command needs
/// and cannot read (a missing file, a routes file, a baseline, a file given to a command that is not its lint) is
/// exit 2 with one line on standard error and nothing on standard output.
@Suite struct ExitStatusRuleTests {
    /// One row of the rule: a command line and the status it must exit with.
    struct Row: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        /// For status 1: what the finding's line says (the file and its position); for 2: what standard error says.
        var says: String

        var testDescription: String { "\(status): " + arguments.joined(separator: " ") }
    }

    static let examples = "Docs/Examples/"
    static let appID = "ABCDE12345.com.example.app"
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// A directory of malformed files, named for the role they are given in.
    static let scratch: String = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exit-rule-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = [
            "bad.json": #"{"applinks": "#, "Bad.entitlements": "<plist><dict><key>a</key>",
            "AndroidManifest.xml": "<manifest><application>", "strings.xml": "<resources><string>",
        ]
        for (name, text) in files {
            try? Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory.path + "/"
    }()

    static let badJSON = scratch + "bad.json"
    static let badPlist = scratch + "Bad.entitlements"
    static let badManifest = scratch + "AndroidManifest.xml"
    static let badStrings = scratch + "strings.xml"
    static let missing = scratch + "missing.json"

    /// Each lint, given a malformed file it lints: an error finding at the position, exit 1.
    static let malformedLintedFiles: [Row] = [
        Row(arguments: ["aasa", "lint", badJSON], status: 1, says: "bad.json:1:14: error[json-syntax]"),
        Row(arguments: ["assetlinks", "lint", badJSON], status: 1, says: "bad.json:1:14: error[json-syntax]"),
        Row(
            arguments: ["assetlinks", "lint", examples + "assetlinks.json", "--manifest", badManifest], status: 1,
            says: "AndroidManifest.xml:1:24: error[xml-syntax]"),
        Row(
            arguments: ["app", "lint", "--entitlements", badPlist], status: 1,
            says: "Bad.entitlements:1:26: error[malformed-property-list]"),
        Row(
            arguments: ["app", "lint", "--entitlements", examples + "App.entitlements", "--info-plist", badPlist],
            status: 1, says: "Bad.entitlements:1:26: error[malformed-property-list]"),
        Row(
            arguments: ["app", "lint", "--manifest", badManifest], status: 1,
            says: "AndroidManifest.xml:1:24: error[xml-syntax]"),
    ]

    /// Every command, given an input it needs and cannot read as what it must be: exit 2.
    static let unreadableInputs: [Row] = [
        Row(arguments: ["aasa", "lint", missing], status: 2, says: "missing.json: cannot read"),
        Row(
            arguments: ["aasa", "lint", examples + "apple-app-site-association", "--baseline", badJSON], status: 2,
            says: "bad.json:1:14: not a baseline file"),
        Row(arguments: ["assetlinks", "lint", missing], status: 2, says: "missing.json: cannot read"),
        Row(
            arguments: [
                "assetlinks", "lint", examples + "assetlinks.json", "--manifest", examples + "AndroidManifest.xml",
                "--strings", badStrings,
            ],
            status: 2, says: "strings.xml:1:20:"),
        Row(arguments: ["app", "lint", "--entitlements", missing], status: 2, says: "missing.json: cannot read"),
        Row(arguments: ["app", "lint", "--manifest", missing], status: 2, says: "missing.json: cannot read"),
        Row(
            arguments: ["app", "lint", "--entitlements", examples + "App.entitlements", "--routes", badJSON], status: 2,
            says: "bad.json:1:14:"),
        Row(arguments: ["route", "--routes", badJSON, "shop://x"], status: 2, says: "bad.json:1:14:"),
        Row(arguments: ["url", "--routes", badJSON, "home"], status: 2, says: "bad.json:1:14:"),
        Row(
            arguments: [
                "aasa", "match", badJSON, "--domain", "example.com", "--app-id", appID, "https://example.com/",
            ],
            status: 2, says: "bad.json:1:14:"),
        Row(
            arguments: [
                "aasa", "diff", badJSON, examples + "apple-app-site-association", "--domain", "example.com", "--app-id",
                appID,
            ], status: 2, says: "bad.json:1:14:"),
        Row(
            arguments: ["aasa", "generate", "--routes", badJSON, "--app-id", appID], status: 2, says: "bad.json:1:14:"),
        Row(
            arguments: [
                "aasa", "fetch", "example.com", "--origin", "http://127.0.0.1:1", "--routes", badJSON, "--app-id",
                appID,
            ], status: 2, says: "bad.json:1:14:"),
        Row(
            arguments: [
                "assetlinks", "match", badJSON, "--package", "com.example.app", "--fingerprint", fingerprint,
                "https://example.com/",
            ], status: 2, says: "bad.json:1:14:"),
        Row(
            arguments: [
                "assetlinks", "generate", "--routes", badJSON, "--package", "com.example.app", "--fingerprint",
                fingerprint,
            ], status: 2, says: "bad.json:1:14:"),
        Row(
            arguments: [
                "assetlinks", "fetch", "example.com", "--manifest", badManifest, "--origin", "http://127.0.0.1:1",
            ],
            status: 2, says: "AndroidManifest.xml:1:24:"),
        Row(
            arguments: [
                "check", "--aasa", badJSON, "--routes", examples + "routes.json", "--domain", "example.com", "--app-id",
                appID,
            ], status: 2, says: "bad.json:1:14:"),
        Row(
            arguments: [
                "check", "--aasa", examples + "apple-app-site-association", "--routes", missing, "--domain",
                "example.com", "--app-id", appID,
            ], status: 2, says: "missing.json: cannot read"),
        Row(
            arguments: [
                "check", "--aasa", examples + "apple-app-site-association", "--routes", examples + "routes.json",
                "--domain", "example.com", "--app-id", appID, "--baseline", badJSON,
            ], status: 2, says: "bad.json:1:14: not a baseline file"),
        Row(
            arguments: [
                "check", "--entitlements", badPlist, "--routes", examples + "routes.json", "--aasa",
                "example.com=" + examples + "apple-app-site-association",
            ], status: 2, says: "Bad.entitlements:1:26:"),
        Row(
            arguments: [
                "check", "--manifest", badManifest, "--routes", examples + "routes.json", "--assetlinks",
                examples + "assetlinks.json", "--package", "com.example.app", "--fingerprint", fingerprint,
            ], status: 2, says: "AndroidManifest.xml:1:24:"),
        Row(
            arguments: [
                "doctor", "https://example.com/", "--aasa", badJSON, "--entitlements", examples + "App.entitlements",
                "--routes", examples + "routes.json",
            ], status: 2, says: "bad.json:1:14:"),
        Row(
            arguments: [
                "doctor", "https://example.com/", "--aasa", examples + "apple-app-site-association", "--entitlements",
                badPlist, "--routes", examples + "routes.json",
            ], status: 2, says: "Bad.entitlements:1:26:"),
        Row(
            arguments: [
                "doctor", "https://example.com/", "--manifest", badManifest, "--assetlinks",
                examples + "assetlinks.json",
                "--routes", examples + "routes.json",
            ], status: 2, says: "AndroidManifest.xml:1:24:"),
    ]

    @Test(arguments: malformedLintedFiles)
    func aLintReportsAMalformedFileItLintsAsAFinding(row: Row) throws {
        let run = try CommandRunner.run(row.arguments)
        #expect(run.status == row.status, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.contains(row.says), "\(run.stdout)")
        let json = try CommandRunner.run(row.arguments + ["--format", "json"])
        #expect(json.status == row.status)
        #expect(json.stdout.contains(#""severity":"error""#), "\(json.stdout)")
    }

    @Test(arguments: unreadableInputs)
    func anInputACommandCannotReadExitsTwo(row: Row) throws {
        let run = try CommandRunner.run(row.arguments)
        #expect(run.status == row.status, "\(run.stdout)")
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n")
        #expect(
            lines.count == 1 && lines[0].hasPrefix("link-router ") && run.stderr.contains(row.says), "\(run.stderr)")
    }
}

import Foundation
import LinkRouter
import TestSupport
import Testing

@testable import link_router

/// `check` and `doctor` reading the project file (`.link-router.json`): the same report as the options it stands
/// for, found from the working directory upward, overridden by the command line.
@Suite struct ProjectFileCommandTests {
    static let example = PackagePaths.path("Docs/Examples")
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// The options the shipped example's project file stands for, with the files under `directory`.
    static func exampleOptions(_ directory: String) -> [String] {
        [
            "--routes", "\(directory)/routes.json", "--entitlements", "\(directory)/App.entitlements",
            "--info-plist", "\(directory)/Info.plist", "--define", "webHost=example.com",
            "--manifest", "\(directory)/AndroidManifest.xml", "--package", "com.example.app",
            "--fingerprint", fingerprint, "--aasa", "example.com=\(directory)/apple-app-site-association",
            "--assetlinks", "example.com=\(directory)/assetlinks.json",
        ]
    }

    /// A temporary directory holding `root/.link-router.json` (the example's, with absolute paths) and `root/a/b`.
    static func tree() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        let text = try String(contentsOfFile: "\(example)/.link-router.json", encoding: .utf8)
            .replacingOccurrences(of: "\"routes.json\"", with: "\"\(example)/routes.json\"")
            .replacingOccurrences(of: "\"App.entitlements\"", with: "\"\(example)/App.entitlements\"")
            .replacingOccurrences(of: "\"Info.plist\"", with: "\"\(example)/Info.plist\"")
            .replacingOccurrences(of: "\"AndroidManifest.xml\"", with: "\"\(example)/AndroidManifest.xml\"")
            .replacingOccurrences(
                of: "\"apple-app-site-association\"", with: "\"\(example)/apple-app-site-association\""
            )
            .replacingOccurrences(of: "\"assetlinks.json\"", with: "\"\(example)/assetlinks.json\"")
        try text.write(to: root.appendingPathComponent(".link-router.json"), atomically: true, encoding: .utf8)
        return root
    }

    @Test func checkWithTheExamplesFilePrintsWhatItsOptionsPrint() throws {
        let runner = CommandRunner.runner
        let configured = try runner.run(["check", "--config", "Docs/Examples/.link-router.json"])
        let explicit = try runner.run(["check"] + Self.exampleOptions("Docs/Examples"))
        #expect(configured.status == 1)
        #expect(configured.stdout == explicit.stdout)
        #expect(configured.stderr == explicit.stderr)
        #expect(configured.stdout.contains("Docs/Examples/apple-app-site-association"))
    }

    @Test func theNearestFileAboveTheWorkingDirectoryIsRead() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let below = root.appendingPathComponent("a/b")
        #expect(LinkProject.nearestFile(from: below.path) == "../../.link-router.json")
        #expect(LinkProject.nearestFile(from: root.path) == ".link-router.json")
        let found = try CommandRunner.runner.run(["check", "--format", "json"], in: below)
        let explicit = try CommandRunner.run(["check", "--format", "json"] + Self.exampleOptions(Self.example))
        #expect(found.status == 1)
        #expect(found.stdout == explicit.stdout)
        let ignored = try CommandRunner.runner.run(["check", "--no-config"], in: below)
        #expect(ignored.status == 2)
        #expect(ignored.stderr.hasPrefix("link-router check: missing `--routes <value>`"))
    }

    @Test func anOptionOnTheCommandLineReplacesTheFilesValue() throws {
        let other = CommandRunner.fixture("AASAFetch/apple-app-site-association-stale")
        let result = try CommandRunner.run([
            "check", "--config", "Docs/Examples/.link-router.json", "--aasa", "example.com=\(other)",
            "--format", "json",
        ])
        let explicit = try CommandRunner.run(
            ["check", "--format", "json"]
                + Self.exampleOptions("Docs/Examples").map {
                    $0.hasSuffix("=Docs/Examples/apple-app-site-association") ? "example.com=\(other)" : $0
                })
        #expect(result.stdout == explicit.stdout)
        #expect(result.stdout.contains("apple-app-site-association-stale"))
    }

    @Test func aHostGivenInAnotherCaseReplacesTheFilesSiteFileOfThatHost() throws {
        // Host names compare ignoring case: `--aasa EXAMPLE.com=FILE` replaces the file's `example.com` (it was
        // kept beside it, and `--aasa example.com=...` was then given twice).
        let other = CommandRunner.fixture("AASAFetch/apple-app-site-association-stale")
        let assetLinks = "\(Self.example)/assetlinks.json"
        let result = try CommandRunner.run([
            "check", "--config", "Docs/Examples/.link-router.json", "--aasa", "EXAMPLE.com=\(other)",
            "--assetlinks", "Example.COM=\(assetLinks)", "--format", "json",
        ])
        let explicit = try CommandRunner.run(
            ["check", "--format", "json"]
                + Self.exampleOptions("Docs/Examples").map {
                    $0.hasSuffix("=Docs/Examples/apple-app-site-association")
                        ? "example.com=\(other)"
                        : $0 == "example.com=Docs/Examples/assetlinks.json" ? "example.com=\(assetLinks)" : $0
                })
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout == explicit.stdout)
        #expect(result.stdout.contains("apple-app-site-association-stale"))
        // A definition's name keeps its case: `--define WEBHOST=...` stands beside the file's `webHost`.
        let defined = try CommandRunner.run([
            "check", "--config", "Docs/Examples/.link-router.json", "--define", "WEBHOST=other.example",
            "--format", "json",
        ])
        let both = try CommandRunner.run(
            ["check", "--format", "json", "--define", "WEBHOST=other.example"] + Self.exampleOptions("Docs/Examples"))
        #expect(defined.stdout == both.stdout)
    }

    @Test func standardInputInTheProjectFileIsRefusedWhereItIsWritten() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "{\n  \"version\": 1,\n  \"routes\": \"-\"\n}\n".write(
            to: root.appendingPathComponent(".link-router.json"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.runner.run(["check"], in: root)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "link-router check: .link-router.json:3:13: `routes` must name a file, not `-`: standard input is "
                + "for the command line, a project file names files\n")
    }

    @Test func aProjectThatMixesLocalAndFetchedSiteFilesIsRefusedUnlessTheCommandLineDecides() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent(".link-router.json")
        let text = try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(of: "\"\(Self.example)/assetlinks.json\"", with: "\"fetch\"")
        try text.write(to: file, atomically: true, encoding: .utf8)
        for command in [["check"], ["doctor", "https://example.com/promotion/7"]] {
            let refused = try CommandRunner.runner.run(command, in: root)
            #expect(refused.status == 2, "\(command)")
            #expect(refused.stderr.contains("siteFiles mix local files and \"fetch\""), "\(refused.stderr)")
        }
        // A plain file on the command line replaces that platform's site files: nothing is left to fetch.
        let assetLinks = "\(Self.example)/assetlinks.json"
        let decided = try CommandRunner.runner.run(
            ["check", "--assetlinks", assetLinks, "--format", "json"], in: root)
        let explicit = try CommandRunner.run(
            ["check", "--format", "json"]
                + Self.exampleOptions(Self.example).map { $0 == "example.com=\(assetLinks)" ? assetLinks : $0 })
        #expect(decided.status == 1)
        #expect(decided.stdout == explicit.stdout)
    }

    @Test func writingABaselineIgnoresTheProjectsBaseline() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent(".link-router.json")
        let text = try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(of: "\"version\": 1,", with: "\"version\": 1,\n  \"baseline\": \"baseline.json\",")
        try text.write(to: file, atomically: true, encoding: .utf8)
        // The project names a baseline that does not exist yet: --write-baseline creates it and exits 0.
        let written = try CommandRunner.runner.run(["check", "--write-baseline", "baseline.json"], in: root)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("baseline.json").path))
        // Then the project's baseline is read: every gap is accepted (the run stays incomplete, exit 1: the
        // example leaves stores.example.com's AASA file out).
        let checked = try CommandRunner.runner.run(["check"], in: root)
        #expect(checked.stdout.hasPrefix("incomplete: ABCDE12345.com.example.app and com.example.app: 0 iOS gaps, 0 "))
        #expect(checked.stdout.contains("\nbaseline baseline.json: 28 accepted gaps\n"))
    }

    @Test func doctorWithTheExamplesFileWalksTheURLsHost() throws {
        let configured = try CommandRunner.run([
            "doctor", "https://example.com/promotion/7", "--config", "Docs/Examples/.link-router.json",
        ])
        let explicit = try CommandRunner.run(
            [
                "doctor", "https://example.com/promotion/7", "--aasa", "Docs/Examples/apple-app-site-association",
                "--assetlinks", "Docs/Examples/assetlinks.json",
            ]
                + Self.exampleOptions("Docs/Examples").filter {
                    !$0.hasPrefix("example.com=") && $0 != "--aasa" && $0 != "--assetlinks"
                })
        #expect(configured.status == 1)
        #expect(configured.stdout == explicit.stdout)
        #expect(configured.stdout.contains("the local file Docs/Examples/assetlinks.json"))
    }

    /// `app lint` with no options, below a project file, prints what the options it stands for print; an option
    /// given replaces the file's value, and `--no-config` reads none.
    @Test func appLintBelowAProjectFilePrintsWhatItsOptionsPrint() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let runner = CommandRunner.runner
        let below = root.appendingPathComponent("a/b")
        let configured = try runner.run(["app", "lint", "--format", "json"], in: below)
        let explicit = try CommandRunner.run([
            "app", "lint", "--routes", "\(Self.example)/routes.json", "--entitlements",
            "\(Self.example)/App.entitlements", "--info-plist", "\(Self.example)/Info.plist", "--define",
            "webHost=example.com", "--manifest", "\(Self.example)/AndroidManifest.xml", "--format", "json",
        ])
        #expect(configured.status == 1, "\(configured.stderr)")
        #expect(configured.stdout == explicit.stdout)
        #expect(configured.stdout.contains("wildcard-without-base"))
        #expect(configured.stdout.contains("\"android\":"))
        let overridden = try runner.run(
            ["app", "lint", "--format", "json", "--manifest", "\(Self.example)/AndroidManifest.xml"], in: below)
        #expect(overridden.stdout == explicit.stdout)
        let none = try runner.run(["app", "lint", "--no-config"], in: below)
        #expect(none.status == 2)
        #expect(none.stderr.contains("give `--entitlements FILE`, `--manifest FILE` or both"))
    }

    @Test func aBadProjectFileIsRefusedAtItsLineAndColumn() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent(".link-router.json")
        try Data("{\n  \"version\": 1,\n  \"routes\": [\"r.json\"]\n}\n".utf8).write(to: path)
        let result = try CommandRunner.runner.run(["doctor", "https://example.com/"], in: root)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "link-router doctor: .link-router.json:3:13: `routes` must be a string, not array\n")
        let missing = try CommandRunner.run(["check", "--config", "no-such.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("link-router check: no-such.json: cannot read: "))
    }

    /// Regression: the command took the file's directory with Foundation's `deletingLastPathComponent`, which
    /// crashes on Linux for a one-character path: `--config -` (standard input) and `--config b` crashed.
    @Test func standardInputAndOneCharacterNamesAreReadWithoutCrashing() throws {
        let bad = "{\"version\": 1,\n \"routes\": 3}"
        let stdin = try CommandRunner.runner.run(["check", "--config", "-"], input: bad)
        #expect(stdin.status == 2)
        #expect(stdin.stderr == "link-router check: <stdin>:2:12: `routes` must be a string, not number\n")
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(bad.utf8).write(to: root.appendingPathComponent("b"))
        let short = try CommandRunner.runner.run(["check", "--config", "b"], in: root)
        #expect(short.status == 2)
        #expect(short.stderr == "link-router check: b:2:12: `routes` must be a string, not number\n")
    }

    @Test func helpIsShownWhateverTheProjectFileHolds() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("not json".utf8).write(to: root.appendingPathComponent(".link-router.json"))
        let result = try CommandRunner.runner.run(["check", "--help"], in: root)
        #expect(result.status == 0)
        #expect(result.stdout.contains("--config FILE"))
    }
}

import Foundation
import TestSupport
import Testing

/// One version, stated once and printed as stated (issue 26, Docs/Versioning.md): the newest version section of
/// `CHANGELOG.md` is what both commands print for `--version`.
@Suite struct VersionTests {
    /// The version of the first `## [MAJOR.MINOR.PATCH]` heading of `changelog`, if there is one.
    static func newestVersion(inChangelog changelog: String) -> String? {
        for line in changelog.split(separator: "\n") where line.hasPrefix("## [") {
            let version = line.dropFirst(4).prefix { $0 != "]" }
            let parts = version.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) {
                return String(version)
            }
        }
        return nil
    }

    @Test func theNewestVersionIsFoundAboveUnreleasedWork() {
        #expect(
            Self.newestVersion(inChangelog: "# Changelog\n\n## [Unreleased]\n\n## [1.2.3] - 2027-01-01\n") == "1.2.3")
        #expect(Self.newestVersion(inChangelog: "## [1.2]\n## [0.10.0]\n") == "0.10.0")
        #expect(Self.newestVersion(inChangelog: "# Changelog\n") == nil)
    }

    @Test(arguments: ["link-router", "mediaqueue"])
    func theCommandsPrintTheChangelogsNewestVersion(command: String) throws {
        let changelog = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let version = try #require(Self.newestVersion(inChangelog: changelog), "CHANGELOG.md has no version section")
        let result = try ProcessRunner(command).run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "\(command) \(version)\n")
    }

    /// The source of the version is one line of one file.
    @Test func theVersionIsDefinedOnce() throws {
        let source = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("Sources/RichMediaKitSupport/PackageVersion.swift"),
            encoding: .utf8)
        let changelog = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let version = try #require(Self.newestVersion(inChangelog: changelog))
        #expect(source.contains("package static let current = \"\(version)\""))
        let mains = ["Sources/link-router/main.swift", "Sources/mediaqueue/MediaQueueCommand.swift"]
        for main in mains {
            let text = try String(contentsOf: PackagePaths.root.appendingPathComponent(main), encoding: .utf8)
            #expect(!text.contains("version:"), "\(main) states a version of its own")
        }
    }
}

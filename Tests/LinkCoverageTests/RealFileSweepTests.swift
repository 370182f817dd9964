import Foundation
import TestSupport
import Testing

@testable import AppSiteAssociation
@testable import LinkCoverage
@testable import LinkRouting

/// Every real AASA file the repository holds (the test fixtures under `Tests/` and the examples in `Docs/Examples`,
/// found by scanning the folders, so a new file is swept too) goes through the exact check and the unreachable-rule
/// lint, and neither gives up: no rule or route "not compared", no `analysis-skipped`.
@Suite struct RealFileSweepTests {
    /// The folders scanned, relative to the package root.
    static let folders = ["Tests", "Docs/Examples"]

    /// A file that could be an AASA file: named like one, or JSON.
    static func isCandidate(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return name.hasPrefix("apple-app-site-association") || name.hasSuffix(".json")
    }

    /// The package-relative paths of every file under `folders` whose text has an `applinks` key and that loads as an
    /// AASA file with an `applinks` section, sorted; and the candidates holding `applinks` that do not load.
    static func realFiles() throws -> (files: [String], unloadable: [String]) {
        var files: [String] = []
        var unloadable: [String] = []
        for folder in folders {
            let root = PackagePaths.path(folder)
            guard let enumerator = FileManager.default.enumerator(atPath: root) else { continue }
            for case let relative as String in enumerator where isCandidate(relative) {
                let path = folder + "/" + relative
                let bytes = try AASAFixtures.read(PackagePaths.path(path))
                guard String(decoding: bytes, as: UTF8.self).contains("\"applinks\"") else { continue }
                if let file = try? AASAFile(parsing: bytes), file.appLinks != nil {
                    files.append(path)
                } else {
                    unloadable.append(path)
                }
            }
        }
        return (files.sorted(), unloadable.sorted())
    }

    /// The routes that go with `path`: a `routes.json` beside it, else the shipped example's.
    static func routes(for path: String) throws -> RouteTable {
        let beside = (path as NSString).deletingLastPathComponent + "/routes.json"
        let chosen =
            FileManager.default.fileExists(atPath: PackagePaths.path(beside)) ? beside : "Docs/Examples/routes.json"
        return try RouteTable(json: Data(try AASAFixtures.read(PackagePaths.path(chosen))))
    }

    @Test func theSweepFindsTheFiles() throws {
        let (files, unloadable) = try Self.realFiles()
        // 3 AASA fixtures, 3 fetch fixtures, the plugin app's file, the 2 docs examples (at the time of writing).
        #expect(files.count >= 9, "\(files)")
        #expect(files.contains("Docs/Examples/apple-app-site-association"))
        #expect(files.contains("Docs/Examples/apple-app-site-association-next"))
        // The one fixture that is broken on purpose.
        #expect(unloadable == ["Tests/LinkRouterTests/Fixtures/AASA/syntax-error.json"], "\(unloadable)")
    }

    @Test func noRealFileMakesTheCheckOrTheLintGiveUp() throws {
        let (files, _) = try Self.realFiles()
        var checks = 0
        for path in files {
            let bytes = try AASAFixtures.read(PackagePaths.path(path))
            let lint = AASALinter.lint(bytes, passes: [.unreachableRules])
            let skipped = lint.diagnostics.filter { $0.code == .analysisSkipped }
            #expect(skipped.isEmpty, "\(path): \(skipped)")
            let matcher = try AASAMatcher(parsing: bytes)
            let routes = try Self.routes(for: path)
            let domain = routes.associatedDomains.first { !$0.isWildcard }?.host ?? "example.com"
            // The routes that go with the file, and a catch-all (every rule then has a route to be compared with).
            let catchAll = try RouteTable(
                schemes: ["shop"], associatedDomains: ["applinks:\(domain)"],
                routes: [Route(name: "all", pattern: "/**")])
            for table in [routes, catchAll] {
                for appID in matcher.appIDs {
                    let report = try CoverageChecker.check(aasa: matcher, routes: table, domain: domain, appID: appID)
                    #expect(report.notCompared.isEmpty, "\(path) for \(appID): \(report.notCompared)")
                    checks += 1
                }
            }
        }
        #expect(checks >= 2 * files.count, "a file without an app ID: \(files)")
    }
}

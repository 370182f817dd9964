import Foundation
import TestSupport
import Testing

/// The tests mirror the sources: a test file sits in the folder named for the module (and the module's folder)
/// it tests, holds one suite named like the file, and helpers live in `TestSupport/` (see `Docs/Testing.md`).
@Suite struct TestLayoutTests {
    /// The folders of the test targets that test several modules, and the source directories they mirror.
    static let mirrors: [String: [String: String]] = [
        "RichMediaQueueTests": [
            "Queue": "Sources/RichMediaQueue",
            "QueueTesting": "Sources/RichMediaQueueTesting",
            "Simulation": "Sources/MediaQueueSimulation",
            "CommandLine": "Sources/mediaqueue",
        ]
    ]

    /// The test targets that test one module (or the documentation), and the source directory they mirror: their
    /// files sit at the top, or in a folder mirroring a folder of the sources (`RichMediaKitSupportTests/JSON/`
    /// mirrors `Sources/RichMediaKitSupport/JSON/`). The link modules have one each, so that a test target depends
    /// on its module and what that module may import, and the compiler holds the tests to the layering.
    static let moduleTargets: [String: String] = [
        "AppLinkConfigurationTests": "Sources/AppLinkConfiguration",
        "CommandLineToolkitTests": "Sources/CommandLineToolkit",
        "FileLocationsTests": "Sources/FileLocations",
        "RichMediaKitSupportTests": "Sources/RichMediaKitSupport",
        "LinkRoutingTests": "Sources/LinkRouting",
        "AppSiteAssociationTests": "Sources/AppSiteAssociation",
        "LinkCoverageTests": "Sources/LinkCoverage",
        "LinkDeploymentTests": "Sources/LinkDeployment",
        "AppCoverageTests": "Sources/AppCoverage",
        "LinkDiagnosisTests": "Sources/LinkDiagnosis",
        "AndroidAppLinksTests": "Sources/AndroidAppLinks",
        "LinkRouterTests": "Sources/link-router",
        "LinkRouterAPITests": "Sources/LinkRouter",
        "DocsTests": "Docs",
    ]

    /// Folders of test helpers and data rather than tests.
    static let helperFolders: Set<String> = ["TestSupport", "Fixtures"]

    /// The shared test-support module: helpers for every test target, no tests.
    static let sharedSupport = "TestSupport"

    static let tests = PackagePaths.root.appendingPathComponent("Tests")

    /// Every Swift file under `Tests/`, as paths relative to `Tests/`, outside fixtures.
    static func swiftFiles(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let enumerator = try #require(
            FileManager.default.enumerator(atPath: tests.path), sourceLocation: sourceLocation)
        return enumerator.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.split(separator: "/").contains("Fixtures") }
            .sorted()
    }

    /// The type names declared with `@Suite` at the start of a line of `source` (an attribute with arguments may
    /// span lines).
    static func suiteNames(in source: String) -> [String] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var names: [String] = []
        for (index, line) in lines.enumerated() where line.drop(while: \.isWhitespace).hasPrefix("@Suite") {
            var rest = Substring(lines[index...].joined(separator: "\n")).drop(while: \.isWhitespace)
                .dropFirst("@Suite".count)
            if rest.first == "(" {
                var depth = 0
                while let character = rest.first {
                    rest.removeFirst()
                    if character == "(" { depth += 1 }
                    if character == ")" { depth -= 1 }
                    if depth == 0 { break }
                }
            }
            let words = rest.prefix { $0 != "{" && $0 != ":" && $0 != "<" }
                .split(whereSeparator: \.isWhitespace)
            if let kind = words.firstIndex(where: { ["struct", "class", "actor", "enum", "extension"].contains($0) }),
                kind + 1 < words.count
            {
                names.append(String(words[kind + 1]))
            }
        }
        return names
    }

    @Test func everyTestFileHoldsOneSuiteNamedLikeIt() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 50, "found only \(files.count) test files under \(Self.tests.path)")
        for file in files {
            let name = (file as NSString).lastPathComponent.replacingOccurrences(of: ".swift", with: "")
            let suites = Self.suiteNames(
                in: try String(contentsOf: Self.tests.appendingPathComponent(file), encoding: .utf8))
            if name.hasSuffix("Tests") {
                #expect(
                    suites == [name],
                    "Tests/\(file) must declare exactly one `@Suite struct \(name)`; it declares \(suites.isEmpty ? "none" : suites.map { "`\($0)`" }.joined(separator: ", ")) (one suite per file, named like the file)"
                )
            } else {
                #expect(
                    suites.isEmpty,
                    "Tests/\(file) declares the suites \(suites) but its name does not end in `Tests`: name it like its one suite"
                )
            }
        }
    }

    @Test func everyTestFileSitsInAFolderMirroringTheSources() throws {
        for file in try Self.swiftFiles() {
            var folders = file.split(separator: "/").map(String.init)
            let fileName = folders.removeLast()
            let target = folders.removeFirst()
            if target == Self.sharedSupport {
                #expect(!fileName.hasSuffix("Tests.swift"), "Tests/\(file): the shared test support holds no tests")
                continue
            }
            if let source = Self.moduleTargets[target] {
                if let top = folders.first, Self.helperFolders.contains(top) {
                    #expect(
                        !fileName.hasSuffix("Tests.swift"),
                        "Tests/\(file): tests do not belong in \(top)/; move it next to the sources it tests")
                    continue
                }
                let mirrored = ([source] + folders).joined(separator: "/")
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(
                    atPath: PackagePaths.path(mirrored), isDirectory: &isDirectory)
                #expect(
                    exists && isDirectory.boolValue,
                    "Tests/\(file): \(target) tests one module (\(source)); keep its files in Tests/\(target)/, in a folder mirroring one of \(source)/, or in TestSupport/"
                )
                continue
            }
            guard let mirrors = Self.mirrors[target] else {
                Issue.record(
                    "Tests/\(file): the test target \(target) is not in TestLayoutTests' map of mirrored folders")
                continue
            }
            guard let top = folders.first else {
                Issue.record(
                    "Tests/\(file) sits at the top of \(target); move it into the folder of the module it tests: \(mirrors.keys.sorted().map { $0 + "/" }.joined(separator: ", ")) (helpers: TestSupport/)"
                )
                continue
            }
            if Self.helperFolders.contains(top) {
                #expect(
                    !fileName.hasSuffix("Tests.swift"),
                    "Tests/\(file): tests do not belong in \(top)/; move it next to the sources it tests")
                continue
            }
            guard let source = mirrors[top] else {
                Issue.record(
                    "Tests/\(file): \(target)/\(top)/ mirrors no module; use one of \(mirrors.keys.sorted().map { $0 + "/" }.joined(separator: ", ")) (helpers: TestSupport/)"
                )
                continue
            }
            let mirrored = ([source] + folders.dropFirst()).joined(separator: "/")
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: PackagePaths.path(mirrored), isDirectory: &isDirectory)
            #expect(
                exists && isDirectory.boolValue,
                "Tests/\(file) sits in \(folders.joined(separator: "/"))/, which would mirror \(mirrored)/, and there is no such source folder"
            )
        }
    }

    @Test func everyTestTargetIsInTheMaps() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.tests.path).filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: Self.tests.appendingPathComponent($0).path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        // `Tests/Fixtures/` holds whole packages that tests build (the plugins' fixture), not a test target.
        for target in targets where target != Self.sharedSupport && target != "Fixtures" {
            #expect(
                Self.mirrors[target] != nil || Self.moduleTargets[target] != nil,
                "Tests/\(target)/ is in neither TestLayoutTests.moduleTargets nor TestLayoutTests.mirrors: add it")
        }
        for (target, source) in Self.moduleTargets {
            #expect(
                FileManager.default.fileExists(atPath: PackagePaths.path(source)),
                "\(target) mirrors \(source)/, which does not exist: update TestLayoutTests.moduleTargets")
        }
    }

    @Test func everyMirroredSourceFolderExists() {
        for (target, mirrors) in Self.mirrors {
            for (folder, source) in mirrors {
                var isDirectory: ObjCBool = false
                #expect(
                    FileManager.default.fileExists(atPath: PackagePaths.path(source), isDirectory: &isDirectory)
                        && isDirectory.boolValue,
                    "\(target)/\(folder)/ mirrors \(source)/, which does not exist: update TestLayoutTests.mirrors")
            }
        }
    }

    @Test func theSuiteScannerFindsSuitesWithAndWithoutArgumentsAndOnlyAtTheStartOfALine() {
        let suite = "@" + "Suite"
        let source = """
            \(suite) struct ATests {}
            \(suite)("B", .serialized) struct BTests: Sendable {}
            \(suite)(
                .tags(.slow)
            )
            @MainActor final class CTests {}
            /// Not `\(suite) struct DTests`.
            let text = "\(suite) struct ETests"
            """
        #expect(Self.suiteNames(in: source) == ["ATests", "BTests", "CTests"])
    }
}

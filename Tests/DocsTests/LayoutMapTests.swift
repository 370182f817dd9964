import Foundation
import Testing

/// The maps of the package stay true: CONTRIBUTING.md's Layout names the folder of every target of Package.swift (and
/// no folder that is not one), and the umbrella's doc comment names every module it re-exports.
@Suite struct LayoutMapTests {
    /// A target of Package.swift: its name and its folder.
    struct Target: CustomStringConvertible {
        var name: String
        var folder: String
        var description: String { "\(name) (\(folder)/)" }
    }

    /// The targets Package.swift declares, with their folders (`path:` when given, else `Sources/NAME`, or for a
    /// test target `Tests/NAME`, for a plugin `Plugins/NAME`).
    static func targets(in manifest: String) -> [Target] {
        let declaration = /\.(target|executableTarget|testTarget|plugin)\(\s*name:\s*"([^"]+)"/
        let matches = manifest.matches(of: declaration)
        return matches.enumerated().map { index, match in
            let end = index + 1 < matches.count ? matches[index + 1].range.lowerBound : manifest.endIndex
            let body = manifest[match.range.upperBound..<end]
            let name = String(match.output.2)
            if let path = body.firstMatch(of: /path:\s*"([^"]+)"/) {
                return Target(name: name, folder: String(path.output.1))
            }
            let root = ["testTarget": "Tests/", "plugin": "Plugins/"][String(match.output.1)] ?? "Sources/"
            return Target(name: name, folder: root + name)
        }
    }

    /// The folders CONTRIBUTING.md's Layout block names at the start of a line (`Sources/X/`, `Tests/X/`, `Benchmarks/x/`).
    static func layoutFolders(in page: String) throws -> [String] {
        let heading = try #require(page.range(of: "\n## Layout\n"), "CONTRIBUTING.md has no `## Layout` section")
        let rest = page[heading.upperBound...]
        let open = try #require(rest.range(of: "```\n"), "CONTRIBUTING.md's Layout has no code block")
        let close = try #require(
            rest[open.upperBound...].range(of: "\n```"), "CONTRIBUTING.md's Layout block is not closed")
        return rest[open.upperBound..<close.lowerBound].split(separator: "\n").compactMap { line in
            guard let first = line.split(separator: " ").first, first.hasSuffix("/"), first.contains("/") else {
                return nil
            }
            let folder = first.dropLast()
            return folder.contains("/") ? String(folder) : nil
        }
    }

    @Test func theTargetScannerReadsNamesAndPaths() {
        let manifest = """
            .target(name: "A"),
            .executableTarget(
                name: "b-tool", dependencies: ["A"]
            ),
            .target(name: "Support", path: "Tests/Support"),
            .testTarget(name: "ATests", dependencies: ["A"], exclude: ["Fixtures"]),
            .plugin(name: "APlugin", capability: .buildTool()),
            """
        #expect(
            Self.targets(in: manifest).map(\.description) == [
                "A (Sources/A/)", "b-tool (Sources/b-tool/)", "Support (Tests/Support/)", "ATests (Tests/ATests/)",
                "APlugin (Plugins/APlugin/)",
            ])
    }

    @Test func everyTargetIsInTheLayout() throws {
        let targets = Self.targets(in: try DocumentationFiles.read("Package.swift"))
        #expect(targets.count > 20, "found only \(targets.count) targets in Package.swift")
        let folders = Set(try Self.layoutFolders(in: try DocumentationFiles.read("CONTRIBUTING.md")))
        for target in targets {
            #expect(
                folders.contains(target.folder),
                "CONTRIBUTING.md's Layout does not list \(target.folder)/ (the target \(target.name)): add a line saying what it holds"
            )
        }
    }

    @Test func everyTargetFolderOfTheLayoutIsATarget() throws {
        let targets = Set(Self.targets(in: try DocumentationFiles.read("Package.swift")).map(\.folder))
        for folder in try Self.layoutFolders(in: try DocumentationFiles.read("CONTRIBUTING.md"))
        where folder.hasPrefix("Sources/") || folder.hasPrefix("Plugins/")
            || (folder.hasPrefix("Tests/") && !folder.hasPrefix("Tests/Fixtures/"))
        {
            #expect(
                targets.contains(folder),
                "CONTRIBUTING.md's Layout lists \(folder)/, which is no target of Package.swift: remove or rename the line"
            )
        }
    }

    @Test func theUmbrellaDocCommentNamesEveryModuleItReexports() throws {
        let umbrella = try DocumentationFiles.read("Sources/LinkRouter/LinkRouter.swift")
        let modules = umbrella.matches(of: /(?m)^@_exported import (\w+)/).map { String($0.output.1) }
        #expect(modules.count >= 8, "found only \(modules) re-exported by the umbrella")
        let comment = umbrella.split(separator: "\n").filter { $0.hasPrefix("///") }.joined(separator: "\n")
        for module in modules {
            #expect(
                comment.contains("- `\(module)`:"),
                "Sources/LinkRouter/LinkRouter.swift re-exports \(module); its doc comment's list does not say what it holds"
            )
        }
    }
}

import Foundation
import Testing

/// What a user adopting the package reads first stays true: the license, the Swift Package Index's configuration,
/// the GitHub Action's inputs and the repository root (Docs/Integration.md, CONTRIBUTING.md).
@Suite struct AdoptionFilesTests {
    @Test func theLicenseIsApache2AndNamedWhereUsersLook() throws {
        let license = try DocumentationFiles.read("LICENSE")
        #expect(license.contains("Apache License\n                           Version 2.0, January 2004"))
        #expect(license.contains("TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION"))
        #expect(try DocumentationFiles.read("README.md").contains("[Apache License 2.0](LICENSE) (SPDX: `Apache-2.0`)"))
        #expect(try DocumentationFiles.read("Package.swift").contains("// SPDX-License-Identifier: Apache-2.0"))
        #expect(try DocumentationFiles.read("CONTRIBUTING.md").contains("[Apache License 2.0](LICENSE)"))
    }

    /// The entries of the `documentation_targets:` list of `.spi.yml`.
    static func documentationTargets(inSPIConfiguration text: String) -> [String] {
        var targets: [String] = []
        var inList = false
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("- documentation_targets:") || trimmed.hasPrefix("documentation_targets:") {
                inList = true
            } else if inList, trimmed.hasPrefix("- ") {
                targets.append(String(trimmed.dropFirst(2)))
            } else if inList {
                inList = false
            }
        }
        return targets
    }

    @Test func theSPIConfigurationReaderFindsTheList() {
        let configuration = "version: 1\nbuilder:\n  configs:\n    - documentation_targets:\n        - A\n        - B\n"
        #expect(Self.documentationTargets(inSPIConfiguration: configuration) == ["A", "B"])
    }

    @Test func theSwiftPackageIndexDocumentsEveryArchiveTheDocsScriptBuilds() throws {
        let listed = Self.documentationTargets(inSPIConfiguration: try DocumentationFiles.read(".spi.yml"))
        let catalogs = DocumentationFiles.children(of: "Sources").filter { module in
            DocumentationFiles.children(of: "Sources/\(module)").contains("\(module).docc")
        }
        #expect(catalogs.count >= 10, "found only \(catalogs) with a DocC catalog")
        #expect(Set(listed) == Set(catalogs), ".spi.yml lists \(listed.sorted()); the catalogs are \(catalogs)")
        #expect(listed.count == Set(listed).count, ".spi.yml lists a target twice")
        #expect(listed.first == "LinkRouter", "the umbrella's archive comes first on the Swift Package Index")
    }

    /// The input names of `action.yml` (the keys indented two spaces under `inputs:`).
    static func actionInputs(_ action: String) -> [String] {
        guard let start = action.range(of: "\ninputs:\n") else { return [] }
        var inputs: [String] = []
        for line in action[start.upperBound...].split(separator: "\n") {
            if !line.hasPrefix(" ") { break }
            if line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(":") {
                inputs.append(String(line.dropFirst(2).dropLast()))
            }
        }
        return inputs
    }

    @Test func everyInputOfTheActionIsInTheGuidesTable() throws {
        let inputs = Self.actionInputs(try DocumentationFiles.read("action.yml"))
        #expect(
            inputs == ["arguments", "working-directory", "format", "sarif", "upload-sarif", "version"],
            "action.yml's inputs changed: \(inputs); update this test and the table in Docs/Integration.md")
        let guide = try DocumentationFiles.read("Docs/Integration.md")
        for input in inputs {
            #expect(guide.contains("\n| `\(input)` |"), "Docs/Integration.md's table of inputs has no row for \(input)")
        }
    }

    /// The repository root holds only what a package needs; build and scratch output is ignored (.gitignore).
    @Test func theRepositoryRootHoldsOnlyWhatAPackageNeeds() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", DocumentationFiles.packageRoot.path, "ls-files"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let listing = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // Not a git checkout (a source archive): nothing to check.
        guard process.terminationStatus == 0, !listing.isEmpty else { return }
        let allowed: Set<String> = [
            ".ci", ".github", ".gitignore", ".spi.yml", ".swift-format", "action.yml", "Benchmarks", "CHANGELOG.md",
            "CONTRIBUTING.md", "Docs", "Fuzz", "LICENSE", "Package.swift", "Plugins", "README.md", "Schemas",
            "Scripts", "Snippets", "Sources", "Tests",
        ]
        let roots = Set(listing.split(separator: "\n").map { String($0.split(separator: "/")[0]) })
        #expect(
            roots.subtracting(allowed).isEmpty, "files at the repository root: \(roots.subtracting(allowed).sorted())")
    }
}

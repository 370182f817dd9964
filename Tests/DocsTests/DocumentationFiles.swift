import Foundation

/// The package's documentation files and their fenced code blocks.
///
/// Conventions checked by this target (CONTRIBUTING.md, "Documentation that stays true"):
/// - A ```` ```swift ```` block is preceded by `<!-- snippet: Name -->` and shows exactly the visible part of
///   `Snippets/Name.swift` (in doc comments: `/// <!-- snippet: Name -->`), or by `<!-- file: path -->` and shows
///   exactly that file of the repository (a test file that runs with the tests; leading `//` lines left out), or
///   by `<!-- manifest -->` for a fragment of an app's Package.swift (its product names are checked).
/// - A ```` ```console ```` block is a transcript: each `$ command` (continued by lines ending in `\`) is followed
///   by exactly what it prints; a block's commands run in order in a scratch directory of their own
///   (`TranscriptTests`).
enum DocumentationFiles {
    /// The package's root directory.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// README.md, CONTRIBUTING.md, Docs/*.md and the DocC catalogs' pages, relative to the package root.
    static var markdownFiles: [String] {
        var files = ["README.md", "CONTRIBUTING.md"]
        files += children(of: "Docs").filter { $0.hasSuffix(".md") }.map { "Docs/\($0)" }
        for module in children(of: "Sources") {
            for catalog in children(of: "Sources/\(module)") where catalog.hasSuffix(".docc") {
                files += children(of: "Sources/\(module)/\(catalog)").filter { $0.hasSuffix(".md") }
                    .map { "Sources/\(module)/\(catalog)/\($0)" }
            }
        }
        return files
    }

    /// The Swift files of every module under Sources/, relative to the package root.
    static var sourceFiles: [String] {
        let root = packageRoot.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { "Sources/\($0)" }
    }

    /// The snippet names: the files in Snippets/ without `.swift`.
    static var snippetNames: [String] {
        children(of: "Snippets").filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(6)) }
    }

    static func children(of directory: String) -> [String] {
        let path = packageRoot.appendingPathComponent(directory).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    static func read(_ file: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
    }

    /// A fenced code block.
    struct Block: CustomStringConvertible, Sendable {
        /// The file, relative to the package root.
        var file: String
        /// The line of the opening fence (1-based).
        var line: Int
        /// The info string (`swift`, `console`, or empty).
        var info: String
        /// The lines between the fences.
        var lines: [String]
        /// The snippet named by a `<!-- snippet: Name -->` line right before the block, if any.
        var snippet: String?
        /// The repository file named by a `<!-- file: path -->` line right before the block, if any: the block
        /// shows a whole file that builds elsewhere (a test file, say), not a snippet.
        var sourceFile: String?
        /// Whether a `<!-- manifest -->` line is right before the block: a fragment of an app's Package.swift, which
        /// cannot be a snippet; its product names are checked against this package's manifest instead.
        var isManifest = false

        var description: String { "\(file):\(line)" }
    }

    /// The fenced blocks of Markdown text; with `docComment`, of the `///` lines of Swift source.
    static func blocks(in file: String, docComment: Bool = false) throws -> [Block] {
        var lines = try read(file).components(separatedBy: "\n")
        if docComment {
            lines = lines.map { line in
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("///") else { return "" }
                let text = trimmed.dropFirst(3)
                return String(text.hasPrefix(" ") ? text.dropFirst() : text)
            }
        }
        var blocks: [Block] = []
        var open: Block?
        var previous = ""
        for (index, line) in lines.enumerated() {
            if var block = open {
                if line.trimmingCharacters(in: .whitespaces) == "```" {
                    blocks.append(block)
                    open = nil
                } else {
                    block.lines.append(line)
                    open = block
                }
                continue
            }
            if line.hasPrefix("```") {
                let info = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
                open = Block(
                    file: file, line: index + 1, info: info, lines: [], snippet: marker("snippet", previous),
                    sourceFile: marker("file", previous),
                    isManifest: previous.trimmingCharacters(in: .whitespaces) == "<!-- manifest -->")
            }
            if !line.trimmingCharacters(in: .whitespaces).isEmpty { previous = line }
        }
        return blocks
    }

    /// `value` for a line `<!-- kind: value -->`.
    static func marker(_ kind: String, _ line: String) -> String? {
        let text = line.trimmingCharacters(in: .whitespaces)
        let prefix = "<!-- \(kind): "
        guard text.hasPrefix(prefix), text.hasSuffix(" -->") else { return nil }
        return String(text.dropFirst(prefix.count).dropLast(4))
    }
}

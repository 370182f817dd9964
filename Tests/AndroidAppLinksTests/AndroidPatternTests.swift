import Testing

@testable import AndroidAppLinks

/// `pathPattern` and `pathAdvancedPattern` as `android.os.PatternMatcher` decides them: cases from the spec, the
/// data-element guide and `PatternMatcher`'s code. AOSP's own `PatternMatcherTest` vectors, as that file writes
/// them, are in `PatternMatcherVectorTests`.
@Suite struct AndroidPatternTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var pattern: String
        var input: String
        var matches: Bool
        var testDescription: String { "\(pattern) ~ \(input) = \(matches)" }
    }

    static let globCases: [Case] = [
        // The spec's worked examples and the quirks users trip over.
        Case(pattern: "/p/.*/details", input: "/p/a/details", matches: true),
        Case(pattern: "/p/.*/details", input: "/p/a/b/details", matches: false),
        Case(pattern: "/a*", input: "/", matches: false),
        Case(pattern: "/ab*", input: "/a", matches: false),
        Case(pattern: "/a*b", input: "/b", matches: true),
        Case(pattern: "/a*b", input: "/aaab", matches: true),
        Case(pattern: "/a*", input: "/aaa", matches: true),
        Case(pattern: "/a\\.b", input: "/axb", matches: true),
        Case(pattern: "/a\\.b", input: "/a.b", matches: true),
        Case(pattern: "/a\\.*", input: "/a...", matches: true),
        Case(pattern: "/a\\.*", input: "/ax", matches: false),
        Case(pattern: "/a\\*b", input: "/a*b", matches: true),
        Case(pattern: "/a\\*b", input: "/aab", matches: false),
        // The data-element guide: ".*" matches any sequence; "\\*" a literal star.
        Case(pattern: ".*", input: "", matches: true),
        Case(pattern: ".*", input: "/anything/at/all", matches: true),
        Case(pattern: "/.*", input: "/anything", matches: true),
        Case(pattern: "/.*", input: "/", matches: true),
        Case(pattern: ".*\\.pdf", input: "/docs/a.pdf", matches: true),
        Case(pattern: ".*\\.pdf", input: "/docs/a.b.pdf", matches: false),
        Case(pattern: "/shop/.*", input: "/shop", matches: false),
        Case(pattern: "/shop.*", input: "/shop", matches: true),
        Case(pattern: "/x.", input: "/xy", matches: true),
        Case(pattern: "/x.", input: "/x", matches: false),
        Case(pattern: "", input: "", matches: true),
        Case(pattern: "", input: "/", matches: false),
        Case(pattern: "/", input: "", matches: false),
        Case(pattern: "a*", input: "", matches: false),
        Case(pattern: ".*a*", input: "xa*", matches: true),
        Case(pattern: "/.*/.*", input: "/a/b/c", matches: true),
    ]

    @Test(arguments: globCases) func globMatchesAsAndroid(_ item: Case) throws {
        #expect(try AndroidPattern(.glob, item.pattern).matches(item.input) == item.matches)
    }

    static let advancedCases: [Case] = [
        Case(pattern: ".", input: "a", matches: true),
        Case(pattern: ".", input: "", matches: false),
        Case(pattern: "[a]", input: "a", matches: true),
        Case(pattern: "[.]", input: ".", matches: true),
        Case(pattern: "[.]", input: "a", matches: false),
        Case(pattern: "[a-z]", input: "m", matches: true),
        Case(pattern: "[a-z]", input: "A", matches: false),
        Case(pattern: "[^a-z]", input: "A", matches: true),
        Case(pattern: "[^a-z]", input: "a", matches: false),
        Case(pattern: "[a-zA-Z0-9_]", input: "_", matches: true),
        Case(pattern: "[a-]", input: "-", matches: true),
        Case(pattern: "a\\+", input: "a+", matches: true),
        Case(pattern: "a\\*", input: "a*", matches: true),
        Case(pattern: "\\[a\\]", input: "[a]", matches: true),
        Case(pattern: "\\\\", input: "\\", matches: true),
        Case(pattern: "a*", input: "", matches: true),
        Case(pattern: "a*", input: "aaaa", matches: true),
        Case(pattern: "a*b", input: "b", matches: true),
        Case(pattern: "a+", input: "", matches: false),
        Case(pattern: "a+", input: "aa", matches: true),
        Case(pattern: "a{1}", input: "a", matches: true),
        Case(pattern: "a{1}", input: "aa", matches: false),
        Case(pattern: "a{1,3}", input: "aaa", matches: true),
        Case(pattern: "a{1,3}", input: "aaaa", matches: false),
        Case(pattern: "a{0,1}", input: "", matches: true),
        Case(pattern: "a{2,}", input: "aaaaaa", matches: true),
        Case(pattern: "a{2,}", input: "a", matches: false),
        // No backtracking: ".*" takes everything, so nothing is left for "a".
        Case(pattern: ".*a", input: "aaa", matches: false),
        Case(pattern: "/[^/]+/details", input: "/p/details", matches: true),
        Case(pattern: "/[^/]+/details", input: "/p/q/details", matches: false),
        Case(pattern: "/product/[0-9]+", input: "/product/42", matches: true),
        Case(pattern: "/product/[0-9]+", input: "/product/42x", matches: false),
        // A stray "}" outside a range is dropped by Android's parser.
        Case(pattern: "a}b", input: "ab", matches: true),
    ]

    @Test(arguments: advancedCases) func advancedMatchesAsAndroid(_ item: Case) throws {
        #expect(try AndroidPattern(.advanced, item.pattern).matches(item.input) == item.matches)
    }

    @Test(arguments: [
        "[]", "[^]", "a{", "a{,4}", "a{}", "*a", "+a", "a**", "a*+", "a{1}{2}", "{1}", "a\\", "[a",
        "a{3,1}", "a{x}", "[",
    ])
    func advancedRejectsWhatAndroidRejects(_ pattern: String) {
        #expect(throws: AndroidPatternError.self) { try AndroidPattern(.advanced, pattern) }
    }

    @Test func advancedRejectsPatternsBeyondAndroidsStorage() {
        #expect(throws: AndroidPatternError.self) { try AndroidPattern(.advanced, String(repeating: "a", count: 2047)) }
        #expect(throws: Never.self) { try AndroidPattern(.advanced, String(repeating: "a", count: 2046)) }
    }

    @Test func literalPrefixAndSuffixCompareCodeUnits() throws {
        #expect(try AndroidPattern(.literal, "/shop").matches("/shop"))
        #expect(try !AndroidPattern(.literal, "/shop").matches("/Shop"))
        #expect(try AndroidPattern(.prefix, "/shop").matches("/shopping"))
        #expect(try !AndroidPattern(.prefix, "/").matches(""))
        #expect(try AndroidPattern(.suffix, ".pdf").matches("/a.pdf"))
        #expect(try !AndroidPattern(.suffix, ".pdf").matches("pdf"))
        #expect(try AndroidPattern(.glob, "/é.").matches("/éx"))
        // UTF-16: an emoji is two code units, so "." matches half of it.
        #expect(try AndroidPattern(.glob, "/..").matches("/😀"))
    }
}

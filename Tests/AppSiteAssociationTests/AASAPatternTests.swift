import RichMediaKitSupport
import Testing

@testable import AppSiteAssociation

/// The wildcard engine: syntax, variables, built-ins, and linear-time matching.
@Suite struct AASAPatternTests {
    static func compile(
        _ text: String, caseSensitive: Bool = true, variables: [String: [String]] = [:]
    ) throws -> AASAPattern {
        try AASAPatternCompiler.compile(
            text, isPath: false, caseSensitive: caseSensitive, percentEncoded: true, variables: variables
        ).get()
    }

    @Test(arguments: [
        ("abc", "abc", true),
        ("abc", "ab", false),
        ("a*", "a", true),
        ("a*", "a/b/c", true),
        ("*a", "bba", true),
        ("?", "", false),
        ("?", "é", true),
        ("??", "é", false),
        ("?*", "", false),
        ("?*", "x", true),
        ("$5", "$5", true),
        ("$(digit)$(digit)", "42", true),
        ("$(digit)", "4a", false),
        ("$(xdigit)", "F", true),
        ("$(xdigit)", "g", false),
        ("$(alpha)", "Z", true),
        ("$(alnum)", "_", false),
        ("$(lower)", "a", true),
        ("$(lower)", "A", false),
        ("$(lang)", "en", true),
        ("$(lang)", "gsw", true),
        ("$(lang)", "xx", false),
        ("$(region)", "GB", true),
        ("$(region)", "UK", false),
        ("$(region)", "XK", true),
    ])
    func patternSyntaxAndBuiltins(pattern: String, input: String, expected: Bool) throws {
        #expect(try Self.compile(pattern).matches(input) == expected)
    }

    @Test(arguments: [
        ("/$(p)", "/x1", true),
        ("/$(p)", "/y", true),
        ("/$(p)", "/yz", true),
        ("/$(p)", "/", false),
        ("/$(p)/end", "/x9/end", true),
        ("/$(e)", "/", true),
    ])
    func customVariableValuesMayUseWildcards(pattern: String, input: String, expected: Bool) throws {
        let pattern = try Self.compile(pattern, variables: ["p": ["x?", "y*"], "e": [""]])
        #expect(pattern.matches(input) == expected)
    }

    @Test(arguments: [
        ("$(nope)", "undefined-variable"),
        ("$(digit", "malformed-variable"),
        ("$()", "malformed-variable"),
        ("$(a$(b))", "malformed-variable"),
        ("$(bad)", "nested-variable"),
    ])
    func invalidReferencesAreRejected(pattern: String, code: String) {
        let result = AASAPatternCompiler.compile(
            pattern, isPath: false, caseSensitive: true, percentEncoded: true, variables: ["bad": ["$(digit)"]])
        guard case .failure(let issue) = result else {
            Issue.record("expected \(code)")
            return
        }
        #expect(issue.code.rawValue == code)
    }

    @Test func caseInsensitiveLiteralsAreFoldedIntoClasses() throws {
        let pattern = try Self.compile("a1", caseSensitive: false)
        var set = ByteSet()
        set.insert(UInt8(ascii: "a"))
        set.insert(UInt8(ascii: "A"))
        #expect(pattern.elements == [.byteClass(set), .byte(UInt8(ascii: "1"))])
    }

    @Test(arguments: [
        ("/buy/*", "/buy/*"),
        ("buy", "/buy/"),
        ("//buy//", "/buy/"),
        ("/", "//"),
        ("*", "/*"),
    ])
    func pathPatternsAreCanonicalised(source: String, canonical: String) {
        #expect(AASAPatternCompiler.canonicalPath(source) == canonical)
    }

    @Test(arguments: [
        ("*a*a*a*a*a*a*a*a*b", String(repeating: "a", count: 10_000), false),
        ("*a*a*a*a*a*a*a*a*b", String(repeating: "a", count: 10_000) + "b", true),
        (String(repeating: "?*", count: 50) + "b", String(repeating: "a", count: 10_000), false),
        (String(repeating: "*", count: 200) + "x", String(repeating: "y", count: 10_000), false),
        ("*$(lang)*$(lang)*$(region)*z", String(repeating: "en", count: 5_000), false),
    ])
    func backtrackingBombsGiveTheRightAnswer(pattern: String, input: String, expected: Bool) throws {
        let compiled = try Self.compile(pattern)
        #expect(compiled.matches(input) == expected)
        #expect(compiled.automaton.stateCount < 10_000)
    }

    @Test func backtrackingBombThroughTheMatcher() throws {
        let matcher = try AASATestSupport.matcher(components: #"[{"/": "*a*a*a*a*a*a*a*a*b"}]"#)
        let url = "https://example.com/" + String(repeating: "a", count: 10_000)
        #expect(AASATestSupport.decide(matcher, url) == .noMatch)
    }

    @Test func builtinTablesAreShippedWithExpectedSizes() {
        #expect(AASABuiltinVariables.regionCodes.count == 257)
        #expect(AASABuiltinVariables.languageCodes.count == 615)
        #expect(AASABuiltinVariables.regionCodes.allSatisfy { $0.utf8.count == 2 })
        #expect(Set(AASABuiltinVariables.languageCodes.map(\.utf8.count)) == [2, 3])
    }
}

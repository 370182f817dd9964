import TestSupport
import Testing

@testable import AppSiteAssociation
@testable import LinkCoverage
@testable import LinkRouting

@Suite struct UnreachableRuleTests {
    static let app = "ABCDE12345.com.example.app"

    static func lint(_ components: String) -> [AASADiagnostic] {
        let text = #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [\#(components)]}]}}"#
        return AASALinter.lint(Array(text.utf8), passes: [.unreachableRules]).diagnostics.filter {
            $0.code == .unreachableRule
        }
    }

    @Test(arguments: [
        // Covered by one earlier rule that is not a catch-all.
        (#"{"/": "/a/*"}, {"/": "/a/b"}"#, "/applinks/details/0/components/1", ["/applinks/details/0/components/0"]),
        // Covered by an exclusion.
        (
            #"{"/": "/a/*", "exclude": true}, {"/": "/a/b/c"}"#, "/applinks/details/0/components/1",
            ["/applinks/details/0/components/0"]
        ),
        // Covered only by two earlier rules together.
        (
            #"{"/": "/a/?*"}, {"/": "/a"}, {"/": "/a/*"}"#, "/applinks/details/0/components/2",
            ["/applinks/details/0/components/0", "/applinks/details/0/components/1"]
        ),
        // `/a%2Fb` decodes to `/a/b`.
        (
            #"{"/": "/a/*", "percentEncoded": false}, {"/": "/a%2Fb"}"#, "/applinks/details/0/components/1",
            ["/applinks/details/0/components/0"]
        ),
        // Case-insensitive earlier rule covers a case-sensitive later one.
        (
            #"{"/": "/Help/*", "caseSensitive": false}, {"/": "/help/faq"}"#, "/applinks/details/0/components/1",
            ["/applinks/details/0/components/0"]
        ),
        // A query dictionary with `*` also matches URLs without the item.
        (
            #"{"/": "/s", "?": {"q": "*"}}, {"/": "/s"}"#, "/applinks/details/0/components/1",
            ["/applinks/details/0/components/0"]
        ),
    ])
    func shadowedRulesAreReportedWithTheRulesThatShadowThem(
        components: String, pointer: String, shadowers: [String]
    ) throws {
        let diagnostics = Self.lint(components)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostic.pointer == pointer)
        #expect(diagnostic.severity == .warning)
        for shadower in shadowers { #expect(diagnostic.message.contains(shadower), "\(diagnostic.message)") }
        #expect(diagnostic.fix.contains(shadowers[0]))
    }

    @Test(arguments: [
        #"{"/": "/a/b"}, {"/": "/a/*"}"#,
        #"{"/": "/a/*", "?": {"x": "?*"}}, {"/": "/a/b"}"#,
        ##"{"/": "/a/*", "#": "x"}, {"/": "/a/b"}"##,
        #"{"/": "/a/*"}, {"/": "/A/b"}"#,
        // `/a%FF` does not decode to UTF-8, so the decoding rule fails and the raw one decides.
        #"{"/": "/a*", "percentEncoded": false}, {"/": "/a%FF"}"#,
        #"{"/": "/buy/*"}, {"/": "/buyer"}"#,
        #"{"/": "/id/????"}, {"/": "/id/???"}"#,
    ])
    func reachableRulesAreNotReported(components: String) {
        #expect(Self.lint(components).isEmpty, "\(components)")
    }

    @Test func aRuleIsReachableWhenItDecidesForAnyOfItsApps() {
        let text = """
            {"applinks": {"details": [
              {"appIDs": ["A.one"], "components": [{"/": "*"}]},
              {"appIDs": ["A.one", "A.two"], "components": [{"/": "/x"}]}]}}
            """
        #expect(
            AASALinter.lint(Array(text.utf8), passes: [.unreachableRules]).diagnostics.allSatisfy {
                $0.code != .unreachableRule
            })
    }

    @Test func matchesNoURLIsReportedWithoutShadowers() throws {
        // A query item named with a raw `&` can never appear in a URL, and its pattern needs a value.
        let diagnostics = Self.lint(#"{"?": {"a&b": "?*"}}, {"/": "/x"}"#)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.pointer == "/applinks/details/0/components/0")
        #expect(diagnostic.message.contains("matches no URL"))
    }

    /// Over random small files, a rule reported unreachable never decides any enumerated URL.
    @Test(arguments: 0..<20)
    func reportedRulesNeverDecideInBruteForce(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 99)
        let text = CoverageExactnessTests.randomAASA(using: &generator)
        let matcher = try AASAMatcher(parsing: Array(text.utf8))
        let unreachable = try #require(matcher.unreachableRules())
        let pointers = Set(unreachable.map(\.pointer))
        for url in CoverageExactnessTests.enumerated {
            let match = matcher.match(url, domain: CoverageExactnessTests.domain, appID: CoverageExactnessTests.appID)
            if let rule = match.rule { #expect(!pointers.contains(rule), "\(rule) decides \(url)\n\(text)") }
        }
    }

    /// The code's case in the linter's table: the bad order warns at the shadowed rule, the good order is clean.
    @Test func theBadOrderWarnsAndTheGoodOrderIsClean() throws {
        let diagnostic = try #require(Self.lint(#"{"/": "*"}, {"/": "/buy/*", "exclude": true}"#).first)
        #expect(diagnostic.severity == .warning && diagnostic.pointer == "/applinks/details/0/components/1")
        #expect(!diagnostic.message.isEmpty && !diagnostic.fix.isEmpty)
        #expect(Self.lint(#"{"/": "/buy/*", "exclude": true}, {"/": "*"}"#).isEmpty)
    }

    /// Diagnostics come in file order (by the position of the value they point at), whichever check
    /// found them.
    @Test func diagnosticsComeInFileOrder() throws {
        let bytes = try AASAFixtures.read(AASAFixtures.path("mistakes.json"))
        let pointers = AASALinter.lint(bytes, passes: [.unreachableRules]).diagnostics.map(\.pointer)
        #expect(
            pointers == [
                "/applinks/apps", "/applinks/details/0/appID", "/applinks/details/0/components/1",
                "/applinks/details/0/components/1/casesensitive", "/applinks/details/0/components/2/~1",
            ])
    }

    @Test func unreachableEntryAfterACatchAllForTheSameApp() throws {
        let report = CoverageTestSupport.lint(
            """
            {"applinks": {"details": [
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [{}]},
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a"}]}]}}
            """)
        let diagnostic = try #require(report.diagnostics.first { $0.code == .unreachableRule })
        #expect(diagnostic.pointer == "/applinks/details/1")
    }

    /// A rule made redundant by earlier rules with the same effect: remove it (moving it changes
    /// nothing). Shadowed by a rule with the other effect: it may belong before it.
    @Test(arguments: [
        (#"{"/": "/a/*"}, {"/": "/a/b"}"#, "remove it"),
        (#"{"/": "/a/*", "exclude": true}, {"/": "/a/b", "exclude": true}"#, "remove it"),
        (#"{"/": "/a/?*"}, {"/": "/a"}, {"/": "/a/*"}"#, "remove it"),
        (#"{"/": "*"}, {"/": "/buy/*", "exclude": true}"#, "move it before /applinks/details/0/components/0"),
    ])
    func redundantRuleHintSaysRemove(components: String, hint: String) throws {
        let diagnostic = try #require(Self.lint(components).first)
        #expect(diagnostic.fix.hasPrefix(hint), "\(diagnostic.fix)")
    }

    @Test func redundantEntryHintSaysRemove() throws {
        let report = CoverageTestSupport.lint(
            """
            {"applinks": {"details": [
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [{}]},
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a"}]}]}}
            """)
        let diagnostic = try #require(report.diagnostics.first { $0.code == .unreachableRule })
        #expect(diagnostic.fix.hasPrefix("remove this entry"), "\(diagnostic.fix)")
    }
}

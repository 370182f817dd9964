import Testing

@testable import AppSiteAssociation

/// The worked examples of aasa-semantics.md section 4.
@Suite struct AASAWorkedExampleTests {
    static let components = """
        [{"#": "no_universal_links", "exclude": true}, {"/": "/buy/*"},
         {"/": "/help/website/*", "exclude": true}, {"/": "/help/*", "?": {"articleNumber": "????"}}]
        """

    @Test(
        arguments: [
            ("https://example.com/buy/42", AASAMatch.Decision.match, "/applinks/details/0/components/1"),
            ("https://example.com/buy/42#no_universal_links", .exclude, "/applinks/details/0/components/0"),
            ("https://example.com/help/website/faq?articleNumber=4815", .exclude, "/applinks/details/0/components/2"),
            ("https://example.com/help/123?articleNumber=4815", .match, "/applinks/details/0/components/3"),
            ("https://example.com/help/123?articleNumber=481", .noMatch, nil),
            ("https://example.com/help/123", .noMatch, nil),
            ("https://example.com/elsewhere", .noMatch, nil),
            ("https://EXAMPLE.com/buy/1", .match, "/applinks/details/0/components/1"),
            ("https://other.org/buy/1", .noMatch, nil),
        ] as [(String, AASAMatch.Decision, String?)])
    func appleExampleEntryDecidesLikeIOS(url: String, expected: AASAMatch.Decision, rule: String?) throws {
        let matcher = try AASATestSupport.matcher(components: Self.components)
        let result = matcher.match(url, domain: "example.com", appID: AASATestSupport.appID)
        #expect(result.decision == expected)
        #expect(result.rule == rule)
    }

    @Test func otherDomainIsReportedAsTheDomainPart() throws {
        let matcher = try AASATestSupport.matcher(components: Self.components)
        let result = matcher.explain("https://other.org/buy/1", domain: "example.com", appID: AASATestSupport.appID)
        #expect(result.decision == .noMatch)
        #expect(result.trials.map(\.failedPart) == [.domain])
        #expect(result.reason.description.contains("other.org"))
    }

    @Test(arguments: [
        (#"{"/": "abc", "?": "def"}"#, "/abc?def", AASAMatch.Decision.match),
        (#"{"/": "abc", "?": "def"}"#, "/abc", .noMatch),
        (#"{"/": "abc", "?": "def"}"#, "/?def", .noMatch),
        (#"{"?": "key=value"}"#, "/?key=value", .match),
        (#"{"?": "key=value"}"#, "/?key=value&extra=value", .noMatch),
        (#"{"?": {"key": "value"}}"#, "/?key=value", .match),
        (#"{"?": {"key": "value"}}"#, "/?key=value&extra=value", .match),
        (#"{"/": "/search/"}"#, "/SEARCH/", .noMatch),
        (#"{"/": "/search/", "caseSensitive": false}"#, "/SEARCH/", .match),
    ])
    func singleComponentExamples(component: String, url: String, expected: AASAMatch.Decision) throws {
        let matcher = try AASATestSupport.matcher(components: "[\(component)]")
        #expect(AASATestSupport.decide(matcher, url) == expected)
    }

    @Test(
        arguments: [
            ("/wwdc/2015", AASAMatch.Decision.match, "/applinks/details/0/paths/1"),
            ("/wwdc/internal/notes", .exclude, "/applinks/details/0/paths/0"),
            ("/other", .noMatch, nil),
        ] as [(String, AASAMatch.Decision, String?)])
    func legacyPathsWithNot(url: String, expected: AASAMatch.Decision, rule: String?) throws {
        let matcher = try AASATestSupport.matcher(
            file: """
                {"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app",
                  "paths": ["NOT /wwdc/internal/*", "/wwdc/*"]}]}}
                """)
        let result = matcher.match("https://example.com" + url, domain: "example.com", appID: AASATestSupport.appID)
        #expect(result.decision == expected)
        #expect(result.rule == rule)
    }

    @Test(arguments: [
        ("/en_US/pizza/", AASAMatch.Decision.match),
        ("/en_US/tacos/", .noMatch),
    ])
    func substitutionVariablesWithRegionAndLanguage(url: String, expected: AASAMatch.Decision) throws {
        let matcher = try AASATestSupport.matcher(
            components: #"[{"/": "/$(lang)_$(region)/$(food)/"}]"#, variables: #"{"food": ["burrito", "pizza"]}"#)
        #expect(AASATestSupport.decide(matcher, url) == expected)
    }
}

import Testing

@testable import AppSiteAssociation

/// Every rule of aasa-semantics.md section 2, as vectors.
@Suite struct AASAMatchingRuleTests {
    typealias Decision = AASAMatch.Decision

    // Rule 1: https only; host equals the serving domain case-insensitively.
    @Test(arguments: [
        ("https://example.com/a", Decision.match),
        ("HTTPS://Example.COM/a", .match),
        ("http://example.com/a", .noMatch),
        ("shop://example.com/a", .noMatch),
        ("https://www.example.com/a", .noMatch),
        ("https://example.com.evil.net/a", .noMatch),
        ("https://evil.net@example.com/a", .match),
        ("https://example.com@evil.net/a", .noMatch),
        ("https://example.com:443/a", .match),
        ("https://example.com:8443/a", .noMatch),
        ("not a url", .noMatch),
        ("https:/example.com/a", .noMatch),
    ])
    func onlyHTTPSOnTheServingDomain(url: String, expected: Decision) throws {
        let matcher = try AASATestSupport.matcher(components: "[{}]")
        #expect(AASATestSupport.decide(matcher, url) == expected)
    }

    @Test func unknownAppIDIsNoMatchWithReason() throws {
        let matcher = try AASATestSupport.matcher(components: "[{}]")
        let result = matcher.match("https://example.com/", domain: "example.com", appID: "ZZZZZ99999.other")
        #expect(result.decision == .noMatch)
        #expect(result.reason.description.contains("ZZZZZ99999.other"))
    }

    // Rule 2: entries in file order, first matching component decides; fall through to next entry.
    @Test(
        arguments: [
            ("/a", Decision.exclude, "/applinks/details/0/components/0"),
            ("/b", .match, "/applinks/details/1/components/0"),
            ("/c", .noMatch, nil),
            ("/x", .match, "/applinks/details/2/components/0"),
        ] as [(String, Decision, String?)])
    func firstMatchingComponentAcrossEntriesDecides(url: String, expected: Decision, rule: String?) throws {
        let matcher = try AASATestSupport.matcher(
            file: """
                {"applinks": {"details": [
                  {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a", "exclude": true}, {"/": "/a"}]},
                  {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/b"}, {"/": "/a"}]},
                  {"appIDs": ["ABCDE12345.com.example.app", "OTHER12345.x"], "components": [{"/": "/x"}]},
                  {"appIDs": ["OTHER12345.x"], "components": [{"/": "/c"}]},
                  {"components": [{"/": "/c"}]},
                  {"appIDs": ["ABCDE12345.com.example.app"], "components": []}
                ]}}
                """)
        let result = matcher.match("https://example.com" + url, domain: "example.com", appID: AASATestSupport.appID)
        #expect(result.decision == expected)
        #expect(result.rule == rule)
    }

    // Rule 3: legacy paths ignore query and fragment; components win over paths.
    @Test(arguments: [
        ("/p/1?x=1#frag", Decision.match),
        ("/q/1", .noMatch),
    ])
    func legacyPathsIgnoreQueryAndFragment(url: String, expected: Decision) throws {
        let matcher = try AASATestSupport.matcher(
            file: #"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "paths": ["/p/*"]}]}}"#)
        #expect(AASATestSupport.decide(matcher, url) == expected)
    }

    @Test func pathsAreIgnoredWhenComponentsArePresent() throws {
        let matcher = try AASATestSupport.matcher(
            file: """
                {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"],
                  "components": [{"/": "/c"}], "paths": ["*"]}]}}
                """)
        #expect(AASATestSupport.decide(matcher, "/c") == .match)
        #expect(AASATestSupport.decide(matcher, "/p") == .noMatch)
    }

    // Rule 4: `*` crosses `/`, `?` is one character, `?*` one or more, anchored at both ends.
    @Test(arguments: [
        ("/a*", "/a/b/c", Decision.match),
        ("/a*c", "/ab/c", .match),
        ("/a?c", "/abc", .match),
        ("/a?c", "/ac", .noMatch),
        ("/a?c", "/abbc", .noMatch),
        ("/a/?*", "/a", .noMatch),
        ("/a/?*", "/a/b", .match),
        ("/abc", "/xabc", .noMatch),
        ("/abc", "/abcd", .noMatch),
        ("*", "/", .match),
        ("*", "/anything/at/all", .match),
    ])
    func wildcardsAreAnchoredAndStarCrossesSlash(pattern: String, url: String, expected: Decision) throws {
        let matcher = try AASATestSupport.matcher(components: #"[{"/": "\#(pattern)"}]"#)
        #expect(AASATestSupport.decide(matcher, url) == expected)
    }

    // Rule 5: path normalisation.
    @Test(arguments: [
        ("/buy", "https://example.com/buy", Decision.match),
        ("/buy", "https://example.com/buy/", .match),
        ("/buy", "https://example.com/buy//", .match),
        ("/buy/", "https://example.com/buy", .match),
        ("/buy//", "https://example.com/buy", .match),
        ("/buy/*", "https://example.com/buy", .match),
        ("/buy/*", "https://example.com/buy/", .match),
        ("/buy/*", "https://example.com/buy/42/x", .match),
        ("/buy/*", "https://example.com/buyer", .noMatch),
        ("/id/????", "https://example.com/id/481", .noMatch),
        ("/id/????", "https://example.com/id/4815", .match),
        ("abc", "https://example.com/abc", .match),
        ("/", "https://example.com", .match),
        ("/", "https://example.com/", .match),
        ("/", "https://example.com/a", .noMatch),
        ("/abc", "https://example.com//abc", .match),
        ("/abc", "https://example.com///abc", .match),
        ("/a/b", "https://example.com/a//b", .noMatch),
    ])
    func pathNormalisation(pattern: String, url: String, expected: Decision) throws {
        let matcher = try AASATestSupport.matcher(components: #"[{"/": "\#(pattern)"}]"#)
        #expect(AASATestSupport.decide(matcher, url) == expected)
    }

    // Rule 6: query as a string is the whole raw query; absent is "".
    @Test(arguments: [
        ("a=1", "/?a=1", Decision.match),
        ("a=1", "/?a=1&b=2", .noMatch),
        ("a=*", "/?a=1&b=2", .match),
        ("", "/", .match),
        ("", "/?", .match),
        ("", "/?a=1", .noMatch),
        ("?*", "/", .noMatch),
        ("a=%20", "/?a=%20", .match),
    ])
    func queryStringMatchesTheWholeRawQuery(pattern: String, url: String, expected: Decision) throws {
        let matcher = try AASATestSupport.matcher(components: #"[{"?": "\#(pattern)"}]"#)
        #expect(AASATestSupport.decide(matcher, url) == expected)
    }

    // Rule 7: query dictionary.
    @Test(arguments: [
        (#"{"a": "1"}"#, "/?a=1", Decision.match),
        (#"{"a": "1"}"#, "/?b=2&a=1&c", .match),
        (#"{"a": "1"}"#, "/?a=2", .noMatch),
        (#"{"a": "1", "b": "2"}"#, "/?a=1", .noMatch),
        (#"{"b": "*"}"#, "/", .match),
        (#"{"b": ""}"#, "/", .match),
        (#"{"b": ""}"#, "/?b", .match),
        (#"{"b": ""}"#, "/?b=", .match),
        (#"{"b": "?*"}"#, "/", .noMatch),
        (#"{"b": "?*"}"#, "/?b", .noMatch),
        (#"{"b": "?*"}"#, "/?b=1", .match),
        (#"{"a": "1"}"#, "/?a=1&a=1", .match),
        (#"{"a": "1"}"#, "/?a=1&a=2", .noMatch),
        (#"{"a": "x=y"}"#, "/?a=x=y", .match),
    ])
    func queryDictionaryMatchesNamedItems(pattern: String, url: String, expected: Decision) throws {
        let matcher = try AASATestSupport.matcher(components: #"[{"?": \#(pattern)}]"#)
        #expect(AASATestSupport.decide(matcher, url) == expected)
    }

    @Test func queryDictionaryWithNonStringValueIsIgnored() throws {
        let matcher = try AASATestSupport.matcher(components: #"[{"/": "/q", "?": {"a": 1, "b": "2"}}]"#)
        #expect(AASATestSupport.decide(matcher, "/q?b=3") == .match)
        #expect(AASATestSupport.decide(matcher, "/q") == .match)
    }

    // Rule 8: fragment without '#'; absent is "".
    @Test(arguments: [
        ("top", "/#top", Decision.match),
        ("top", "/#top2", .noMatch),
        ("", "/", .match),
        ("", "/#", .match),
        ("?*", "/", .noMatch),
        ("/route/*", "/#/route/1", .match),
    ])
    func fragmentMatchesWithoutHash(pattern: String, url: String, expected: Decision) throws {
        let matcher = try AASATestSupport.matcher(components: ##"[{"#": "\##(pattern)"}]"##)
        #expect(AASATestSupport.decide(matcher, url) == expected)
    }

    // Rule 9: caseSensitive false folds ASCII case, also for built-in classes and variables.
    @Test(arguments: [
        (#"{"/": "/Search"}"#, "/search", Decision.noMatch),
        (#"{"/": "/Search", "caseSensitive": false}"#, "/sEARCH", .match),
        (#"{"/": "/$(upper)"}"#, "/q", .noMatch),
        (#"{"/": "/$(upper)", "caseSensitive": false}"#, "/q", .match),
        (#"{"/": "/$(food)"}"#, "/PIZZA", .noMatch),
        (#"{"/": "/$(food)", "caseSensitive": false}"#, "/PIZZA", .match),
        (#"{"/": "/$(region)"}"#, "/gb", .noMatch),
        (#"{"/": "/$(region)", "caseSensitive": false}"#, "/gb", .match),
        (#"{"?": {"q": "Yes"}, "caseSensitive": false}"#, "/?q=yES", .match),
        (##"{"#": "Top", "caseSensitive": false}"##, "/#TOP", .match),
        (#"{"/": "/é", "caseSensitive": false, "percentEncoded": false}"#, "/é", .match),
    ])
    func caseSensitivity(component: String, url: String, expected: Decision) throws {
        let matcher = try AASATestSupport.matcher(
            components: "[\(component)]", variables: #"{"food": ["pizza"]}"#)
        #expect(AASATestSupport.decide(matcher, url) == expected)
    }

    // Rule 10: percentEncoded.
    @Test(arguments: [
        (#"{"/": "/a%20b"}"#, "/a%20b", Decision.match),
        (#"{"/": "/a b"}"#, "/a%20b", .noMatch),
        (#"{"/": "/a/b"}"#, "/a%2Fb", .noMatch),
        (#"{"/": "/a%2Fb"}"#, "/a%2Fb", .match),
        (#"{"/": "/caf%C3%A9"}"#, "/caf%c3%a9", .noMatch),
        (#"{"/": "/caf%C3%A9"}"#, "/café", .match),
        (#"{"/": "/a b", "percentEncoded": false}"#, "/a%20b", .match),
        (#"{"/": "/café", "percentEncoded": false}"#, "/caf%C3%A9", .match),
        (#"{"/": "/café", "percentEncoded": false}"#, "/caf%c3%a9", .match),
        (#"{"/": "/a/b", "percentEncoded": false}"#, "/a%2Fb", .match),
        (#"{"/": "/a%20b", "percentEncoded": false}"#, "/a%20b", .noMatch),
        (#"{"/": "/caf?", "percentEncoded": false}"#, "/caf%C3%A9", .match),
        (#"{"/": "/*", "percentEncoded": false}"#, "/bad%FF", .noMatch),
        (#"{"?": {"q": "a b"}, "percentEncoded": false}"#, "/?q=a%20b", .match),
        (#"{"?": {"a b": "1"}, "percentEncoded": false}"#, "/?a%20b=1", .match),
        (#"{"?": "q=a b", "percentEncoded": false}"#, "/?q=a%20b", .match),
        (##"{"#": "a b", "percentEncoded": false}"##, "/#a%20b", .match),
    ])
    func percentEncoding(component: String, url: String, expected: Decision) throws {
        let matcher = try AASATestSupport.matcher(components: "[\(component)]")
        #expect(AASATestSupport.decide(matcher, url) == expected)
    }

    // Rule 11: several app IDs share an entry's rules, each with its own answer.
    @Test func severalAppIDsShareRules() throws {
        let matcher = try AASATestSupport.matcher(
            file: """
                {"applinks": {"details": [
                  {"appID": "ABCDE12345.one", "appIDs": ["ABCDE12345.two"], "components": [{"/": "/shared"}]},
                  {"appIDs": ["ABCDE12345.two"], "components": [{"/": "/two"}]}]}}
                """)
        for id in ["ABCDE12345.one", "ABCDE12345.two"] {
            #expect(matcher.match("https://example.com/shared", domain: "example.com", appID: id).decision == .match)
        }
        #expect(
            matcher.match("https://example.com/two", domain: "example.com", appID: "ABCDE12345.one").decision
                == .noMatch)
        #expect(
            matcher.match("https://example.com/two", domain: "example.com", appID: "ABCDE12345.two").decision == .match)
    }

    // Section 1: defaults at two levels, with any component key.
    @Test(arguments: [
        ("/x/1", Decision.match),
        ("/X/1", .match),
        ("/y/1", .exclude),
        ("/z", .noMatch),
        ("/w?k=v", .match),
        ("/w", .noMatch),
    ])
    func defaultsApplyWithPrecedence(url: String, expected: Decision) throws {
        let matcher = try AASATestSupport.matcher(
            file: """
                {"applinks": {"defaults": {"caseSensitive": false, "exclude": true, "?": {"k": "v"}},
                  "details": [{"appIDs": ["ABCDE12345.com.example.app"],
                    "defaults": {"exclude": false, "?": "*"},
                    "components": [{"/": "/x/*"}, {"/": "/y/*", "exclude": true}, {"/": "/w", "?": {"k": "?*"}}]}]}}
                """)
        #expect(AASATestSupport.decide(matcher, url) == expected)
    }

    @Test func legacyDictionaryDetailsAreAccepted() throws {
        let matcher = try AASATestSupport.matcher(
            file: #"{"applinks": {"apps": [], "details": {"ABCDE12345.com.example.app": {"paths": ["/old/*"]}}}}"#)
        let result = matcher.match("https://example.com/old/1", domain: "example.com", appID: AASATestSupport.appID)
        #expect(result.decision == .match)
        #expect(result.rule == "/applinks/details/ABCDE12345.com.example.app/paths/0")
    }

    @Test func emptyComponentMatchesEverything() throws {
        let matcher = try AASATestSupport.matcher(components: "[{}]")
        #expect(AASATestSupport.decide(matcher, "/any/path?q=1#f") == .match)
    }

    @Test func explainListsEveryRuleTriedAndTheFailingPart() throws {
        let matcher = try AASATestSupport.matcher(components: AASAWorkedExampleTests.components)
        let result = matcher.explain(
            "https://example.com/help/123?articleNumber=481", domain: "example.com", appID: AASATestSupport.appID)
        #expect(result.decision == .noMatch)
        #expect(result.trials.map(\.rule) == (0..<4).map { "/applinks/details/0/components/\($0)" })
        #expect(result.trials.map(\.failedPart) == [.fragment, .path, .path, .query])
    }

    @Test func ruleWithUndefinedVariableNeverMatches() throws {
        let matcher = try AASATestSupport.matcher(components: #"[{"/": "/$(nope)"}, {"/": "*"}]"#)
        let result = matcher.explain("https://example.com/x", domain: "example.com", appID: AASATestSupport.appID)
        #expect(result.rule == "/applinks/details/0/components/1")
        #expect(result.trials.first?.failedPart == .path)
    }
}

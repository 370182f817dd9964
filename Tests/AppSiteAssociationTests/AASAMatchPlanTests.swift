import TestSupport
import Testing

@testable import AppSiteAssociation

/// The indexed hot path (``AASAMatcher/match(_:domain:appID:)``) decides exactly what trying
/// every rule in order (``AASAMatcher/explain(_:domain:appID:)``) decides.
@Suite struct AASAMatchPlanTests {
    static let components = [
        #"{"/": "/product/private/*", "exclude": true}"#,
        #"{"/": "/product/*", "?": {"ref": "?*"}}"#,
        #"{"/": "/$(market)/product/*"}"#,
        #"{"/": "/Help/????", "caseSensitive": false}"#,
        ##"{"/": "/blog/*/reviews", "#": "no_universal_links", "exclude": true}"##,
        #"{"/": "/blog/*/*/details"}"#,
        #"{"/": "/cart", "?": "src=push*"}"#,
        #"{"/": "/recipe/$(food)/*"}"#,
        #"{"/": "/ré/*", "percentEncoded": false}"#,
        #"{"/": "/*/x", "percentEncoded": false, "caseSensitive": false}"#,
        #"{"/": "/$(lang)_$(region)/*"}"#,
        #"{"/": "/broken/$(nope)"}"#,
        #"{"/": "*/only"}"#,
        #"{"?": {"id": "$(digit)*"}}"#,
        #"{"/": "/"}"#,
    ]

    @Test(arguments: [1, 2, 3] as [UInt64])
    func indexedMatchAgreesWithTryingEveryRule(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let chosen = Self.components.shuffled(using: &generator).prefix(Int.random(in: 3...15, using: &generator))
        let json = """
            {"applinks": {"substitutionVariables": {"food": ["taco", "pizza"], "market": ["en", "de"]},
              "details": [{"appIDs": ["\(AASATestSupport.appID)"], "components": [\(chosen.joined(separator: ","))]},
                          {"appIDs": ["\(AASATestSupport.appID)"], "paths": ["NOT /cart/*", "/cart/*", "*"]}]}}
            """
        let matcher = try AASATestSupport.matcher(file: json)
        let pieces = [
            "/", "/", "product", "private", "en", "de", "help", "HELP", "blog", "reviews", "details", "cart", "recipe",
            "taco", "x", "X", "ré", "r%C3%A9", "%72%C3%A9", "%2F", "only", "de_CH", "fr_FR", "broken", "1234", "?", "&",
            "ref=",
            "id=7", "src=push1", "#no_universal_links", "%", "é",
        ]
        var matched = 0
        for _ in 0..<1_500 {
            let path = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }
            let url = "https://example.com" + path.joined()
            let fast = matcher.match(url, domain: AASATestSupport.domain, appID: AASATestSupport.appID)
            let full = matcher.explain(url, domain: AASATestSupport.domain, appID: AASATestSupport.appID)
            #expect(fast.decision == full.decision, "\(url)")
            #expect(fast.rule == full.rule, "\(url)")
            #expect(fast.reason == full.reason, "\(url)")
            if fast.decision != .noMatch { matched += 1 }
        }
        #expect(matched > 100)
    }
}

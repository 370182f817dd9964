import Foundation
import LinkRouter
import Testing

/// Decisions and matches encode to the JSON the CLI prints, and decode back to equal values.
@Suite struct CodableOutputTests {
    static let urls = [
        "shop://promotion/7?ref=a&ref=b&x=1", "https://example.com/product/12", "https://example.com/help/a/b",
        "https://other.org/x", "http://example.com/promotion/1", "javascript:alert(1)", "https://example.com/a b",
        "shop://nothing", "mailto:a@example.com", "https://example.com:8443/promotion/1",
    ]

    private static func objects(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [NSDictionary]
    {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8))
        return try #require(value as? [NSDictionary], sourceLocation: sourceLocation)
    }

    private static func object(_ value: some Encodable, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> NSDictionary
    {
        let data = try JSONEncoder().encode(value)
        return try #require(
            try JSONSerialization.jsonObject(with: data) as? NSDictionary, sourceLocation: sourceLocation)
    }

    @Test func linkDecisionsEncodeAsTheRouteCommandPrintsThem() throws {
        let routes = CommandRunner.fixture("routes.json")
        let result = try CommandRunner.run(["route", "--routes", routes, "--format", "json"] + Self.urls)
        let printed = try Self.objects(result.stdout)
        let table = try RouteTable(json: Data(contentsOf: URL(fileURLWithPath: routes)))
        let decisions = Self.urls.map { table.decision(for: $0) }
        #expect(printed == (try decisions.map { try Self.object($0) }))
        let decoded = try JSONDecoder().decode([LinkDecision].self, from: Data(result.stdout.utf8))
        #expect(decoded == decisions)
    }

    @Test func aasaMatchesEncodeAsTheMatchCommandPrintsThem() throws {
        let file = CommandRunner.fixture("AASA/worked-example.json")
        let domain = "example.com"
        let appID = "ABCDE12345.com.example.app"
        let urls = [
            "https://example.com/buy/1", "https://example.com/help/website/1", "https://example.com/x",
            "https://other.org/buy/1", "http://example.com/buy/1", "https://example.com:8443/buy/1",
            "https://example.com/en_US/pizza/", "not a url",
        ]
        let matcher = try AASAMatcher(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        for explain in [false, true] {
            let result = try CommandRunner.run(
                ["aasa", "match", file, "--domain", domain, "--app-id", appID, "--format", "json"]
                    + (explain ? ["--explain"] : []) + urls)
            let printed = try Self.objects(result.stdout)
            let matches = urls.map {
                explain
                    ? matcher.explain($0, domain: domain, appID: appID)
                    : matcher.match($0, domain: domain, appID: appID)
            }
            for (index, match) in matches.enumerated() {
                let encoded = try #require(try Self.object(match).mutableCopy() as? NSMutableDictionary)
                encoded["url"] = urls[index]
                encoded["domain"] = domain
                encoded["appID"] = appID
                #expect(printed[index] == encoded, "\(urls[index])")
            }
            let decoded = try JSONDecoder().decode([AASAMatch].self, from: Data(result.stdout.utf8))
            #expect(decoded == matches)
        }
    }

    @Test func everyDecisionReasonReadsBackFromItsSentence() throws {
        let reasons: [DecisionReason] = [
            .tooLong, .missingScheme, .invalidCharacter(at: 3), .invalidEscape(at: 12), .noHandler, .noLink, .port,
        ]
        for reason in reasons {
            let decision = LinkDecision(kind: .reject, url: "x", reason: reason)
            let data = try JSONEncoder().encode(decision)
            #expect(try JSONDecoder().decode(LinkDecision.self, from: data) == decision)
        }
    }
}

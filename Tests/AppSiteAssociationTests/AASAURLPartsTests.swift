import RichMediaKitSupport
import Testing

@testable import AppSiteAssociation

/// The AASA matcher's URL splitter and the origin check built on it: scheme, host and port must be the serving
/// domain's (issue 11).
@Suite struct AASAURLPartsTests {
    /// The host and port the AASA matcher's split finds (`nil` port: no `:`).
    static func hostAndPort(_ url: String) -> (host: String, port: String?)? {
        var text = url
        return text.withUTF8 { bytes in
            guard let parts = URLParts(bytes, userinfo: .skip) else { return nil }
            func text(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            return (text(parts.host), parts.port.map(text))
        }
    }

    // Regression (issue 11): the comment said the port follows the last `:`, the code stopped at the first.
    @Test(
        arguments: [
            ("https://example.com/x", "example.com", nil),
            ("https://example.com:8443/x", "example.com", "8443"),
            ("https://example.com:/x", "example.com", ""),
            ("https://user:pass@example.com:443/x", "example.com", "443"),
            ("https://a:1:443/x", "a:1", "443"),
            ("https://[::1]/x", "[::1]", nil),
            ("https://[::1]:8443/x", "[::1]", "8443"),
            ("https://[2001:db8::1]:443?q", "[2001:db8::1]", "443"),
            ("https://[::ffff:192.0.2.1]#f", "[::ffff:192.0.2.1]", nil),
            ("https://user@[::1]:1", "[::1]", "1"),
        ] as [(String, String, String?)])
    func thePortFollowsTheLastColonOutsideBrackets(url: String, host: String, port: String?) throws {
        let found = try #require(Self.hostAndPort(url))
        #expect(found.host == host)
        #expect(found.port == port)
    }

    static let matcherJSON = #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [{}]}]}}"#

    // Regression (issue 11): with the domain `example.com:8443`, `https://example.com/x` (port 443) was a match.
    @Test(
        arguments: [
            ("example.com:8443", "https://example.com/x", AASAMatch.Decision.noMatch),
            ("example.com:8443", "https://example.com:/x", .noMatch),
            ("example.com:8443", "https://example.com:443/x", .noMatch),
            ("example.com:8443", "https://example.com:8443/x", .match),
            ("example.com:8443", "https://example.com:08443/x", .match),
            ("example.com:8443", "https://example.com:8443:8443/x", .noMatch),
            ("example.com:443", "https://example.com/x", .match),
            ("example.com", "https://example.com:443/x", .match),
            ("example.com", "https://example.com:0443/x", .match),
            ("example.com", "https://example.com:8443/x", .noMatch),
            ("example.com", "https://example.com:x/x", .noMatch),
            ("[::1]", "https://[::1]/x", .match),
            ("[::1]", "https://[::1]:443/x", .match),
            ("[::1]:8443", "https://[::1]/x", .noMatch),
            ("[::1]:8443", "https://[::1]:8443/x", .match),
            ("[::1]", "https://[::2]/x", .noMatch),
        ])
    func theURLMustBeOnTheServingDomainsOrigin(domain: String, url: String, expected: AASAMatch.Decision) throws {
        let matcher = try AASAMatcher(parsing: Array(Self.matcherJSON.utf8))
        #expect(matcher.match(url, domain: domain, appID: "A.b").decision == expected)
        #expect(matcher.explain(url, domain: domain, appID: "A.b").decision == expected)
    }

    @Test func anotherPortSaysWhichPortsDiffer() throws {
        let matcher = try AASAMatcher(parsing: Array(Self.matcherJSON.utf8))
        let result = matcher.match("https://example.com/x", domain: "example.com:8443", appID: "A.b")
        #expect(result.reason.description == "the port 443 (the default) is not the serving domain's port 8443")
    }
}

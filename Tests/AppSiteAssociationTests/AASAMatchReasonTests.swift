import AppSiteAssociation
import Foundation
import Testing

/// `AASAMatch.reason` is typed: kinds to compare, kebab-case identifiers, the sentences the CLI prints.
@Suite struct AASAMatchReasonTests {
    static let app = "ABCDE12345.com.example.app"
    static let matcher = try! AASAMatcher(
        parsing: Array(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/x/*", "exclude": true}, {"/": "/*"}]}]}}"#
                .utf8))

    @Test(arguments: [
        ("https://example.com/a", "example.com", "component-matches", "the first matching component opens the app"),
        ("https://example.com/x/1", "example.com", "component-excludes", "the first matching component excludes"),
        (
            "http://example.com/a", "example.com", "not-https",
            "only https URLs are universal links (the scheme is 'http')"
        ),
        (
            "https://other.org/a", "example.com", "other-host",
            "the host 'other.org' is not the serving domain 'example.com'"
        ),
        (
            "https://example.com:8443/a", "example.com", "other-port",
            "the port 8443 is not the serving domain's port 443"
        ),
        ("/a", "example.com", "not-absolute-url", "not an absolute URL with a host"),
    ])
    func reasonsHaveKindsIdentifiersAndSentences(url: String, domain: String, identifier: String, text: String) {
        let match = Self.matcher.match(url, domain: domain, appID: Self.app)
        #expect(match.reason.identifier == identifier)
        #expect(match.reason.kind.identifier == identifier)
        #expect(match.reason.description == text)
    }

    @Test func reasonsCompareByValueAndKinds() {
        let other = Self.matcher.match("https://example.com/a", domain: "example.com", appID: "ZZZZZ99999.x")
        #expect(other.reason == .appIDNotListed("ZZZZZ99999.x"))
        #expect(other.reason.kind == .appIDNotListed)
        #expect(other.reason != .appIDNotListed("ZZZZZ99999.y"))
        #expect(
            Self.matcher.match("https://example.com/a", domain: "example.com", appID: Self.app).reason
                == .componentMatches)
        #expect(AASAMatch.Reason.other("custom").description == "custom")
        #expect(AASAMatch.Reason.other("custom").identifier == "other")
    }
}

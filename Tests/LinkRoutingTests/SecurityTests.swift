import LinkRouting
import TestSupport
import Testing

/// Hostile and malformed input: nothing but the original http(s) URL is ever handed to the browser.
@Suite struct SecurityTests {
    let table = RouteFixtures.spec

    struct Vector: Sendable, CustomTestStringConvertible {
        let url: String
        let kind: LinkDecision.Kind
        let reason: DecisionReason?
        var testDescription: String { url }
        init(_ url: String, _ kind: LinkDecision.Kind, _ reason: DecisionReason? = nil) {
            self.url = url
            self.kind = kind
            self.reason = reason
        }
    }

    @Test(arguments: [
        Vector("javascript:alert(document.cookie)", .reject, .forbiddenScheme),
        Vector("JavaScript:alert(1)", .reject, .forbiddenScheme),
        Vector("data:text/html,<script>", .reject, .invalidCharacter(at: 15)),
        Vector("data:text/html,hi", .reject, .forbiddenScheme),
        Vector("file:///etc/passwd", .reject, .forbiddenScheme),
        Vector("vbscript:msgbox", .reject, .forbiddenScheme),
        Vector("itms-apps://x", .reject, .unknownScheme),
        Vector("shopx://promotion/1", .reject, .unknownScheme),
        Vector("shop", .reject, .missingScheme),
        Vector("", .reject, .missingScheme),
        Vector("//example.com/promotion/1", .reject, .missingScheme),
        Vector("1shop://promotion/1", .reject, .missingScheme),
        Vector("https:/example.com/promotion/1", .reject, .missingHost),
        Vector("https:example.com/promotion/1", .reject, .missingHost),
        Vector("https:///promotion/1", .reject, .missingHost),
        Vector("https://:443/promotion/1", .reject, .missingHost),
        Vector("https://user@/promotion/1", .reject, .missingHost),
        Vector("https://example.com:99999/promotion/1", .reject, .invalidPort),
        Vector("https://example.com:44x/promotion/1", .reject, .invalidPort),
        Vector("https://ex%61mple.com/promotion/1", .reject, .invalidHost),
        Vector("https://[::1/promotion/1", .reject, .invalidHost),
        Vector("https://[zz]/promotion/1", .reject, .invalidHost),
        Vector("https://exa[mple.com/promotion/1", .reject, .invalidHost),
        Vector("https://example.com/promotion/1 x", .reject, .invalidCharacter(at: 31)),
        Vector("https://example.com/promotion/\u{0}", .reject, .invalidCharacter(at: 30)),
        Vector("https://example.com/promotion/a\u{7F}", .reject, .invalidCharacter(at: 31)),
        Vector("https://example.com\\@evil.net/", .reject, .invalidCharacter(at: 19)),
        Vector("https://example.com/promotion/%zz", .reject, .invalidEscape(at: 30)),
        Vector("https://example.com/promotion/%4", .reject, .invalidEscape(at: 30)),
        Vector("shop://promotion/\n1", .reject, .invalidCharacter(at: 17)),
        // Host tricks: the host is what the parser says, compared exactly.
        Vector("https://example.com.evil.net/promotion/1", .browser, .notAssociated),
        Vector("https://evilexample.com/promotion/1", .browser, .notAssociated),
        Vector("https://example.com@evil.net/promotion/1", .browser, .notAssociated),
        Vector("https://example.com:443@evil.net/promotion/1", .browser, .notAssociated),
        Vector("https://evil.net@example.com/promotion/1", .browser, .userinfo),
        Vector("https://evil.net#@example.com/promotion/1", .browser, .notAssociated),
        Vector("https://evil.net?@example.com/promotion/1", .browser, .notAssociated),
        Vector("https://example.com./promotion/1", .browser, .notAssociated),
        Vector("https://.example.com/promotion/1", .browser, .notAssociated),
        Vector("https://[::1]/promotion/1", .browser, .notAssociated),
        Vector("https://example.com:8443/promotion/1", .browser, .port),
        Vector("http://example.com/promotion/1", .browser, .plainHTTP),
        Vector("HTTP://EXAMPLE.COM/promotion/1", .browser, .plainHTTP),
        // Dot segments, raw and encoded, and empty segments match no route.
        Vector("https://example.com/promotion/..", .browser, .unroutablePath),
        Vector("https://example.com/promotion/.", .browser, .unroutablePath),
        Vector("https://example.com/promotion/%2E%2E", .browser, .unroutablePath),
        Vector("https://example.com/promotion/.%2e", .browser, .unroutablePath),
        Vector("https://example.com/help/../promotion/1", .browser, .unroutablePath),
        Vector("https://example.com/help/a/%2e", .browser, .unroutablePath),
        Vector("shop://../promotion/1", .unhandled, .unroutablePath),
        Vector("shop://%2e%2e/promotion/1", .unhandled, .unroutablePath),
        Vector("shop://promotion//1", .unhandled, .unroutablePath),
        // Control characters and invalid UTF-8 in captured values: the route does not match.
        Vector("https://example.com/promotion/%00", .browser, .noRoute),
        Vector("https://example.com/promotion/a%0Ab", .browser, .noRoute),
        Vector("https://example.com/promotion/%7F", .browser, .noRoute),
        Vector("https://example.com/promotion/%C2%85", .browser, .noRoute),
        Vector("https://example.com/promotion/%FF", .browser, .noRoute),
        Vector("https://example.com/promotion/%C3", .browser, .noRoute),
        Vector("https://example.com/promotion/%C0%AF", .browser, .noRoute),
        Vector("https://example.com/promotion/%ED%A0%80", .browser, .noRoute),
        Vector("https://example.com/help/ok/%00", .browser, .noRoute),
        Vector("shop://promotion?id=%00", .unhandled, .noRoute),
        Vector("shop://promotion?id=%E2%82", .unhandled, .noRoute),
    ])
    func hostileURLs(_ vector: Vector) {
        let decision = table.decision(for: vector.url)
        #expect(decision.kind == vector.kind)
        #expect(decision.reason == vector.reason)
        #expect(decision.url == vector.url)
        #expect(decision.routed == nil)
        let outcome = table.outcome(for: vector.url)
        #expect(outcome.kind == vector.kind)
        #expect(outcome.reason == vector.reason)
        #expect(outcome.routeIndex == nil)
    }

    @Test func urlsOverFourKilobytesAreRejected() {
        let base = "https://example.com/help/"
        let fits = base + String(repeating: "a", count: 4096 - base.utf8.count)
        #expect(table.decision(for: fits).kind == .route)
        let tooLong = fits + "a"
        #expect(table.decision(for: tooLong).kind == .reject)
        #expect(table.decision(for: tooLong).reason == .tooLong)
        let manySegments = "shop://help" + String(repeating: "/a", count: 2042)
        #expect(table.decision(for: manySegments).routed?.parameters["**"]?.count == 2042 * 2 - 1)
    }

    @Test func multibyteCharactersAreAllowedAndDecoded() {
        #expect(table.decision(for: "shop://promotion/größe").routed?.parameters == ["id": "größe"])
        #expect(table.decision(for: "https://exämple.com/promotion/1").reason == .notAssociated)
    }

    @Test func controlCharactersInOtherQueryItemsAreDropped() throws {
        let routed = try #require(table.decision(for: "shop://promotion/1?a=%00&b=ok&%0A=x").routed)
        #expect(routed.query == ["b": ["ok"]])
    }

    @Test func browserFallbackOnlyEverOpensTheOriginalHTTPURL() throws {
        let urls = [
            "javascript:alert(1)", "data:,x", "file:///x", "shop://nowhere", "mailto:a@b.c",
            "https://evil.net/x", "http://example.com/x", "https://example.com/%2e%2e", "https://a@example.com/x",
        ]
        var opened: [String] = []
        var external: [String] = []
        let dispatcher = LinkDispatcher(
            table: table, openInBrowser: { opened.append($0) }, openExternally: { external.append($0) })
        for url in urls { dispatcher.open(url) }
        #expect(
            opened == [
                "https://evil.net/x", "http://example.com/x", "https://example.com/%2e%2e", "https://a@example.com/x",
            ])
        #expect(external == ["mailto:a@b.c"])
        for url in opened {
            #expect(url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://"))
        }
    }
}

import LinkRouting
import Testing

/// `LinkDecision.renderedText`: the text `link-router route` prints, offered by the library (issue 11).
@Suite struct LinkDecisionTextTests {
    @Test func decisionsAreAlignedWithParametersQueryAndReasons() {
        let table = RouteFixtures.spec
        let urls = [
            "shop://promotion/7", "https://example.com/help/a/b?z=2&a=1&a=0", "javascript:x", "mailto:a@b",
            "https://example.com/product/x",
        ]
        let text = LinkDecision.renderedText(urls.map(table.decision(for:)))
        #expect(
            text.split(separator: "\n") == [
                "route     promotion  shop://promotion/7                        id=7",
                "route     help       https://example.com/help/a/b?z=2&a=1&a=0  **=a/b query: a=1 a=0 z=2",
                "reject    -          javascript:x                              (the scheme is never opened)",
                "external  -          mailto:a@b                                (the scheme is listed in externalSchemes)",
                "browser   -          https://example.com/product/x             (no route matches)",
            ])
    }

    @Test func controlCharactersAreShownEscapedAndCountedInTheWidths() {
        let table = RouteFixtures.spec
        let decisions = ["shop://promotion/a%1Bb", "shop://x\u{1B}[2J", "shop://promotion/1"].map(table.decision(for:))
        #expect(
            LinkDecision.renderedText(decisions).split(separator: "\n") == [
                "unhandled  -          shop://promotion/a%1Bb  (no route matches)",
                "reject     -          shop://x\\u{1b}[2J       (invalid character at byte 8)",
                "route      promotion  shop://promotion/1      id=1",
            ])
    }

    @Test func oneDecisionIsOneLineAndNoDecisionsIsEmpty() {
        let decision = RouteFixtures.spec.decision(for: "https://evil.net@example.com/x")
        #expect(
            decision.renderedText()
                == "browser  -  https://evil.net@example.com/x  (the URL has userinfo (user@host) and is never routed)")
        #expect(LinkDecision.renderedText([]) == "")
    }
}

import LinkRouting
import Testing

/// Every example and rule of `link-routing.md`, on the contract's own routes file.
@Suite struct SpecContractTests {
    let table = RouteFixtures.spec

    @Test func customSchemeHostIsTheFirstPathSegment() throws {
        let decision = table.decision(for: "shop://promotion/7")
        #expect(decision.kind == .route)
        let routed = try #require(decision.routed)
        #expect(routed.route == "promotion")
        #expect(routed.parameters == ["id": "7"])
        #expect(decision.reason == nil)
    }

    @Test func slashRouteAppliesToEveryAssociatedDomain() {
        #expect(table.target("https://example.com/promotion/7") == "promotion")
        #expect(table.target("https://shop.example.com/promotion/7") == "promotion")
        #expect(table.target("https://a.b.example.com/promotion/7") == "promotion")
    }

    @Test func schemeBoundRouteWithQueryCapture() throws {
        let decision = table.decision(for: "shop://promotion?id=42")
        let routed = try #require(decision.routed)
        #expect(routed.route == "promo-legacy")
        #expect(routed.parameters == ["id": "42"])
        #expect(routed.query == ["id": ["42"]])
    }

    @Test func schemeBoundRouteDoesNotApplyToUniversalLinks() {
        #expect(table.target("https://example.com/promotion?id=42") == "[browser]")
    }

    @Test func hostBoundRouteOnlyMatchesItsHost() {
        #expect(table.target("https://example.com/product/12") == "product")
        #expect(table.target("https://shop.example.com/product/12") == "[browser]")
        #expect(table.target("shop://product/12") == "[unhandled]")
    }

    @Test func intParameterTakesOnlyDigits() {
        #expect(table.target("https://example.com/product/abc") == "[browser]")
        #expect(table.target("https://example.com/product/-1") == "[browser]")
        #expect(table.target("https://example.com/product/0012") == "product")
    }

    @Test func catchAllTakesZeroOrMoreSegmentsJoinedWithSlash() {
        #expect(table.decision(for: "https://example.com/help").routed?.parameters == ["**": ""])
        #expect(table.decision(for: "shop://help/a").routed?.parameters == ["**": "a"])
        #expect(table.decision(for: "shop://help/a/b/c").routed?.parameters == ["**": "a/b/c"])
    }

    @Test func wildcardDomainDoesNotCoverTheApex() throws {
        let table = try RouteFixtures.table([("p", "/p")], domains: ["applinks:*.example.com"])
        #expect(table.target("https://example.com/p") == "[browser]")
        #expect(table.target("https://www.example.com/p") == "p")
    }

    @Test func bareHostIsAcceptedAsAssociatedDomain() throws {
        let table = try RouteFixtures.table([("p", "/p")], domains: ["example.org"])
        #expect(table.target("https://example.org/p") == "p")
    }

    @Test func unnamedQueryItemsArePassedAsTheQuery() throws {
        let routed = try #require(table.decision(for: "shop://promotion/7?utm=push&x=1").routed)
        #expect(routed.query == ["utm": ["push"], "x": ["1"]])
        #expect(routed.queryValue("utm") == "push")
    }

    @Test func firstOccurrenceCountsForAConstraintAndAllAreKept() throws {
        let routed = try #require(table.decision(for: "shop://promotion?id=1&id=2").routed)
        #expect(routed.parameters == ["id": "1"])
        #expect(routed.query == ["id": ["1", "2"]])
    }

    @Test func plusIsKeptAsPlus() {
        #expect(table.decision(for: "shop://promotion/a+b").routed?.parameters == ["id": "a+b"])
        #expect(table.decision(for: "shop://promotion?id=a+b").routed?.parameters == ["id": "a+b"])
    }

    @Test func encodedSlashNeverSplitsASegment() {
        #expect(table.decision(for: "shop://promotion/a%2Fb").routed?.parameters == ["id": "a/b"])
    }

    @Test func capturedValuesArePercentDecodedAsUTF8() {
        #expect(table.decision(for: "shop://promotion/caf%C3%A9").routed?.parameters == ["id": "café"])
        #expect(
            table.decision(for: "shop://promotion/caf%c3%a9%20au%20lait").routed?.parameters == ["id": "café au lait"])
    }

    @Test func fragmentIsIgnored() {
        #expect(table.decision(for: "shop://promotion/7#top").routed?.parameters == ["id": "7"])
    }

    @Test(arguments: [
        ("https://example.com/promotion/7", LinkDecision.Kind.route),
        ("https://elsewhere.org/promotion/7", .browser),
        ("https://example.com/nothing-here", .browser),
        ("http://example.com/promotion/7", .browser),
        ("shop://nothing-here", .unhandled),
        ("mailto:team@example.com", .external),
        ("tel:+491234567", .external),
        ("javascript:alert(1)", .reject),
        ("data:text/html;base64,PHNjcmlwdD4=", .reject),
        ("file:///etc/passwd", .reject),
        ("ftp://example.com/x", .reject),
        ("not a url", .reject),
    ])
    func decisionsTable(url: String, kind: LinkDecision.Kind) {
        let decision = table.decision(for: url)
        #expect(decision.kind == kind)
        #expect(decision.url == url)
        #expect((decision.reason == nil) == (kind == .route))
    }

    @Test func browserFallbackCarriesTheOriginalURL() {
        let url = "HTTPS://Example.COM/Nothing/%7Ehere?x=%41#frag"
        let decision = table.decision(for: url)
        #expect(decision.kind == .browser)
        #expect(decision.url == url)
    }

    @Test func pushLinkIsReadFromLElseURL() {
        #expect(table.decision(for: PushPayload(userInfo: ["l": "shop://promotion/1"])).routed?.route == "promotion")
        #expect(
            table.decision(for: PushPayload(userInfo: ["url": "shop://promotion/2"])).routed?.parameters == ["id": "2"])
        let both = PushPayload(userInfo: ["l": "shop://promotion/1", "url": "shop://promotion/2"])
        #expect(table.decision(for: both).routed?.parameters == ["id": "1"])
        let none = table.decision(for: PushPayload(userInfo: ["aps": ["alert": "hi"]]))
        #expect(none.kind == .reject)
        #expect(none.reason == .noLink)
    }

    @Test func reverseRoutingOfASlashRouteGivesSchemesThenNonWildcardDomains() throws {
        let urls = try table.urls(for: "promotion", parameters: ["id": "7"])
        #expect(urls == ["shop://promotion/7", "https://example.com/promotion/7"])
    }
}

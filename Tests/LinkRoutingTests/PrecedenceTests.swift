import LinkRouting
import Testing

/// Precedence, backtracking, typed parameters, `**`, bindings, query constraints, trailing slash and case.
@Suite struct PrecedenceTests {
    /// A URL and the route (or `[kind]`) it must reach.
    struct Vector: Sendable, CustomTestStringConvertible {
        let url: String
        let expected: String
        var testDescription: String { "\(url) → \(expected)" }
        init(_ url: String, _ expected: String) {
            self.url = url
            self.expected = expected
        }
    }

    /// Registered in an order that puts less specific routes first, so precedence (not order) decides.
    static let table = try! RouteFixtures.table([
        ("catch-all", "/**"),
        ("a-star-x", "/a/*/x"),
        ("a-param-x", "/a/:p/x"),
        ("a-int-x", "/a/:n<int>/x"),
        ("a-uuid", "/a/:u<uuid>"),
        ("a-lit-y", "/a/lit/y"),
        ("a-lit-star", "/a/lit/*"),
        ("a-star-deep", "/a/*/deep/end"),
        ("a-param", "/a/:p"),
        ("a-rest", "/a/**"),
        ("b-param-rest", "/b/:p/**"),
        ("b-lit", "/b/lit"),
        ("root", "/"),
        ("host-a-param", "https://example.com/a/:p"),
        ("scheme-a-lit", "shop://a/lit"),
        ("c", "/c"),
        ("c-ref", "/c?ref=push"),
        ("c-ref-id", "/c?ref=push&id=:id"),
        ("c-typed", "/c?n=:n<int>"),
    ])

    @Test(arguments: [
        // Literal > typed > parameter > * > **, compared from the left.
        Vector("shop://a/lit/y", "a-lit-y"),
        Vector("shop://a/lit/z", "a-lit-star"),
        Vector("shop://a/42/x", "a-int-x"),
        Vector("shop://a/word/x", "a-param-x"),
        Vector("shop://a/123e4567-e89b-12d3-a456-426614174000", "a-uuid"),
        Vector("shop://a/123E4567-E89B-12D3-A456-426614174000", "a-uuid"),
        Vector("shop://a/word", "a-param"),
        Vector("shop://a/w/v/u", "a-rest"),
        // Backtracking: the literal branch fails further on, a less specific one is tried.
        Vector("shop://a/lit/x", "a-lit-star"),
        Vector("shop://a/lit/x/more", "a-rest"),
        Vector("shop://a/lit/deep/end", "a-star-deep"),
        Vector("shop://a/7/deep/end", "a-star-deep"),
        Vector("shop://a/lit/y/more", "a-rest"),
        Vector("shop://b/lit", "b-lit"),
        Vector("shop://b/lit/more", "b-param-rest"),
        Vector("shop://b/x", "b-param-rest"),
        Vector("shop://z/y", "catch-all"),
        // `**` with zero segments, and a route ending at a node beats `**` there.
        Vector("shop://a", "a-rest"),
        Vector("shop://", "root"),
        Vector("https://example.com/", "root"),
        Vector("https://example.com", "root"),
        // Bound routes beat `/` routes at equal specificity, only on their own scheme or host.
        Vector("https://example.com/a/word", "host-a-param"),
        Vector("https://www.example.com/a/word", "a-param"),
        Vector("shop://a/word", "a-param"),
        Vector("shop://a/lit", "scheme-a-lit"),
        Vector("https://example.com/a/lit", "host-a-param"),
        // More query constraints beat fewer; unmet constraints fall back.
        Vector("shop://c", "c"),
        Vector("shop://c?ref=push", "c-ref"),
        Vector("shop://c?ref=push&id=9", "c-ref-id"),
        Vector("shop://c?id=9&ref=push", "c-ref-id"),
        Vector("shop://c?ref=mail&id=9", "c"),
        Vector("shop://c?ref=push&id=", "c-ref"),
        Vector("shop://c?ref=push&id", "c-ref"),
        Vector("shop://c?n=12", "c-typed"),
        Vector("shop://c?n=twelve", "c"),
        Vector("shop://c?r%65f=pu%73h", "c-ref"),
    ])
    func precedenceAndBacktracking(_ vector: Vector) {
        #expect(Self.table.target(vector.url) == vector.expected)
    }

    @Test func registrationOrderBreaksRemainingTies() throws {
        let table = try RouteFixtures.table([("first", "/t?a=:a"), ("second", "/t?b=:b")])
        #expect(table.target("shop://t?a=1&b=2") == "first")
        #expect(table.target("shop://t?b=2") == "second")
    }

    @Test(arguments: [
        Vector("shop://n/0", "int"),
        Vector("shop://n/1234567890123456789012345", "int"),
        Vector("shop://n/%31", "string"),
        Vector("shop://n/1.5", "string"),
        Vector("shop://n/+1", "string"),
        Vector("shop://n/00000000-0000-0000-0000-000000000000", "uuid"),
        Vector("shop://n/0000000-00000-0000-0000-000000000000", "string"),
        Vector("shop://n/g0000000-0000-0000-0000-000000000000", "string"),
        Vector("shop://n/00000000-0000-0000-0000-0000000000000", "string"),
    ])
    func typedParameters(_ vector: Vector) throws {
        let table = try RouteFixtures.table([("string", "/n/:s"), ("int", "/n/:i<int>"), ("uuid", "/n/:u<uuid>")])
        #expect(table.target(vector.url) == vector.expected)
    }

    @Test(arguments: [
        Vector("shop://help/", "help"),
        Vector("shop://help", "help"),
        Vector("https://example.com/help/", "help"),
        Vector("https://example.com/help//", "[browser]"),
        Vector("https://example.com//help", "[browser]"),
        Vector("https://example.com/help/x/", "help-x"),
        Vector("shop://help//x", "[unhandled]"),
        Vector("shop:///help", "[unhandled]"),
        Vector("shop:help", "help"),
        Vector("shop:/help", "help"),
    ])
    func trailingSlashAndEmptySegments(_ vector: Vector) throws {
        let table = try RouteFixtures.table([("help", "/help"), ("help-x", "/help/x")])
        #expect(table.target(vector.url) == vector.expected)
    }

    @Test(arguments: [
        (true, "shop://Promo/x", "[unhandled]"),
        (false, "shop://Promo/x", "promo"),
        (false, "shop://PROMO/x", "promo"),
        (true, "SHOP://promo/x", "promo"),
        (true, "HTTPS://EXAMPLE.COM/promo/x", "promo"),
        (true, "https://Shop.Example.Com/promo/x", "promo"),
        (false, "shop://%50romo/x", "promo"),
        (true, "shop://caf%C3%A9", "cafe"),
        (false, "shop://CAF%C3%A9", "cafe"),
        (false, "shop://caf%C3%89", "[unhandled]"),
    ])
    func caseRules(caseSensitive: Bool, url: String, expected: String) throws {
        let table = try RouteFixtures.table([("promo", "/promo/:id"), ("cafe", "/café")], caseSensitive: caseSensitive)
        #expect(table.target(url) == expected)
    }

    @Test func capturedValuesKeepTheirCase() throws {
        let table = try RouteFixtures.table([("promo", "/promo/:id")], caseSensitive: false)
        #expect(table.decision(for: "shop://PROMO/SummerSale").routed?.parameters == ["id": "SummerSale"])
    }

    @Test func deepBacktrackingStaysLinear() throws {
        // Many alternatives at every level; every branch fails at the very end.
        var routes: [(String, String)] = []
        for depth in 1...12 {
            let prefix = Array(repeating: ":p", count: depth - 1).enumerated().map { ":p\($0.offset)" }
            routes.append(("lit\(depth)", "/" + (prefix + ["x"]).joined(separator: "/") + "/end"))
            routes.append(("star\(depth)", "/" + (prefix + ["*"]).joined(separator: "/") + "/stop"))
        }
        let table = try RouteFixtures.table(routes)
        let url = "shop://" + Array(repeating: "x", count: 40).joined(separator: "/")
        #expect(table.target(url) == "[unhandled]")
    }
}

import Testing

@testable import AppSiteAssociation
@testable import LinkCoverage
@testable import LinkRouting

@Suite struct AASAGeneratorTests {
    static let appID = "ABCDE12345.com.example.app"

    static func table(_ patterns: [String], caseSensitive: Bool = true) throws -> RouteTable {
        try RouteTable(
            schemes: ["shop"], associatedDomains: ["applinks:example.com", "applinks:*.example.com"],
            caseSensitive: caseSensitive,
            routes: patterns.enumerated().map { Route(name: "r\($0.offset)", pattern: $0.element) })
    }

    static func generateAndCheck(_ routes: RouteTable, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        text: String, report: CoverageReport
    ) {
        let text = AASAGenerator.generate(routes: routes, appID: Self.appID, domain: "example.com")
        let lint = AASALinter.lint(Array(text.utf8), passes: [.unreachableRules])
        #expect(lint.errorCount == 0, "\(lint.diagnostics)\n\(text)", sourceLocation: sourceLocation)
        let matcher = try AASAMatcher(parsing: Array(text.utf8))
        let report = try CoverageChecker.check(aasa: matcher, routes: routes, domain: "example.com", appID: Self.appID)
        return (text, report)
    }

    /// Route tables whose URL sets AASA patterns can express exactly.
    static let expressible: [[String]] = [
        ["/"],
        ["/promotion/:id"],
        ["/promotion/:id", "/promotion/summer", "/promotion"],
        ["/product/:sku<int>", "/product/:slug"],
        ["/orders/:order<uuid>"],
        ["/help/**"],
        ["/**"],
        ["/a/:x/b/:y", "/a/:x"],
        ["/a/*/b", "/a/:x/c/:y<uuid>"],
        ["https://example.com/only/here/:id", "/everywhere/:id", "https://other.example.com/not/here"],
        ["/caf%C3%A9/a+b/:id", "/x:y@z/!$&'()+,;="],
        ["/docs/:page", "/docs/:page/edit", "/docs/**"],
        ["/orders/:order<uuid>/items/:item", "/orders/:order<uuid>"],
    ]

    @Test(arguments: expressible)
    func generatedFileChecksCleanForExpressibleRoutes(patterns: [String]) throws {
        let (text, report) = try Self.generateAndCheck(try Self.table(patterns))
        #expect(report.isClean, "\(report)\n\(text)")
        let lint = AASALinter.lint(Array(text.utf8), passes: [.unreachableRules])
        #expect(lint.warningCount == 0, "\(lint.diagnostics)\n\(text)")
    }

    @Test func caseInsensitiveTablesGenerateCaseInsensitiveRules() throws {
        let (text, report) = try Self.generateAndCheck(
            try Self.table(["/Promo/:id", "/help/**"], caseSensitive: false))
        #expect(text.contains(#""caseSensitive": false"#))
        #expect(report.isClean, "\(report)\n\(text)")
    }

    /// `<int>` cannot exclude a raw `*` (AASA's wildcard has no escape); query constraints look at the first
    /// occurrence of an item, AASA at every occurrence. Everything else is still exact.
    @Test(arguments: [
        ["/product/:sku<int>"],
        ["/category/*/:page<int>"],
        ["/campaign?ref=push"],
        ["/campaign?ref=push&id=:id"],
        ["/search?page=:page<int>"],
    ])
    func inexpressibleRoutesLeaveOnlyTheDocumentedGaps(patterns: [String]) throws {
        let (text, report) = try Self.generateAndCheck(try Self.table(patterns))
        for gap in report.unrouted {
            #expect(gap.example.contains("*"), "\(gap)\n\(text)")
        }
        for gap in report.unclaimed {
            // A repeated query item: the first occurrence satisfies the route, a later one fails AASA.
            let query = gap.example.split(separator: "?").last.map(String.init) ?? ""
            let names = query.split(separator: "&").map { $0.split(separator: "=").first.map(String.init) ?? "" }
            #expect(Set(names).count < names.count, "\(gap)\n\(text)")
        }
    }

    /// Regression (found by the random round trip): `/?*` also matches the root, because a pattern's leading slash
    /// is optional and its `?` may match the path's own `/`; the file claimed `https://example.com/` for `/:p`.
    @Test(arguments: [["/:p"], ["/*?x=:v"], ["/:n<int>"], ["/", "/:p"]])
    func aOneSegmentRouteDoesNotClaimTheRoot(patterns: [String]) throws {
        let (text, report) = try Self.generateAndCheck(try Self.table(patterns))
        #expect(
            !report.unrouted.contains {
                $0.example.hasPrefix("https://example.com/?") || $0.example.hasSuffix(".com/")
            }, "\(report)\n\(text)")
        if patterns == ["/:p"] { #expect(report.isClean, "\(report)\n\(text)") }
    }

    /// Regression (found by the random round trip): a case-insensitive table folds literal path segments only, but
    /// the file's `"caseSensitive": false` folded the query too, so `/p?x=a` claimed `?x=A` and `?X=a`.
    @Test func aCaseInsensitiveTableKeepsTheQueryCaseSensitive() throws {
        let routes = try Self.table(["/Promo/:n<int>?x=a", "/deal?code=:code<int>", "/help/**"], caseSensitive: false)
        let (text, report) = try Self.generateAndCheck(routes)
        #expect(
            text.contains(#"{"/": "/$(case-p)$(case-r)$(case-o)$(case-m)$(case-o)/?*", "?": {"x": "a"}"#), "\(text)")
        #expect(text.contains(#"{"/": "/help/*", "caseSensitive": false"#), "\(text)")
        // Only the documented gaps: a raw `*` for `<int>`, repeated query items.
        for gap in report.unrouted { #expect(gap.example.contains("*"), "\(gap)\n\(text)") }
        for gap in report.unclaimed {
            #expect(gap.corners.contains { $0.code == "repeated-query-item" }, "\(gap)\n\(text)")
        }
        let matcher = try AASAMatcher(parsing: Array(text.utf8))
        for url in [
            "https://example.com/PROMO/1?x=a", "https://example.com/promo/1?x=a", "https://example.com/DEAL?code=7",
        ] {
            #expect(matcher.match(url, domain: "example.com", appID: Self.appID).decision == .match, "\(url)")
        }
        for url in [
            "https://example.com/promo/1?x=A", "https://example.com/promo/1?X=a", "https://example.com/deal?CODE=7",
        ] {
            #expect(matcher.match(url, domain: "example.com", appID: Self.appID).decision != .match, "\(url)")
        }
    }

    @Test func withoutADomainOnlyRoutesForEveryDomainAreUsed() throws {
        let routes = try Self.table(["/a/:x", "https://example.com/b/:y", "shop://c"])
        let text = AASAGenerator.generate(routes: routes, appID: Self.appID)
        #expect(text.contains(#""/": "/a/?*""#))
        #expect(!text.contains("/b/"))
        #expect(!text.contains("/c"))
    }

    @Test func excludesMultipleSegmentsBeforeClaimingAParameter() throws {
        let text = AASAGenerator.generate(routes: try Self.table(["/promotion/:id"]), appID: Self.appID)
        let exclusion = try #require(text.range(of: #"{"/": "/promotion/?*/?*", "exclude": true"#))
        let claim = try #require(text.range(of: #"{"/": "/promotion/?*", "comment""#))
        #expect(exclusion.lowerBound < claim.lowerBound)
    }
}

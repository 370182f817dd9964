import LinkRouting
import Testing

/// One case-folding rule for hosts and schemes, as documented ("Hosts compare as ASCII-lowercased bytes"):
/// entitlement entries, route patterns and URLs fold ASCII letters only (issue 11: entitlement and pattern hosts
/// were lowercased with Unicode rules, URL hosts with ASCII rules).
@Suite struct HostCaseFoldingTests {
    @Test(
        arguments: [
            ("applinks:EXAMPLE.com", "example.com"),
            ("applinks:*.Example.COM", "example.com"),
            ("applinks:BÜCHER.de", "bÜcher.de"),
            ("applinks:\u{212A}ey.example", "\u{212A}ey.example"),
        ])
    func entitlementHostsFoldASCIILettersOnly(entry: String, host: String) throws {
        #expect(try AssociatedDomain(entry: entry).host == host)
    }

    /// A non-ASCII host routes when the URL spells it with the same non-ASCII bytes, whatever the ASCII case, in
    /// the entitlement, in a pattern bound to the host, and in the URL.
    @Test(
        arguments: [
            ("https://BÜCHER.de/book/1", LinkDecision.Kind.route, "bound"),
            ("https://bÜcher.DE/book/1", .route, "bound"),
            ("https://bücher.de/book/1", .browser, nil),
            ("https://BÜCHER.de/other", .route, "any"),
        ] as [(String, LinkDecision.Kind, String?)])
    func aUnicodeHostMatchesItsOwnBytesOnly(url: String, kind: LinkDecision.Kind, route: String?) throws {
        let table = try RouteTable(
            schemes: [], associatedDomains: ["applinks:BÜCHER.de"],
            routes: [
                Route(name: "bound", pattern: "https://BÜCHER.DE/book/:id"),
                Route(name: "any", pattern: "/other"),
            ])
        let decision = table.decision(for: url)
        #expect(decision.kind == kind)
        #expect(decision.routed?.route == route)
    }

    /// Regression: Unicode lowercasing turned the Kelvin sign (U+212A) into an ASCII `k`, so the entitlement
    /// `applinks:\u{212A}ey.example` covered `https://key.example`.
    @Test func aLookalikeEntitlementDoesNotCoverTheASCIIHost() throws {
        let table = try RouteTable(
            schemes: [], associatedDomains: ["applinks:\u{212A}ey.example"],
            routes: [Route(name: "any", pattern: "/x")])
        #expect(table.decision(for: "https://key.example/x").kind == .browser)
        #expect(table.decision(for: "https://\u{212A}ey.example/x").kind == .route)
    }

    @Test func aLookalikeSchemeInAPatternIsNotAScheme() {
        #expect(throws: RouteConfigurationError.self) {
            try RouteTable(
                schemes: ["skop"], associatedDomains: [], routes: [Route(name: "r", pattern: "s\u{212A}op://x")])
        }
    }
}

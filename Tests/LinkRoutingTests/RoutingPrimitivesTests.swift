import LinkRouting
import RichMediaKitSupport
import Testing

/// The support module's primitives as routing applies them: the one list of forbidden and reserved schemes (dispatch
/// and table building), the URL splitter's host and port rules, the JSON pointers of routes-file errors.
@Suite struct RoutingPrimitivesTests {
    @Test(arguments: URLSchemes.forbidden)
    func dispatchRejectsEveryForbiddenSchemeInAnyCase(scheme: String) {
        let table = RouteFixtures.spec
        for spelling in [scheme, scheme.uppercased()] {
            let decision = table.decision(for: spelling + ":x")
            #expect(decision.kind == .reject)
            #expect(decision.reason == .forbiddenScheme)
        }
    }

    @Test(arguments: URLSchemes.reserved)
    func aRoutesFileCanNeitherOwnNorHandOnAReservedScheme(scheme: String) {
        #expect(throws: RouteConfigurationError.self) {
            try RouteTable(schemes: [scheme.uppercased()], associatedDomains: [], routes: [])
        }
        #expect(throws: RouteConfigurationError.self) {
            try RouteTable(schemes: [], associatedDomains: [], externalSchemes: [scheme], routes: [])
        }
    }

    // The router reads the port from the first `:` and accepts only names and IPv6 literals; the shared split puts
    // the port after the last `:`. These outcomes were the router's before the splitters were merged.
    @Test(
        arguments: [
            ("https://a:1:443/x", DecisionReason.invalidPort),
            ("https://example.com:1:443/x", .invalidPort),
            ("https://:1:443/x", .missingHost),
            ("https://[::1]:1:2/x", .invalidPort),
            ("https://[::1]x/x", .invalidHost),
            ("https://[::1]x:80/x", .invalidHost),
            ("https://[::1]]:80/x", .invalidHost),
            ("https://a]:80/x", .invalidHost),
            ("https://a:80]/x", .invalidPort),
            ("https://a[:1]:2/x", .invalidHost),
            ("https://a%41:1:2/x", .invalidHost),
            ("https://[]/x", .invalidHost),
            ("https://:80/x", .missingHost),
            ("https://example.com:65536/x", .invalidPort),
            ("https://example.com:99999999999999999999/x", .invalidPort),
            ("https://example.com:/promotion/1", nil),
            ("https://example.com:0443/promotion/1", nil),
            ("https://u%40@example.com/promotion/1", .userinfo),
            ("https://[x@example.com/promotion/1", .userinfo),
            ("https://@example.com/promotion/1", .userinfo),
        ] as [(String, DecisionReason?)])
    func theRouterKeepsItsHostAndPortRules(url: String, reason: DecisionReason?) {
        #expect(RouteFixtures.spec.decision(for: url).reason == reason)
    }

    @Test func routesFileErrorsEscapeTheKeyTheyName() {
        #expect {
            try RouteTable(json: #"{"routes": [{"name": "a", "pattern": "/a", "a/b~": 1}]}"#)
        } throws: { error in
            (error as? RouteConfigurationError)?.description.contains("/routes/0/a~1b~0") == true
        }
    }
}

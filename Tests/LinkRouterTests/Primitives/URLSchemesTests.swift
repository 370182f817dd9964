import LinkRouter
import RichMediaKitSupport
import Testing

/// The one list of forbidden and reserved schemes, as dispatch and table building apply it.
@Suite struct URLSchemesTests {
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
}

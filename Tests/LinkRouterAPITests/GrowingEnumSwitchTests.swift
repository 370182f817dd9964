import Foundation
import LinkRouter
import Testing

/// The documented way to switch over a growing enum compiles against `import LinkRouter` alone (Docs/Versioning.md):
/// every case the code cares about, then `@unknown default` for the cases a later version may add.
///
/// This target is in the package, where the compiler still treats the enums as exhaustive; `ClientSwitchTests` in
/// DocsTests type-checks the same pattern from outside the package, where `@unknown default` is required.
@Suite struct GrowingEnumSwitchTests {
    /// A server's answer for a link, as a user's code would write it.
    static func status(for kind: LinkDecision.Kind) -> Int {
        switch kind {
        case .route: 302
        case .browser: 302
        case .unhandled, .external, .reject: 400
        @unknown default: 400
        }
    }

    /// A gap's kind in a user's CI tool: the ones it treats specially, then everything else.
    static func isAboutTheEntitlements(_ kind: AppCoverageReport.Gap.Kind) -> Bool {
        switch kind {
        case .associatedDomainNotEntitled, .routeDomainNotClaimed: true
        default: false
        }
    }

    @Test func aSwitchWithUnknownDefaultAnswersForEveryKnownCase() throws {
        let table = try RouteTable(
            json: Data(
                #"{"associatedDomains": ["applinks:example.com"], "routes": [{"name": "p", "pattern": "/p/:id"}]}"#.utf8
            ))
        #expect(Self.status(for: table.decision(for: "https://example.com/p/7").kind) == 302)
        #expect(Self.status(for: table.decision(for: "javascript:alert(1)").kind) == 400)
        #expect(Self.isAboutTheEntitlements(.routeDomainNotClaimed))
    }
}

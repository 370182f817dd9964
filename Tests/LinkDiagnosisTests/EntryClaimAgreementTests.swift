import AppCoverage
import AppLinkConfiguration
import LinkDiagnosis
import LinkRouting
import TestSupport
import Testing

/// One rule decides whether an entitlement entry claims a host (`AssociatedDomain.claims(_:for:)`): `app lint`,
/// the whole-app check and `doctor` agree on every entry of the table (issue 28).
@Suite struct EntryClaimAgreementTests {
    /// An entry, the host and service it is about, and whether iOS uses it for them.
    static let table: [(entry: String, host: String, service: AssociatedDomain.Service, claims: Bool)] = [
        ("applinks:shop.acme-store.com", "shop.acme-store.com", .applinks, true),
        ("applinks:*.acme-store.com", "eu.acme-store.com", .applinks, true),
        ("applinks:acme-store.com?mode=developer", "acme-store.com", .applinks, true),
        ("applinks:acme-store.com?mode=managed", "acme-store.com", .applinks, true),
        ("applinks:example.com", "example.com", .applinks, true),
        ("applinks:myapp.page.link", "myapp.page.link", .applinks, true),
        ("applinks:abcd.ngrok-free.app", "abcd.ngrok-free.app", .applinks, true),
        ("applinks:acme-store.com:443", "acme-store.com", .applinks, false),
        ("applinks:https://acme-store.com", "acme-store.com", .applinks, false),
        ("applinks:acme-store.com/app", "acme-store.com", .applinks, false),
        ("applink:acme-store.com", "acme-store.com", .applinks, false),
        ("acme-store.com", "acme-store.com", .applinks, false),
        ("applinks:localhost", "localhost", .applinks, false),
        ("applinks:10.0.0.1", "10.0.0.1", .applinks, false),
        ("applinks:api.test", "api.test", .applinks, false),
        ("applinks:shop.invalid", "shop.invalid", .applinks, false),
        ("applinks:dev.localhost", "dev.localhost", .applinks, false),
        ("applinks:links.example", "links.example", .applinks, false),
        ("applinks:bücher.de", "bücher.de", .applinks, false),
        ("applinks:acme-store.com?mode=production", "acme-store.com", .applinks, false),
        ("webcredentials:acme-store.com", "acme-store.com", .webcredentials, true),
        ("webcredentials:acme-store.com:8443", "acme-store.com", .webcredentials, false),
        ("webcredential:acme-store.com", "acme-store.com", .webcredentials, false),
        ("webcredentials:localhost", "localhost", .webcredentials, false),
        ("appclips:acme-store.com", "acme-store.com", .appclips, true),
        ("activitycontinuation:acme-store.com", "acme-store.com", .activitycontinuation, true),
        ("activitycontinuation:192.168.1.20", "192.168.1.20", .activitycontinuation, false),
    ]

    /// The lint codes that say iOS ignores the entry.
    static let ignoredCodes: Set<String> = [
        "unknown-service", "scheme-in-entry", "path-in-entry", "port-in-entry", "empty-host", "invalid-host",
        "non-ascii-host", "ip-address-host", "single-label-host", "special-use-host", "unknown-mode",
    ]

    @Test(arguments: table)
    func lintCheckAndDoctorAgreeOnTheEntry(
        entry: String, host: String, service: AssociatedDomain.Service, claims: Bool
    ) throws {
        let app = try AppFixtures.app([entry])
        // app lint: an error with a code saying the entry is ignored.
        let lint = AppLinkLinter.lint(app)
        let lintIgnores = lint.diagnostics.contains {
            $0.severity == .error && Self.ignoredCodes.contains($0.code.rawValue)
        }
        // check: the host, given a file, is listed as claimed for the service (else as not claimed).
        let routes = try AppFixtures.routes(#"{"routes": []}"#)
        let site = try AppFixtures.site(
            AppFixtures.aasa(appLinksIDs: [AppFixtures.appID], services: [(service.rawValue, [AppFixtures.appID])]))
        let report = try AppCoverageChecker.check(
            app: app, hasInfoPlist: false, routes: routes, files: [host: site])
        let checkClaims = report.domains.contains { $0.domain == host && $0.service == service && $0.entry != nil }
        // doctor: the entitlement step holds.
        let doctor =
            service == .applinks
            ? LinkDoctor.diagnose("https://\(host)/x", app: app, hasInfoPlist: false, routes: routes, file: nil)
            : LinkDoctor.diagnose(service: service, host: host, app: app, file: nil)
        let doctorClaims = doctor.steps.first { $0.name == .entitlement }?.verdict == .ok
        // The one rule itself.
        let ruleClaims = app.associatedDomains[0].domain.claims(host, for: service)
        #expect(ruleClaims == claims, "rule")
        #expect(app.entries(claiming: host, for: service).isEmpty == !claims, "configuration")
        #expect(!lintIgnores == claims, "app lint: \(lint.diagnostics.map(\.code))")
        #expect(checkClaims == claims, "check: \(report.domains.map { ($0.domain, $0.state) })")
        #expect(doctorClaims == claims, "doctor: \(doctor.steps.map(\.message))")
    }
}

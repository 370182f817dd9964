import AndroidAppLinks
import Foundation
import LinkDiagnosis
import LinkRouting
import Testing

/// `doctor` and `check` read a filter through the claim `app lint --claims` lists (`IntentFilter.claim`): the
/// doctor's path rules are the claim's, and the rules the exact check builds its languages from are the claim's too.
@Suite struct FilterClaimAgreementTests {
    @Test func theDoctorsPathRulesAreTheClaims() throws {
        let manifest = try AndroidLinkDoctorTests.manifest.get()
        let report = AndroidLinkDoctor.diagnose(
            "https://example.com/about/team", manifest: manifest, app: AndroidLinkDoctorTests.app,
            routes: try RouteTable(json: Data(AndroidLinkDoctorTests.routesJSON.utf8)), files: { _ in nil })
        let claim = IntentFilterClaim.claims(of: manifest)[0]
        let filter = try #require(report.steps.first { $0.name == .filter })
        #expect(filter.evidence.first == "path rules: " + claim.paths.map(\.text).joined(separator: ", "))
        // `pathRules` (the exact check's input) lists the claim's rules, in its order.
        #expect(
            manifest.intentFilters[0].filter.pathRules.map { "\($0.name)=\($0.value.value ?? "")" }
                == claim.paths.map(\.text))
    }
}

import AppCoverage
import AppLinkConfiguration
import LinkDiagnosis
import LinkRouting
import TestSupport
import Testing

/// `doctor --service SERVICE HOST`: the same steps for webcredentials, appclips and activitycontinuation.
@Suite struct ServiceDoctorTests {
    static let host = "acme-store.com"

    func diagnose(
        _ service: AssociatedDomain.Service, entitlements: [UInt8], site: [UInt8]?
    ) throws -> DoctorReport {
        LinkDoctor.diagnose(
            service: service, host: Self.host, app: try AppLinkConfiguration(entitlements: entitlements),
            file: try site.map { try AppFixtures.site($0) })
    }

    @Test func aPasskeySiteGrantsTheApp() throws {
        let report = try diagnose(
            .webcredentials,
            entitlements: AppFixtures.entitlements(["webcredentials:\(Self.host)"], layout: .expo),
            site: AppFixtures.aasa(appLinksIDs: nil, services: [("webcredentials", [AppFixtures.appID])]))
        #expect(report.ok)
        #expect(report.steps.map(\.verdict) == [.ok, .ok, .ok, .ok, .skipped, .skipped])
        #expect(report.renderedText().hasPrefix("webcredentials:acme-store.com: granted to ABCDE12345.com.example.app"))
    }

    @Test(arguments: [
        (["webcredentials:\(host)"], #"{"applinks": {"details": []}}"#, "rule", "has no webcredentials section"),
        (
            ["webcredentials:\(host)"], #"{"webcredentials": {"apps": ["ABCDE12345.com.example.oldapp"]}}"#, "rule",
            "does not name ABCDE12345.com.example.app"
        ),
        (["applinks:\(host)"], #"{"webcredentials": {"apps": []}}"#, "entitlement", "no webcredentials entry"),
        (["webcredential:\(host)"], #"{"webcredentials": {"apps": []}}"#, "entitlement", "iOS ignores"),
    ])
    func theFirstBrokenLinkIsNamed(entries: [String], site: String, step: String, message: String) throws {
        let report = try diagnose(
            .webcredentials, entitlements: AppFixtures.entitlements(entries, layout: .flutter),
            site: Array(site.utf8))
        #expect(report.firstBroken?.name.rawValue == step)
        #expect(report.firstBroken?.message.contains(message) == true, "\(report.firstBroken?.message ?? "")")
        #expect(!report.ok)
    }

    @Test func anAppClipNeedsItsIDAndItsParentInTheFile() throws {
        let clip = AppFixtures.clipEntitlements(["appclips:\(Self.host)"])
        let good = AppFixtures.aasa(appLinksIDs: [AppFixtures.appID], services: [("appclips", [AppFixtures.clipID])])
        #expect(try diagnose(.appclips, entitlements: clip, site: good).ok)
        let orphan = AppFixtures.aasa(appLinksIDs: [], services: [("appclips", [AppFixtures.clipID])])
        let report = try diagnose(.appclips, entitlements: clip, site: orphan)
        #expect(report.firstBroken?.message.contains("parent app ABCDE12345.com.example.app") == true)
    }

    @Test func withoutAFileTheWalkIsUnverified() throws {
        let report = try diagnose(
            .activitycontinuation,
            entitlements: AppFixtures.entitlements(["activitycontinuation:\(Self.host)"], layout: .native), site: nil)
        #expect(!report.ok)
        #expect(report.firstBroken == nil)
        #expect(report.steps.first { $0.name == .file }?.unverified == true)
    }

    @Test func aDeveloperModeOnlyClaimSaysAReleaseBuildDoesNotClaimTheHost() throws {
        let report = try diagnose(
            .webcredentials,
            entitlements: AppFixtures.entitlements(["webcredentials:\(Self.host)?mode=developer"], layout: .native),
            site: nil)
        let evidence = report.steps.first { $0.name == .entitlement }?.evidence ?? []
        #expect(
            evidence.contains(
                "no other webcredentials entry claims acme-store.com: a release build does not claim it at all"))
    }
}

import AppCoverage
import AppLinkConfiguration
import FileLocations
import Foundation
import LinkDiagnosis
import LinkRouting
import Testing

/// The iOS doctor names where each step's evidence is, as Android's does: the entitlements entry (its line and
/// column in the XML property list, its key path as a pointer), the site file's deciding rule, the `Info.plist`
/// scheme declaration, the route; the shipped example in Docs/Examples.
@Suite struct IOSDoctorPlacesTests {
    /// A place as the JSON writes it: the file's role, the pointer, the line and the column.
    static func written(_ places: [LocatedFinding.Place]) -> [String] {
        places.map { place in
            [
                place.file.rawValue, place.location.pointer?.text ?? "-", place.location.line.map(String.init) ?? "-",
                place.location.column.map(String.init) ?? "-",
            ].joined(separator: " ")
        }
    }

    static func places(_ report: DoctorReport) -> [DoctorReport.Step.Name: [String]] {
        Dictionary(uniqueKeysWithValues: report.steps.map { ($0.name, written($0.places)) })
    }

    @Test func theBrokenEntitlementPointsAtTheWildcardEntry() throws {
        let report = try ShippedExampleDoctorTests.ios("https://example.com/promotion/7")
        #expect(report.firstBroken?.name == .entitlement)
        let entry = "entitlements /com.apple.developer.associated-domains/0 11 3"
        #expect(Self.written(report.firstBroken?.places ?? []) == [entry])
        // The finding the report formats write points there too.
        #expect(Self.written(report.locatedFindings.first?.places ?? []) == [entry])
        // The rest of the chain still names its places: the rule of the file and the route.
        #expect(
            Self.places(report) == [
                .url: [], .entitlement: [entry], .file: [],
                .rule: ["site:example.com /applinks/details/0/components/2 - -"], .scheme: [],
                .route: ["routes /routes/1 - -"],
            ])
    }

    @Test func aWorkingURLNamesItsEntryRuleAndRoute() throws {
        let report = try ShippedExampleDoctorTests.ios("https://www.example.com/help/faq")
        #expect(report.ok)
        #expect(
            Self.places(report) == [
                .url: [], .entitlement: ["entitlements /com.apple.developer.associated-domains/0 11 3"], .file: [],
                .rule: ["site:www.example.com /applinks/details/0/components/7 - -"], .scheme: [],
                .route: ["routes /routes/11 - -"],
            ])
    }

    @Test func anExcludeRuleIsTheBrokenStepsPlace() throws {
        let report = try ShippedExampleDoctorTests.ios("https://www.example.com/help/internal/x")
        #expect(report.firstBroken?.name == .rule)
        #expect(
            Self.written(report.firstBroken?.places ?? [])
                == ["site:www.example.com /applinks/details/0/components/6 - -"])
    }

    @Test func aCustomSchemeNamesItsDeclarationInTheInfoPlist() throws {
        let report = try ShippedExampleDoctorTests.ios("shop://cart")
        #expect(report.ok)
        #expect(
            Self.places(report) == [
                .url: [], .entitlement: [], .file: [], .rule: [],
                .scheme: ["info-plist /CFBundleURLTypes/0/CFBundleURLSchemes/0 16 5"],
                .route: ["routes /routes/13 - -"],
            ])
    }

    @Test func aFileThatDoesNotNameTheAppPointsAtItsAppIDs() throws {
        let app = try AppLinkConfiguration(
            entitlements: try ShippedExampleDoctorTests.bytes("App.entitlements"),
            infoPlist: try ShippedExampleDoctorTests.bytes("Info.plist"))
        let report = LinkDoctor.diagnose(
            "https://www.example.com/help/faq", app: app, hasInfoPlist: true,
            routes: try RouteTable(json: Data(try ShippedExampleDoctorTests.bytes("routes.json"))),
            appID: "ZZZZZ99999.com.example.app",
            file: try SiteFile.local(
                path: "aasa", bytes: try ShippedExampleDoctorTests.bytes("apple-app-site-association")))
        #expect(report.firstBroken?.name == .rule)
        #expect(
            Self.written(report.firstBroken?.places ?? []) == ["site:www.example.com /applinks/details/0/appIDs - -"])
    }

    @Test func aServiceWalkNamesItsEntryAndSection() throws {
        let app = try AppLinkConfiguration(entitlements: try ShippedExampleDoctorTests.bytes("App.entitlements"))
        let report = LinkDoctor.diagnose(
            service: .webcredentials, host: "example.com", app: app,
            file: try SiteFile.local(
                path: "aasa", bytes: try ShippedExampleDoctorTests.bytes("apple-app-site-association")))
        #expect(report.ok)
        #expect(
            Self.places(report) == [
                .url: [], .entitlement: ["entitlements /com.apple.developer.associated-domains/1 12 3"], .file: [],
                .rule: ["site:example.com /webcredentials/apps - -"], .scheme: [], .route: [],
            ])
    }

    /// Every step writes `"places"`, on iOS as on Android: `[]` when none.
    @Test func everyIOSStepWritesItsPlaces() throws {
        let report = try ShippedExampleDoctorTests.ios("https://example.com/promotion/7")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let object = try #require(
            try JSONSerialization.jsonObject(with: encoder.encode(report)) as? [String: Any])
        let steps = try #require(object["steps"] as? [[String: Any]])
        #expect(steps.allSatisfy { $0["places"] is [Any] })
        #expect((steps[0]["places"] as? [Any])?.isEmpty == true)
        let entry = try #require((steps[1]["places"] as? [[String: Any]])?.first)
        #expect(entry["file"] as? String == "entitlements")
        #expect(entry["pointer"] as? String == "/com.apple.developer.associated-domains/0")
        #expect(entry["line"] as? Int == 11)
        #expect(entry["column"] as? Int == 3)
    }
}

import AppCoverage
import AppLinkConfiguration
import Foundation
import LinkDiagnosis
import LinkRouting
import TestSupport
import Testing

/// A value of the wrong type in the app's files: the doctor names it as the broken step when the URL depends on it,
/// and walks on when it does not (issue 28: results instead of refusals).
@Suite struct WrongTypeDoctorTests {
    static let routesJSON = """
        {"schemes": ["shop"], "associatedDomains": ["applinks:example.com"],
         "routes": [{"name": "product", "pattern": "/product/:id"}, {"name": "cart", "pattern": "shop://cart"}]}
        """

    static func entitlements(domains: String) -> String {
        """
        <plist><dict><key>application-identifier</key><string>\(AppFixtures.appID)</string>\
        <key>com.apple.developer.associated-domains</key>\(domains)</dict></plist>
        """
    }

    static let brokenInfoPlist =
        "<plist><dict><key>CFBundleURLTypes</key><dict><key>CFBundleURLSchemes</key><string>shop</string></dict></dict></plist>"

    func diagnose(_ url: String, domains: String, infoPlist: String? = nil) throws -> DoctorReport {
        let app = try AppLinkConfiguration(
            entitlements: Array(Self.entitlements(domains: domains).utf8), infoPlist: infoPlist.map { Array($0.utf8) })
        return LinkDoctor.diagnose(
            url, app: app, hasInfoPlist: infoPlist != nil, routes: try AppFixtures.routes(Self.routesJSON),
            file: try AppFixtures.site(AppFixtures.aasa(paths: ["/product/*"])),
            names: ("App.entitlements", "routes.json"))
    }

    @Test func aStringWhereTheEntriesBelongIsTheBrokenEntitlementStep() throws {
        let report = try diagnose("https://example.com/product/7", domains: "<string>applinks:example.com</string>")
        let step = try #require(report.firstBroken)
        #expect(step.name == .entitlement)
        #expect(
            step.message
                == "no applinks entry claims example.com: `com.apple.developer.associated-domains` is a string, not an "
                + "array of strings, and iOS ignores it")
        #expect(step.evidence == ["App.entitlements:1:139"])
        #expect(step.fix?.contains("an array of strings such as applinks:example.com") == true)
    }

    @Test func aWrongTypeItemBesideTheClaimDoesNotMatter() throws {
        let report = try diagnose(
            "https://example.com/product/7",
            domains: "<array><integer>1</integer><string>applinks:example.com</string></array>")
        #expect(report.firstBroken == nil, "\(report.steps.map(\.message))")
        #expect(report.steps.first { $0.name == .entitlement }?.verdict == .ok)
    }

    @Test func aWrongTypeInTheURLTypesIsTheBrokenSchemeStepOfACustomLink() throws {
        let domains = "<array><string>applinks:example.com</string></array>"
        let custom = try diagnose("shop://cart", domains: domains, infoPlist: Self.brokenInfoPlist)
        let step = try #require(custom.firstBroken)
        #expect(step.name == .scheme)
        #expect(step.message.hasPrefix("the Info.plist does not declare the scheme shop: `CFBundleURLTypes` is a dict"))
        // A universal link does not depend on the Info.plist: the walk goes on and opens the app.
        let universal = try diagnose("https://example.com/product/7", domains: domains, infoPlist: Self.brokenInfoPlist)
        #expect(universal.ok, "\(universal.steps.map(\.message))")
    }
}

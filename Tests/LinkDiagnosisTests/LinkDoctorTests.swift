import AppCoverage
import AppLinkConfiguration
import Foundation
import LinkDeployment
import LinkDiagnosis
import LinkRouting
import TestSupport
import Testing

/// Each verdict of each link of the doctor's chain.
@Suite struct LinkDoctorTests {
    typealias Name = DoctorReport.Step.Name

    static let routesJSON = """
        {"schemes": ["shop"], "associatedDomains": ["applinks:example.com", "applinks:*.example.com"],
         "routes": [{"name": "product", "pattern": "/product/:id"}, {"name": "cart", "pattern": "shop://cart"}]}
        """

    func diagnose(
        _ url: String, entries: [String] = ["applinks:example.com"], schemes: [String]? = ["shop"],
        file: [UInt8]? = AppFixtures.aasa(paths: ["/product/*"]), routes: String = routesJSON
    ) throws -> DoctorReport {
        LinkDoctor.diagnose(
            url, app: try AppFixtures.app(entries, schemes: schemes), hasInfoPlist: schemes != nil,
            routes: try AppFixtures.routes(routes), appID: AppFixtures.appID,
            file: try file.map { try AppFixtures.site($0) }, names: ("App.entitlements", "routes.json"))
    }

    func step(_ report: DoctorReport, _ name: Name) throws -> DoctorReport.Step {
        try #require(report.steps.first { $0.name == name })
    }

    @Test func aWorkingUniversalLinkOpensTheAppAndNamesTheRoute() throws {
        let report = try diagnose("https://example.com/product/42?ref=push")
        #expect(report.ok)
        #expect(report.firstBroken == nil)
        #expect(report.steps.map(\.name) == Name.chain(of: .ios))
        #expect(report.steps.map(\.verdict) == [.ok, .ok, .ok, .ok, .skipped, .ok])
        let route = try step(report, .route)
        #expect(route.message == "route `product` handles it")
        #expect(route.evidence == ["parameters: id=42 ?ref=push"])
        let rule = try step(report, .rule)
        #expect(rule.message.hasPrefix("/applinks/details/0/components/0 opens the app"))
        #expect(rule.evidence.first?.hasPrefix("match  /applinks/details/0/components/0") == true)
    }

    @Test func aWildcardEntryDoesNotClaimItsBaseDomain() throws {
        let report = try diagnose("https://example.com/product/42", entries: ["applinks:*.example.com"])
        #expect(!report.ok)
        #expect(report.firstBroken?.name == .entitlement)
        #expect(
            report.firstBroken?.message
                == "no applinks entry claims example.com: applinks:*.example.com covers the subdomains of "
                + "example.com, not example.com itself")
        #expect(
            report.firstBroken?.fix
                == "add applinks:example.com to com.apple.developer.associated-domains in App.entitlements")
        // The later links are still decided from the inputs.
        #expect(try step(report, .rule).verdict == .ok)
        #expect(try step(report, .route).verdict == .ok)
    }

    @Test func aWildcardEntryClaimsSubdomains() throws {
        let report = try diagnose("https://shop.example.com/product/1", entries: ["applinks:*.example.com"])
        #expect(try step(report, .entitlement).message == "applinks:*.example.com claims shop.example.com")
        #expect(report.ok)
    }

    @Test func aMissingEntryListsTheEntriesThereAre() throws {
        let report = try diagnose(
            "https://example.com/product/1", entries: ["applinks:shop.example.org", "webcredentials:example.com"])
        let entitlement = try step(report, .entitlement)
        #expect(entitlement.verdict == .broken)
        #expect(entitlement.message == "no applinks entry claims example.com")
        #expect(
            entitlement.evidence == [
                "applinks entries: applinks:shop.example.org",
                "claimed for other services only: webcredentials:example.com",
            ])
    }

    @Test func anEntryWithASchemeIsIgnoredAndSaysWhy() throws {
        let report = try diagnose("https://example.com/product/1", entries: ["applinks:https://example.com"])
        let entitlement = try step(report, .entitlement)
        #expect(entitlement.verdict == .broken)
        #expect(entitlement.message.contains("iOS ignores applinks:https://example.com (an entry has no scheme"))
        #expect(entitlement.fix == "write the entry as applinks:example.com")
    }

    @Test func aDeveloperModeEntryClaimsWithItsCaveat() throws {
        let report = try diagnose("https://example.com/product/1", entries: ["applinks:example.com?mode=developer"])
        let entitlement = try step(report, .entitlement)
        #expect(entitlement.verdict == .ok)
        #expect(entitlement.evidence.contains { $0.contains("release builds ignore the entry") })
    }

    @Test func withoutAFileTheChainIsNotVerified() throws {
        let report = try diagnose("https://example.com/product/1", file: nil)
        #expect(!report.ok)
        #expect(report.firstBroken == nil)
        #expect(try step(report, .file).verdict == .skipped)
        #expect(try step(report, .file).unverified)
        #expect(try step(report, .rule).verdict == .skipped)
        #expect(report.renderedText().hasPrefix("https://example.com/product/1: not verified for"))
    }

    @Test func anExcludeRuleBreaksTheRuleLink() throws {
        let report = try diagnose(
            "https://example.com/product/internal", file: AppFixtures.aasa(paths: ["!/product/internal", "/product/*"]))
        #expect(report.firstBroken?.name == .rule)
        #expect(
            report.firstBroken?.message
                == "the exclude rule /applinks/details/0/components/0 blocks the URL: Safari opens")
    }

    @Test func noMatchingRuleBreaksTheRuleLink() throws {
        let report = try diagnose("https://example.com/product/1", file: AppFixtures.aasa(paths: ["/orders/*"]))
        #expect(report.firstBroken?.name == .rule)
        #expect(report.firstBroken?.message.hasPrefix("no rule for \(AppFixtures.appID) matches the URL") == true)
    }

    @Test func aFileForAnotherTeamNamesThePrefixThatDiffers() throws {
        let report = try diagnose(
            "https://example.com/product/1",
            file: AppFixtures.aasa(appIDs: ["FGHIJ67890.com.example.app"], paths: ["*"]))
        #expect(report.firstBroken?.name == .rule)
        #expect(
            report.firstBroken?.message
                == "the file does not name ABCDE12345.com.example.app (it names FGHIJ67890.com.example.app: the team "
                + "prefix differs (FGHIJ67890 in the file, ABCDE12345 for the app)): Safari opens")
    }

    @Test func aRouteTheRouterDoesNotReachBreaksTheRouteLink() throws {
        let report = try diagnose("https://example.com/help", file: AppFixtures.aasa(paths: ["*"]))
        #expect(report.firstBroken?.name == .route)
        #expect(
            report.firstBroken?.message == "no route handles the URL: the router decides browser (no route matches)")
        #expect(report.firstBroken?.fix == "add a route for the URL to routes.json")
    }

    @Test func aHostTheRoutesDoNotAssociateNamesTheFix() throws {
        let routes = #"{"associatedDomains": ["applinks:example.org"], "routes": [{"name": "p", "pattern": "/p"}]}"#
        let report = try diagnose("https://example.com/p", file: AppFixtures.aasa(paths: ["*"]), routes: routes)
        #expect(report.firstBroken?.name == .route)
        #expect(report.firstBroken?.fix == "add applinks:example.com to associatedDomains in routes.json")
    }

    @Test func aCustomSchemeNeedsItsInfoPlistDeclaration() throws {
        let declared = try diagnose("shop://cart")
        #expect(declared.ok)
        #expect(declared.steps.map(\.verdict) == [.ok, .skipped, .skipped, .skipped, .ok, .ok])
        let undeclared = try diagnose("shop://cart", schemes: ["other"])
        #expect(undeclared.firstBroken?.name == .scheme)
        #expect(undeclared.firstBroken?.evidence == ["it declares other"])
        let unknown = try diagnose("shop://cart", schemes: nil)
        #expect(!unknown.ok)
        #expect(unknown.firstBroken == nil)
        #expect(try step(unknown, .scheme).unverified)
    }

    @Test(arguments: [
        ("http://example.com/product/1", "an http link: iOS opens universal links only for https, so Safari opens it"),
        ("javascript:alert(1)", "a javascript: URL: no app is ever opened for it"),
        ("/product/1", "not an absolute URL: iOS opens no app for it"),
        ("https:///nohost", "an https URL without a host"),
    ])
    func linksThatAreNotLinksBreakAtTheURL(url: String, message: String) throws {
        let report = try diagnose(url)
        #expect(report.firstBroken?.name == .url)
        #expect(report.firstBroken?.message == message)
        #expect(!report.ok)
    }

    @Test func hostileURLsAreShownSafely() throws {
        let report = try diagnose("https://example.com/product/\u{1B}[31m")
        #expect(!report.renderedText().contains("\u{1B}"))
    }

    @Test func theHostOfAnHTTPSURLIsTheDomainToFetch() {
        #expect(LinkDoctor.host(of: "https://Shop.Example.com/p") == "shop.example.com")
        #expect(LinkDoctor.host(of: "shop://cart") == nil)
        #expect(LinkDoctor.host(of: "http://example.com") == nil)
    }
}

import AppCoverage
import AppLinkConfiguration
import AppSiteAssociation
import Foundation
import LinkCoverage
import LinkDeployment
import LinkRouting
import TestSupport
import Testing

/// Each gap kind of the whole-app check, on small apps written as real projects write them.
@Suite struct AppCoverageCheckerTests {
    typealias Kind = AppCoverageReport.Gap.Kind

    static let routesJSON = """
        {"schemes": ["shop"], "associatedDomains": ["applinks:example.com"],
         "routes": [{"name": "product", "pattern": "/product/**"}, {"name": "cart", "pattern": "shop://cart"}]}
        """

    func check(
        _ entries: [String], schemes: [String]? = nil, routes: String = routesJSON, files: [String: [UInt8]] = [:]
    ) throws -> AppCoverageReport {
        let app = try AppFixtures.app(entries, schemes: schemes)
        var sites: [String: SiteFile] = [:]
        for (host, bytes) in files { sites[host] = try AppFixtures.site(bytes, path: "\(host).json") }
        return try AppCoverageChecker.check(
            app: app, hasInfoPlist: schemes != nil, routes: try AppFixtures.routes(routes), appID: AppFixtures.appID,
            files: sites)
    }

    @Test func aConsistentAppHasNoGap() throws {
        let report = try check(
            ["applinks:example.com"], schemes: ["shop"],
            files: ["example.com": AppFixtures.aasa(paths: ["/product/*"])])
        #expect(report.isClean, "\(report.gaps.map(\.message))")
        #expect(report.domains.map(\.state) == [.checked])
        #expect(report.domains.first?.entry == "applinks:example.com")
    }

    @Test func theShippedExampleMistakeIsAnUnclaimedAssociatedDomainAndRoute() throws {
        let app = try AppFixtures.app(["applinks:*.example.com", "webcredentials:example.com"], schemes: ["shop"])
        let report = try AppCoverageChecker.check(
            app: app, hasInfoPlist: true, routes: try AppFixtures.exampleRoutes(), appID: AppFixtures.appID,
            files: ["example.com": try AppFixtures.site(try AppFixtures.exampleAASA())])
        #expect(report.gaps.map(\.kind) == [.associatedDomainNotEntitled, .routeDomainNotClaimed])
        #expect(report.gaps[0].entry == "applinks:example.com")
        #expect(report.gaps[0].place == .routes(pointer: .root.appending("associatedDomains").appending(0)))
        #expect(report.gaps[0].fileLocation == .pointer(try #require(JSONPointer("/associatedDomains/0"))))
        #expect(report.gaps[1].route == "product")
        #expect(report.gaps[1].place == .routes(pointer: .root.appending("routes").appending(4)))
        // stores.example.com (the `store` route's host, below the wildcard) has no file: listed, not checked;
        // example.com's file is read for passwords only (webcredentials).
        #expect(report.domains.map(\.domain) == ["stores.example.com", "example.com"])
        // `example.com` is claimed for webcredentials, and its file names the app there.
        #expect(report.domains.map(\.state) == [.notChecked, .checked])
        #expect(report.domains.map(\.service) == [.applinks, .webcredentials])
    }

    @Test func aRouteBoundToAnUnclaimedHostIsDead() throws {
        let routes = """
            {"associatedDomains": ["applinks:example.com", "applinks:shop.example.net"],
             "routes": [{"name": "store", "pattern": "https://shop.example.net/:city"}]}
            """
        let report = try check(
            ["applinks:example.com"], routes: routes, files: ["example.com": AppFixtures.aasa(paths: [])])
        let dead = try #require(report.gaps.first { $0.kind == .routeDomainNotClaimed })
        #expect(dead.route == "store")
        #expect(dead.domain == "shop.example.net")
        #expect(report.gaps.contains { $0.kind == .associatedDomainNotEntitled && $0.domain == "shop.example.net" })
    }

    @Test func aClaimedDomainNoRouteServesIsReportedAtItsEntry() throws {
        let report = try check(
            ["applinks:example.com", "applinks:other.example.org"],
            files: [
                "example.com": AppFixtures.aasa(paths: ["/product/*"]),
                "other.example.org": AppFixtures.aasa(paths: ["*"]),
            ])
        let gap = try #require(report.gaps.first { $0.kind == .domainWithoutRoutes })
        #expect(gap.entry == "applinks:other.example.org")
        #expect(gap.place == .entitlement(index: 1))
        #expect(gap.fileLocation?.pointer == nil)
        #expect(gap.fileLocation?.isTextPosition == true, "the entry's line and column in the XML entitlements")
        #expect(gap.message.contains("does not list it in associatedDomains"))
        #expect(report.domains.first { $0.domain == "other.example.org" }?.state == .noRoutes)
    }

    @Test func aWildcardEntryNoRouteServesIsReported() throws {
        let report = try check(
            ["applinks:example.com", "applinks:*.example.com"],
            files: ["example.com": AppFixtures.aasa(paths: ["/product/*"])])
        #expect(report.gaps.map(\.kind) == [.domainWithoutRoutes])
        #expect(report.gaps[0].entry == "applinks:*.example.com")
    }

    @Test func aSchemeRoutesUseAndTheInfoPlistDoesNotDeclareIsUndeclared() throws {
        let report = try check(
            ["applinks:example.com"], schemes: [], files: ["example.com": AppFixtures.aasa(paths: ["/product/*"])])
        #expect(report.gaps.map(\.kind) == [.undeclaredScheme])
        #expect(report.gaps[0].scheme == "shop")
        #expect(report.gaps[0].place == .routes(pointer: .root.appending("schemes").appending(0)))
    }

    @Test func aDeclaredSchemeNoRouteHandlesIsUnhandled() throws {
        let report = try check(
            ["applinks:example.com"], schemes: ["SHOP", "fb123"],
            files: ["example.com": AppFixtures.aasa(paths: ["/product/*"])])
        #expect(report.gaps.map(\.kind) == [.unhandledScheme])
        #expect(report.gaps[0].scheme == "fb123")
        #expect(report.gaps[0].place == .infoPlistScheme("fb123"))
        #expect(report.gaps[0].fileLocation?.isTextPosition == true, "the scheme's line and column in the Info.plist")
        #expect(report.gaps[0].message.contains("does not list it in schemes"))
    }

    @Test func schemesAreNotCheckedWithoutAnInfoPlist() throws {
        let report = try check(
            ["applinks:example.com"], files: ["example.com": AppFixtures.aasa(paths: ["/product/*"])])
        #expect(report.isClean)
    }

    @Test func aFileNamingAnotherTeamShowsTheIDsAndThePrefixThatDiffers() throws {
        let report = try check(
            ["applinks:example.com"],
            files: ["example.com": AppFixtures.aasa(appIDs: ["FGHIJ67890.com.example.app"], paths: ["*"])])
        let gap = try #require(report.gaps.first)
        #expect(report.gaps.count == 1)
        #expect(gap.kind == .appIDNotListed)
        #expect(gap.appIDs == ["FGHIJ67890.com.example.app"])
        #expect(gap.message.contains("the team prefix differs (FGHIJ67890 in the file, ABCDE12345 for the app)"))
        #expect(gap.place == .aasa(domain: "example.com", pointer: JSONPointer("/applinks/details/0/appIDs")!))
        #expect(gap.fileLocation?.pointer?.text == "/applinks/details/0/appIDs")
        #expect(report.domains.map(\.state) == [.appIDNotListed])
    }

    @Test func aFileNamingAnotherBundleSaysSo() throws {
        let report = try check(
            ["applinks:example.com"],
            files: ["example.com": AppFixtures.aasa(appIDs: ["ABCDE12345.com.example.beta"], paths: ["*"])])
        #expect(report.gaps.first?.message.contains("the bundle ID differs (com.example.beta in the file") == true)
    }

    @Test func unroutedAndUnclaimedAreReportedPerDomainAsTheOneFileCheckDoes() throws {
        let routes = try AppFixtures.exampleRoutes()
        let report = try AppCoverageChecker.check(
            app: try AppFixtures.app(["applinks:example.com", "applinks:*.example.com"], schemes: ["shop"]),
            hasInfoPlist: true, routes: routes, appID: AppFixtures.appID,
            files: ["example.com": try AppFixtures.site(try AppFixtures.exampleAASA())])
        let single = try CoverageChecker.check(
            aasa: try AASAMatcher(parsing: try AppFixtures.exampleAASA()), routes: routes, domain: "example.com",
            appID: AppFixtures.appID)
        #expect(report.gaps.filter { $0.kind == .unrouted }.map(\.example) == single.unrouted.map(\.example))
        #expect(report.gaps.filter { $0.kind == .unclaimed }.map(\.route) == single.unclaimed.map(\.route))
        #expect(report.gaps.allSatisfy { $0.domain == "example.com" })
        #expect(report.domains.map(\.state) == [.checked, .notChecked])
    }

    @Test func entriesThatAreNotValidClaimNothing() throws {
        let report = try check(
            ["applinks:https://example.com", "applinks:example.com/path"],
            files: ["example.com": AppFixtures.aasa(paths: ["/product/*"])])
        // The file is ready for the app: each entry iOS ignores is the one thing missing.
        #expect(report.gaps.map(\.kind) == [.associatedDomainNotEntitled, .ignoredEntry, .ignoredEntry])
        #expect(report.domains.map(\.state) == [.notClaimed])
    }

    @Test func theDomainsToCheckAreThePlainEntriesThenHostsBelowWildcards() throws {
        let domains = AppCoverageChecker.domainsToCheck(
            app: try AppFixtures.app(["applinks:*.example.com", "applinks:example.com", "applinks:example.com"]),
            routes: try AppFixtures.exampleRoutes(), given: ["a.example.com", "elsewhere.org"])
        #expect(domains.map(\.domain) == ["stores.example.com", "a.example.com", "example.com"])
        #expect(domains.map(\.viaWildcard) == [true, true, false])
    }
}

extension AppCoverageCheckerTests {
    /// Issue 40: an unrouted or unclaimed gap whose example depends on a corner of URL syntax carries it from the
    /// domain's check into every output of the whole-app check (message and fix, text, JSON, HTML); an ordinary gap
    /// shows none.
    @Test func gapsThroughACornerOfURLSyntaxNameItInEveryOutput() throws {
        let routes = """
            {"associatedDomains": ["applinks:example.com"], "routes": [{"name": "cafe", "pattern": "/caf%C3%A9/**"}]}
            """
        let aasa =
            Array(
                #"{"applinks": {"details": [{"appIDs": ["\#(AppFixtures.appID)"], "components": [{"/": "/café/*", "#
                    .utf8) + Array(#""percentEncoded": false}, {"/": "/b"}]}]}}"#.utf8)
        let report = try check(["applinks:example.com"], routes: routes, files: ["example.com": aasa])
        let slash = try #require(report.gaps.first { !$0.corners.isEmpty }, "\(report.gaps)")
        #expect(slash.kind == .unrouted && slash.corners.map(\.code) == ["encoded-slash"])
        #expect(slash.message.contains("The example depends on a corner of URL syntax: its path holds an encoded"))
        let plain = try #require(report.gaps.first { $0.example == "https://example.com/b" }, "\(report.gaps)")
        #expect(plain.corners.isEmpty && !plain.message.contains("corner"))
        // Findings (SARIF, xcode, github, HTML): the fix.
        let findings = report.locatedFindings
        #expect(findings.first { $0.message == slash.message }?.fix?.contains("--write-baseline") == true)
        #expect(findings.first { $0.message == plain.message }?.fix == nil)
        // Text: a fix line under the gap, none under the other.
        let text = report.renderedText().split(separator: "\n").map(String.init)
        let row = try #require(text.firstIndex { $0.hasSuffix(slash.message) })
        #expect(text[row + 1].hasPrefix("  fix: No route or AASA pattern can treat %2F the same way"))
        #expect(text.filter { $0.hasPrefix("  fix:") }.count == 1)
        // JSON: `corners` on that gap only.
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any]
        let gaps = try #require(object?["gaps"] as? [[String: Any]])
        let cornered = gaps.compactMap { $0["corners"] as? [[String: String]] }
        #expect(cornered.count == 1 && cornered.first?.first?["corner"] == "encoded-slash", "\(gaps)")
        // HTML.
        let html = AppCoverageHTMLPage(
            report: report, inputs: .init(files: [.entitlements: "App.entitlements", .routes: "routes.json"])
        ).render()
        #expect(html.contains("Fix: No route or AASA pattern can treat %2F the same way"))
        #expect(html.components(separatedBy: "Fix: ").count == 2)
    }
}

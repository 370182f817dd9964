import AppCoverage
import AppLinkConfiguration
import Foundation
import LinkRouting
import TestSupport
import Testing

/// The whole-app check of every service (issue 28): `webcredentials` (passkey apps), `appclips` (App Clips with
/// `parent-application-identifiers`), `activitycontinuation`, on entitlements in the layouts real projects write.
@Suite struct ServiceCoverageTests {
    typealias Kind = AppCoverageReport.Gap.Kind
    static let host = "acme-store.com"
    static let routesJSON =
        #"{"associatedDomains": ["applinks:acme-store.com"], "routes": [{"name": "p", "pattern": "/p/**"}]}"#
    /// Routes for an app that claims no applinks domain (a passkey-only or App Clip check).
    static let noRoutes = #"{"routes": []}"#

    func check(
        _ entitlements: [UInt8], files: [String: [UInt8]], appID: String? = nil, routes: String = routesJSON
    ) throws -> AppCoverageReport {
        let app = try AppLinkConfiguration(entitlements: entitlements)
        var sites: [String: SiteFile] = [:]
        for (host, bytes) in files { sites[host] = try AppFixtures.site(bytes, path: "\(host).json") }
        return try AppCoverageChecker.check(
            app: app, hasInfoPlist: false, routes: try AppFixtures.routes(routes), appID: appID,
            files: sites)
    }

    static let passkeySite = AppFixtures.aasa(
        appLinksIDs: [AppFixtures.appID], services: [("webcredentials", [AppFixtures.appID])])

    /// A passkey app in every layout: the host claimed for two services is checked for each, and the layout's
    /// bytes (XML comments, CRLF, non-ASCII text, no final newline) change nothing.
    @Test(arguments: AppFixtures.Layout.allCases)
    func aPasskeyAppIsCheckedForEachService(layout: AppFixtures.Layout) throws {
        let report = try check(
            AppFixtures.entitlements(["applinks:\(Self.host)", "webcredentials:\(Self.host)"], layout: layout),
            files: [Self.host: Self.passkeySite])
        #expect(report.isClean, "\(report.gaps.map(\.message))")
        #expect(report.domains.map(\.service) == [.applinks, .webcredentials])
        #expect(report.domains.map(\.state) == [.checked, .checked])
    }

    @Test func aHostClaimedOnlyForWebCredentialsIsNeverNotClaimed() throws {
        let report = try check(
            AppFixtures.entitlements(["webcredentials:login.acme-store.com"], layout: .expo),
            files: ["login.acme-store.com": Self.passkeySite])
        #expect(report.domains.map(\.state) == [.checked])
        #expect(report.domains.first?.service == .webcredentials)
        #expect(report.domains.first?.entry == "webcredentials:login.acme-store.com")
        #expect(!report.renderedText().contains("not-claimed"))
        #expect(report.renderedText().contains("(claimed by webcredentials:login.acme-store.com)"))
    }

    @Test func aClaimedServiceWithoutItsSectionNamesBothFiles() throws {
        let report = try check(
            AppFixtures.entitlements(["applinks:\(Self.host)", "webcredentials:\(Self.host)"], layout: .flutter),
            files: [Self.host: AppFixtures.aasa(appLinksIDs: [AppFixtures.appID], services: [])])
        let gap = try #require(report.gaps.first { $0.kind == .serviceWithoutSection })
        #expect(report.gaps.map(\.kind) == [.serviceWithoutSection])
        #expect(gap.place == .entitlement(index: 1))
        #expect(gap.fileLocation?.line == 11)
        #expect(gap.counterpart == .aasa(domain: Self.host, pointer: .root))
        #expect(report.domains.map(\.state) == [.checked, .noSection])
        let places = report.locatedFindings.first { $0.code == "service-without-section" }?.places.map(\.file)
        #expect(places == [.entitlements, .site(Self.host)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(report), as: UTF8.self)
        #expect(json.contains(#""also":{"column":null,"file":"aasa","line":null,"pointer":""}"#), "\(json)")
        // The entry's place is written as every place is: its line and column in the XML entitlements too.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let written = try #require((object["gaps"] as? [[String: Any]])?.first)
        #expect(written["file"] as? String == "entitlements")
        #expect(written["line"] as? Int == 11)
        #expect(written["column"] as? Int == gap.fileLocation?.column)
        #expect(gap.fileLocation?.column != nil)
    }

    /// An old bundle ID and another team: the section names other apps.
    @Test(arguments: [
        ("ABCDE12345.com.example.oldapp", "bundle ID"), ("ZZZZZ99999.com.example.app", "team"),
    ])
    func aSectionNamingAnotherAppIsAGap(listed: String, difference: String) throws {
        let report = try check(
            AppFixtures.entitlements(["webcredentials:\(Self.host)"], layout: .capacitor),
            files: [Self.host: AppFixtures.aasa(appLinksIDs: nil, services: [("webcredentials", [listed])])],
            routes: Self.noRoutes)
        let gap = try #require(report.gaps.first)
        #expect(report.gaps.map(\.kind) == [.serviceAppNotListed])
        #expect(gap.place == .aasa(domain: Self.host, pointer: .root.appending("webcredentials").appending("apps")))
        #expect(gap.counterpart == .entitlement(index: 0))
        #expect(gap.appIDs == [listed])
        #expect(gap.message.contains(difference), "\(gap.message)")
        #expect(report.domains.map(\.state) == [.appIDNotListed])
    }

    @Test func aReadyFileWithATypoedEntryIsAnIgnoredEntry() throws {
        let report = try check(
            AppFixtures.entitlements(["applink:\(Self.host)", "webcredentials:\(Self.host)"], layout: .native),
            files: [Self.host: Self.passkeySite])
        let gap = try #require(report.gaps.first { $0.kind == .ignoredEntry })
        #expect(gap.place == .entitlement(index: 0))
        #expect(gap.counterpart == .aasa(domain: Self.host, pointer: .root.appending("applinks")))
        #expect(gap.message.contains("write applinks:\(Self.host)"), "\(gap.message)")
        // The routes' own association is not claimed either.
        #expect(report.gaps.map(\.kind) == [.associatedDomainNotEntitled, .ignoredEntry])
    }

    @Test func anEntryWithAPortIsIgnoredWhileItsFileIsReady() throws {
        let report = try check(
            AppFixtures.entitlements(["webcredentials:\(Self.host):443"], layout: .native),
            files: [Self.host: Self.passkeySite], routes: Self.noRoutes)
        #expect(report.gaps.map(\.kind) == [.ignoredEntry])
        #expect(report.domains.map(\.state) == [.notClaimed])
    }

    /// An App Clip: the appclips section names the clip, and the applinks section its parent, the full app.
    @Test func anAppClipIsCheckedForItsIDAndItsParent() throws {
        let clip = AppFixtures.clipEntitlements(["appclips:\(Self.host)"])
        let good = AppFixtures.aasa(
            appLinksIDs: [AppFixtures.appID], services: [("appclips", [AppFixtures.clipID])])
        let ok = try check(clip, files: [Self.host: good], routes: Self.noRoutes)
        #expect(ok.gaps.isEmpty, "\(ok.gaps.map(\.message))")
        #expect(ok.appID == AppFixtures.clipID)
        #expect(ok.domains.map(\.state) == [.checked])

        let fullAppListed = AppFixtures.aasa(
            appLinksIDs: [AppFixtures.appID], services: [("appclips", [AppFixtures.appID])])
        #expect(
            try check(clip, files: [Self.host: fullAppListed], routes: Self.noRoutes).gaps.map(\.kind) == [
                .serviceAppNotListed
            ])

        let parentMissing = AppFixtures.aasa(
            appLinksIDs: ["ABCDE12345.com.example.other"], services: [("appclips", [AppFixtures.clipID])])
        let orphan = try check(clip, files: [Self.host: parentMissing], routes: Self.noRoutes)
        #expect(orphan.gaps.map(\.kind) == [.serviceAppNotListed])
        #expect(orphan.gaps.first?.message.contains("parent app ABCDE12345.com.example.app") == true)
    }

    /// The full app claims `appclips:` too: the section must name one of its App Clips.
    @Test func aFullAppsAppClipsEntryNeedsOneOfItsClips() throws {
        let app = AppFixtures.entitlements(["applinks:\(Self.host)", "appclips:\(Self.host)"], layout: .native)
        let withClip = AppFixtures.aasa(
            appLinksIDs: [AppFixtures.appID], services: [("appclips", [AppFixtures.clipID])])
        #expect(try check(app, files: [Self.host: withClip]).isClean)
        let otherClip = AppFixtures.aasa(
            appLinksIDs: [AppFixtures.appID], services: [("appclips", ["ABCDE12345.com.example.other.Clip"])])
        #expect(try check(app, files: [Self.host: otherClip]).gaps.map(\.kind) == [.serviceAppNotListed])
    }

    @Test func handoffIsCheckedLikeTheOthers() throws {
        let report = try check(
            AppFixtures.entitlements(["activitycontinuation:\(Self.host)"], layout: .expo),
            files: [Self.host: AppFixtures.aasa(appLinksIDs: nil, services: [("webcredentials", [AppFixtures.appID])])],
            routes: Self.noRoutes)
        #expect(report.gaps.map(\.kind) == [.serviceWithoutSection])
        #expect(report.domains.first?.service == .activitycontinuation)
    }

    /// Results instead of refusals: a claimed host without a file is not checked, and the others still are.
    @Test func aClaimedHostWithoutAFileIsNotCheckedAndTheOthersAre() throws {
        let report = try check(
            AppFixtures.entitlements(
                ["applinks:\(Self.host)", "applinks:shop.acme-store.org", "webcredentials:login.acme-store.org"],
                layout: .native),
            files: [Self.host: Self.passkeySite])
        #expect(report.domains.map(\.domain) == [Self.host, "shop.acme-store.org", "login.acme-store.org"])
        #expect(report.domains.map(\.state) == [.checked, .notChecked, .notChecked])
        let text = report.renderedText()
        #expect(text.contains("no file: give --aasa shop.acme-store.org=FILE or --fetch"))
        #expect(text.contains("no file: give --aasa login.acme-store.org=FILE or --fetch"))
    }

    @Test func theDomainsToFetchIncludeEveryServicesHosts() throws {
        let app = try AppLinkConfiguration(
            entitlements: AppFixtures.entitlements(
                ["applinks:\(Self.host)", "webcredentials:\(Self.host)", "webcredentials:login.acme-store.com"],
                layout: .native))
        let domains = AppCoverageChecker.domainsToCheck(app: app, routes: try AppFixtures.routes(Self.routesJSON))
        #expect(domains.map(\.domain) == [Self.host, "login.acme-store.com"])
    }
}

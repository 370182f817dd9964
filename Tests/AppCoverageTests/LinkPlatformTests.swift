import AndroidAppLinks
import AppLinkConfiguration
import Foundation
import LinkCoverage
import LinkRouting
import TestSupport
import Testing

@testable import AppCoverage

/// Each platform's hosts and its side of each host in the both-platforms check come from the platform's inputs, by
/// the function its own check's report takes a host's state from: on the shipped example and on variants that give
/// every reason (a host one platform only claims, exclude rules, not verified, the app ID not listed, no file, a file
/// that could not be read), the sides agree with the reports, and the differences need no report.
@Suite struct LinkPlatformTests {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// One run's inputs.
    struct Inputs {
        var name: String
        var app: AppLinkConfiguration
        var hasInfoPlist = false
        var routes: RouteTable
        var appID = AppFixtures.appID
        var files: [String: SiteFile]
        var decider: AndroidLinkDecider
        var unavailable: [String: String] = [:]
    }

    /// A file of the shipped example.
    static func example(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: PackagePaths.root.appendingPathComponent("Docs/Examples/" + name)))
    }

    /// The example's decider with `extraHosts` added to its verified filter, and these files by file host.
    static func decider(
        extraHosts: [String] = [], files: [String: [UInt8]], fingerprint: String = fingerprint
    ) throws -> AndroidLinkDecider {
        let hosts = extraHosts.map { "<data android:host=\"\($0)\" />" }.joined()
        let text = String(decoding: try example("AndroidManifest.xml"), as: UTF8.self).replacingOccurrences(
            of: "<data android:host=\"*.${webHost}\" />", with: "<data android:host=\"*.${webHost}\" />" + hosts)
        let manifest = try AndroidManifest(
            parsing: text, resources: ManifestResources(placeholders: ["webHost": "example.com"]))
        var parsed: [String: AssetLinksFile] = [:]
        for (host, bytes) in files { parsed[host] = try AssetLinksFile(parsing: bytes) }
        return AndroidLinkDecider(
            manifest: manifest, app: AndroidAppIdentity(packageName: "com.example.app", fingerprints: [fingerprint])
        ) { [parsed] in parsed[$0] }
    }

    /// The shipped example, and variants giving every reason and state.
    static func variants() throws -> [Inputs] {
        let aasa = try AppFixtures.site(try example("apple-app-site-association"))
        let links = try example("assetlinks.json")
        let unverified = Array(
            String(decoding: links, as: UTF8.self).replacingOccurrences(of: "14:6D", with: "AA:6D").utf8)
        var routesText = String(decoding: try example("routes.json"), as: UTF8.self)
        routesText = routesText.replacingOccurrences(
            of: #""applinks:*.example.com"]"#,
            with: #""applinks:*.example.com", "applinks:ios.example.net", "applinks:android.example.org", "#
                + #""applinks:nofile.example.net", "applinks:wrongid.example.net", "applinks:unverified.example.org"]"#)
        let routes = try AppFixtures.routes(routesText)
        let entries = [
            "applinks:example.com", "applinks:*.example.com", "applinks:ios.example.net", "applinks:nofile.example.net",
            "applinks:wrongid.example.net", "webcredentials:example.com",
        ]
        let extraHosts = ["android.example.org", "unverified.example.org", "nofile.example.net"]
        let full = try decider(
            extraHosts: extraHosts,
            files: ["example.com": links, "android.example.org": links, "unverified.example.org": unverified])
        let sites = ["example.com": aasa, "stores.example.com": aasa, "ios.example.net": aasa]
        return [
            Inputs(
                name: "example",
                app: try AppLinkConfiguration(
                    entitlements: try example("App.entitlements"), infoPlist: try example("Info.plist")),
                hasInfoPlist: true, routes: try AppFixtures.exampleRoutes(), files: ["example.com": aasa],
                decider: try decider(files: ["example.com": links])),
            Inputs(name: "full", app: try AppFixtures.app(entries), routes: routes, files: sites, decider: full),
            Inputs(
                name: "app ID not listed", app: try AppFixtures.app(entries), routes: routes,
                appID: "ZZZZZ99999.com.example.app", files: sites, decider: full),
            Inputs(
                name: "wrong ID, no file", app: try AppFixtures.app(entries), routes: routes,
                files: [
                    "example.com": aasa, "nofile.example.net": aasa,
                    "wrongid.example.net": try AppFixtures.site(
                        AppFixtures.aasa(appIDs: ["ZZZZZ99999.com.example.app"], paths: ["*"])),
                ],
                decider: try decider(
                    extraHosts: extraHosts,
                    files: ["example.com": links, "nofile.example.net": links, "unverified.example.org": unverified])),
            Inputs(
                name: "exclude rules", app: try AppFixtures.app(entries), routes: routes,
                files: [
                    "example.com": try AppFixtures.site(
                        AppFixtures.aasa(paths: ["!/promotion/summer", "!/campaign", "/promotion/*", "/product/*"]))
                ],
                decider: full),
            Inputs(
                name: "not verified", app: try AppFixtures.app(entries), routes: routes, files: ["example.com": aasa],
                decider: try decider(extraHosts: extraHosts, files: ["example.com": links], fingerprint: "AA:BB")),
            Inputs(
                name: "unavailable", app: try AppFixtures.app(entries), routes: routes, files: [:],
                decider: try decider(extraHosts: extraHosts, files: [:]),
                unavailable: [
                    "example.com": "refused", "android.example.org": "refused", "nofile.example.net": "refused",
                ]),
        ]
    }

    /// What a side says of its host: "opens", the reason it opens nothing, or "unknown".
    static func describe(_ side: PlatformSide?) -> String {
        guard let side else { return "unknown" }
        return side.nothing?.reason.rawValue ?? "opens"
    }

    @Test func eachPlatformsSidesAgreeWithItsReportOnEveryHost() throws {
        var reasons = Set<String>()
        var said = Set<String>()
        for inputs in try Self.variants() {
            let report = try PlatformsCoverageChecker.check(
                app: inputs.app, hasInfoPlist: inputs.hasInfoPlist, routes: inputs.routes, appID: inputs.appID,
                files: inputs.files, decider: inputs.decider, unavailable: inputs.unavailable)
            let ios = IOSLinkPlatform(
                app: AppLinkSide(inputs.app, hasInfoPlist: inputs.hasInfoPlist), routes: inputs.routes,
                files: inputs.files, appID: inputs.appID)
            let android = AndroidLinkPlatform(
                decider: inputs.decider, routes: inputs.routes, unavailable: inputs.unavailable)
            // The hosts each lists are its report's, in its order.
            #expect(ios.hosts == report.ios.domains.filter { $0.service == .applinks }.map(\.domain), "\(inputs.name)")
            #expect(
                android.hosts == report.android.hosts.filter { $0.state != .wildcard }.map(\.host), "\(inputs.name)")
            // The report's states are the one function's.
            #expect(
                AndroidCoverageChecker.hosts(
                    decider: inputs.decider, routes: inputs.routes, sources: [:], unavailable: inputs.unavailable)
                    == report.android.hosts, "\(inputs.name)")
            for domain in report.ios.domains where domain.service == .applinks && domain.entry != nil {
                let state = AppCoverageChecker.applinksState(
                    domain.domain, file: inputs.files[domain.domain], routes: inputs.routes, appID: inputs.appID)
                #expect(state == domain.state, "\(inputs.name): \(domain.domain)")
            }
            // Each side says what the report says of the host.
            for host in Set(ios.hosts + android.hosts) {
                let domain = report.ios.domains.first {
                    $0.domain == host && $0.service == .applinks && $0.entry != nil
                }
                let iosExpected: String
                switch domain?.state {
                case nil: iosExpected = "not-claimed"
                case .checked?: iosExpected = "opens"
                case .appIDNotListed?: iosExpected = "app-id-not-listed"
                default: iosExpected = "unknown"
                }
                #expect(Self.describe(ios.side(of: host)) == iosExpected, "\(inputs.name): iOS \(host)")
                let entry = report.android.hosts.first { $0.host == host && $0.state != .wildcard }
                let androidExpected: String
                switch entry?.state {
                case nil, .notClaimed?: androidExpected = "not-claimed"
                case .notVerified?: androidExpected = "not-verified"
                case .checked?: androidExpected = "opens"
                default: androidExpected = "unknown"
                }
                #expect(Self.describe(android.side(of: host)) == androidExpected, "\(inputs.name): Android \(host)")
                said.insert("iOS " + iosExpected)
                said.insert("Android " + androidExpected)
            }
            // The differences need no report: the platforms built from the inputs alone give the report's.
            #expect(
                try PlatformsCoverageChecker.differences(among: [android, ios], routes: inputs.routes, allURLs: false)
                    == report.differences, "\(inputs.name)")
            reasons.formUnion(report.differences.map { "\($0.kind.rawValue) \($0.reason.rawValue)" })
        }
        // The variants give every reason a difference has, and every side a platform can take of a host.
        #expect(
            reasons == [
                "opens-only-on-ios not-claimed", "opens-only-on-ios no-filter", "opens-only-on-ios excluded",
                "opens-only-on-ios not-verified", "opens-only-on-android not-claimed",
                "opens-only-on-android excluded", "opens-only-on-android no-rule",
                "opens-only-on-android app-id-not-listed",
            ])
        #expect(
            said == [
                "iOS opens", "iOS not-claimed", "iOS app-id-not-listed", "iOS unknown", "Android opens",
                "Android not-claimed", "Android not-verified", "Android unknown",
            ])
    }
}

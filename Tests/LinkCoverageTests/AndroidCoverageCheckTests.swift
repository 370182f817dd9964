import AndroidAppLinks
import AppSiteAssociation
import Foundation
import TestSupport
import Testing

@testable import LinkCoverage
@testable import LinkRouting

/// The public Android coverage check: which hosts it checks, its gap kinds, where each gap points (the manifest's
/// filter by line and column, the host's assetlinks.json by pointer, the routes by pointer), its text, JSON and
/// baseline.
@Suite struct AndroidCoverageCheckTests {
    static let fingerprint = Array(repeating: "AB", count: 32).joined(separator: ":")
    static let app = AndroidAppIdentity(packageName: "com.example.app", fingerprints: [fingerprint])

    static func manifest(_ filters: String) throws -> AndroidManifest {
        try AndroidManifest(
            parsing: """
                <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
                <activity android:name=".Main" android:exported="true">
                \(filters)
                </activity>
                </application></manifest>
                """)
    }

    /// A verified https filter for `hosts` with these `<data>` path attributes.
    static func filter(hosts: [String], paths: [String], autoVerify: Bool = true) -> String {
        """
        <intent-filter\(autoVerify ? #" android:autoVerify="true""# : "")>
        <action android:name="android.intent.action.VIEW"/>
        <category android:name="android.intent.category.DEFAULT"/>
        <category android:name="android.intent.category.BROWSABLE"/>
        <data android:scheme="https"/>
        \(hosts.map { #"<data android:host="\#($0)"/>"# }.joined(separator: "\n"))
        \(paths.map { "<data android:\($0)/>" }.joined(separator: "\n"))
        </intent-filter>
        """
    }

    static func file(package: String = "com.example.app", rules: String? = nil) throws -> AssetLinksFile {
        let extensions =
            rules.map {
                #", "relation_extensions": {"delegate_permission/common.handle_all_urls": {"#
                    + #""dynamic_app_link_components": [\#($0)]}}"#
            } ?? ""
        return try AssetLinksFile(
            parsing: #"[{"relation": ["delegate_permission/common.handle_all_urls"]\#(extensions), "target": "#
                + #"{"namespace": "android_app", "package_name": "\#(package)", "sha256_cert_fingerprints": "#
                + #"["\#(fingerprint)"]}}]"#)
    }

    static func routes(_ patterns: [String], domains: [String] = ["applinks:example.com"]) throws -> RouteTable {
        try RouteTable(
            schemes: ["shop"], associatedDomains: domains,
            routes: patterns.enumerated().map { Route(name: "r\($0.offset)", pattern: $0.element) })
    }

    static func check(
        _ manifest: AndroidManifest, _ routes: RouteTable, files: [String: AssetLinksFile],
        unavailable: [String: String] = [:]
    ) throws -> AndroidCoverageReport {
        let decider = AndroidLinkDecider(manifest: manifest, app: app) { files[$0] }
        return try AndroidCoverageChecker.check(
            decider: decider, routes: routes, sources: files.mapValues { "\($0.statements.count) statements" },
            unavailable: unavailable)
    }

    @Test func agreeingFilesAreClean() throws {
        let manifest = try Self.manifest(Self.filter(hosts: ["example.com"], paths: [#"pathPrefix="/""#]))
        let report = try Self.check(manifest, try Self.routes(["/", "/**"]), files: ["example.com": try Self.file()])
        #expect(report.isClean, "\(report)")
        #expect(report.hosts.map(\.state) == [.checked])
        #expect(report.renderedText().hasPrefix("ok: com.example.app: 0 gaps, 1 of 1 host checked"))
    }

    /// Regression: two gaps of one route and no rule (no filter accepts one URL; no dynamic rule matches another)
    /// came in the exploration's order, which changed from run to run.
    @Test func gapsOfOneRouteAndRuleComeInVerdictOrder() throws {
        let manifest = try Self.manifest(Self.filter(hosts: ["example.com"], paths: [#"pathPrefix="/a""#]))
        let files = ["example.com": try Self.file(rules: #"{"/": "/a/*"}"#)]
        for _ in 0..<20 {
            let report = try Self.check(manifest, try Self.routes(["/**"]), files: files)
            #expect(report.gaps.map(\.reason) == [.noFilter, .excluded])
        }
    }

    @Test func eachGapPointsIntoTheFileThatHoldsTheMistake() throws {
        let manifest = try Self.manifest(
            Self.filter(hosts: ["example.com"], paths: [#"pathPrefix="/p/""#, #"path="/x""#]))
        let file = try Self.file(rules: #"{"/": "/p/secret*", "exclude": true}, {"/": "*"}"#)
        let routes = try Self.routes(["/p/:id", "/q"])
        let report = try Self.check(manifest, routes, files: ["example.com": file])
        let described = report.gaps.map { gap in
            [
                gap.kind.rawValue, gap.file, gap.fileLocation?.description ?? "-", gap.route ?? "-",
                gap.reason?.rawValue ?? "-", gap.example ?? "-",
            ].joined(separator: " ")
        }
        #expect(
            described == [
                "unrouted manifest 3:1 - - https://example.com/x",
                "unclaimed assetlinks:example.com "
                    + "/0/relation_extensions/delegate_permission~1common.handle_all_urls/dynamic_app_link_components/0 "
                    + "r0 excluded https://example.com/p/secret",
                "unclaimed routes /routes/1 r1 no-filter https://example.com/q",
            ], "\(described)")
        let unrouted = try #require(report.gaps.first { $0.kind == .unrouted })
        #expect(unrouted.place == .intentFilter(index: 0))
        #expect(unrouted.filterLocation == FileLocation.text(line: 3, column: 1))
        let excluded = try #require(report.gaps.first { $0.reason == .excluded })
        #expect(excluded.rule == 0)
        #expect(excluded.counterpart == .routes(pointer: JSONPointer.root.appending("routes").appending(0)))
        let findings = report.locatedFindings
        #expect(findings.map(\.place?.file) == report.gaps.map { $0.place.reportFile })
        #expect(findings.first?.place?.location == FileLocation.text(line: 3, column: 1))
        // Every example reproduces with the decider and the router.
        let decider = AndroidLinkDecider(manifest: manifest, app: Self.app) { _ in file }
        for gap in report.gaps {
            let url = try #require(gap.example)
            let routed = routes.decision(for: url)
            switch gap.kind {
            case .unrouted:
                #expect(decider.decide(url).verdict == .opens)
                #expect(routed.kind != .route)
            default:
                #expect(decider.decide(url).verdict == gap.reason)
                #expect(routed.routed?.route == gap.route)
            }
        }
    }

    @Test func hostsWithoutRoutesFilesOrVerificationAreReportedNotCompared() throws {
        let manifest = try Self.manifest(
            Self.filter(hosts: ["example.com", "other.com", "missing.com", "down.com"], paths: []))
        let routes = try Self.routes(
            ["/", "https://shop.example.org/:id"],
            domains: ["applinks:example.com", "applinks:missing.com", "applinks:down.com", "applinks:shop.example.org"])
        let report = try Self.check(
            manifest, routes,
            files: ["example.com": try Self.file(package: "com.other"), "other.com": try Self.file()],
            unavailable: ["down.com": "HTTP 404"])
        #expect(
            report.hosts.map { "\($0.host) \($0.state)" } == [
                "example.com not-verified", "other.com no-routes", "missing.com not-checked", "down.com unavailable",
                "shop.example.org not-claimed",
            ])
        #expect(
            report.gaps.map { "\($0.kind) \($0.host ?? "-") \($0.file) \($0.fileLocation?.description ?? "-")" } == [
                "route-domain-not-claimed shop.example.org routes /associatedDomains/3",
                "host-not-verified example.com assetlinks:example.com /",
                "domain-without-routes other.com manifest 3:1",
                "deployed-file down.com assetlinks:down.com /",
            ])
        let notVerified = report.gaps[1]
        #expect(notVerified.message.contains("it names com.other, not com.example.app"))
        #expect(notVerified.counterpart == .intentFilter(index: 0))
        #expect(report.locatedFindings[1].places.map(\.file) == [.assetLinks("example.com"), .androidManifest])
        #expect(report.renderedText().contains("no file: give --assetlinks missing.com=FILE"))
    }

    @Test func wildcardHostsAreCheckedOnTheHostsTheRoutesName() throws {
        let manifest = try Self.manifest(Self.filter(hosts: ["*.example.com"], paths: [#"pathPrefix="/s/""#]))
        let routes = try Self.routes(
            ["/s/:id", "https://a.example.com/t"], domains: ["applinks:*.example.com", "applinks:b.example.com"])
        // The wildcard's file is its bare domain's.
        let report = try Self.check(manifest, routes, files: ["example.com": try Self.file()])
        #expect(
            report.hosts.map { "\($0.host) \($0.state) \($0.declaredBy ?? "-") \($0.fileHost ?? "-")" } == [
                "*.example.com wildcard *.example.com example.com",
                "b.example.com checked *.example.com example.com",
                "a.example.com checked *.example.com example.com",
            ])
        #expect(
            report.gaps.map { "\($0.kind) \($0.host ?? "-") \($0.route ?? "-") \($0.example ?? "-")" } == [
                // `%2F` decodes to `/` for Android's filter, and is part of one segment for the router.
                "unrouted b.example.com - https://b.example.com/s%2F",
                "unrouted a.example.com - https://a.example.com/s%2F",
                "unclaimed a.example.com r1 https://a.example.com/t",
            ])
        #expect(report.renderedText().contains("only the hosts below it listed here are checked"))
    }

    @Test func jsonNamesTheFileAndPlaceOfEachGap() throws {
        let manifest = try Self.manifest(Self.filter(hosts: ["example.com"], paths: [#"path="/x""#]))
        let report = try Self.check(manifest, try Self.routes(["/"]), files: ["example.com": try Self.file()])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(report), as: UTF8.self)
        #expect(
            json == #"{"gaps":[{"column":1,"example":"https:\/\/example.com\/x","file":"manifest","filter":0,"#
                + #""host":"example.com","kind":"unrouted","line":3,"message":"The intent filter of .Main at 3:1 "#
                + #"opens https:\/\/example.com\/x in com.example.app, and no route handles it (the app gets a link "#
                + #"it cannot show).","pointer":null,"reason":null,"route":null,"rule":null},{"column":null,"#
                + #""example":"https:\/\/example.com\/","file":"routes","filter":null,"host":"example.com","#
                + #""kind":"unclaimed","line":null,"message":"Route `r0` handles https:\/\/example.com\/, but "#
                + #"Android opens it in the browser: no intent filter of com.example.app accepts it.","#
                + #""pointer":"\/routes\/0","reason":"no-filter","route":"r0","rule":null}],"hosts":[{"#
                + #""declaredBy":"example.com","fileHost":"example.com","host":"example.com","source":"1 statements","#
                + #""state":"checked"}],"ok":false,"package":"com.example.app"}"#)
    }

    @Test func baselineAcceptsGapsByIdentityNotExample() throws {
        let manifest = try Self.manifest(Self.filter(hosts: ["example.com"], paths: [#"pathPrefix="/""#]))
        let file = try Self.file(rules: #"{"/": "/b*", "exclude": true}, {"/": "*"}"#)
        let report = try Self.check(manifest, try Self.routes(["/", "/b", "/c"]), files: ["example.com": file])
        let baseline = Baseline<AndroidCoverageReport>(report: report)
        let rule = #"{"/": "/b*", "exclude": true}"#
        let filter =
            #"{"activity": ".Main", "autoVerify": true, "data": [{"scheme": "https"}, {"host": "example.com"}, "#
            + #"{"pathPrefix": "/"}]}"#
        #expect(
            baseline.json == """
                {
                  "version": 2,
                  "package": "com.example.app",
                  "gaps": [
                    {"kind": "unrouted", "host": "example.com", "filter": \(filter)},
                    {"kind": "unclaimed", "host": "example.com", "route": "r1", "rule": \(rule), "reason": "excluded"}
                  ]
                }

                """)
        let read = try Baseline<AndroidCoverageReport>(json: Array(baseline.json.utf8))
        #expect(read == baseline)
        #expect(read.compare(report).new.isClean)
        #expect(read.compare(report).accepted.gaps.count == 2)
        // Another unrouted example (`/c` is routed now, not `/a`), and no more exclusion: the unrouted gap is still
        // accepted, the excluded one is stale.
        let fixed = try Self.check(
            manifest, try Self.routes(["/", "/b", "/a"]), files: ["example.com": try Self.file(rules: #"{"/": "*"}"#)])
        let comparison = read.compare(fixed)
        #expect(fixed.gaps.first?.example != report.gaps.first?.example)
        #expect(comparison.new.isClean)
        #expect(comparison.accepted.gaps.count == 1)
        #expect(comparison.stale.map(\.description) == ["unclaimed example.com route=r1 rule=\(rule) reason=excluded"])
    }

    @Test func unsupportedRulesAreRefusedNotGuessed() throws {
        let manifest = try Self.manifest(Self.filter(hosts: ["example.com"], paths: []))
        let file = try Self.file(rules: #"{"?": {"é": "*"}}"#)
        #expect {
            _ = try Self.check(manifest, try Self.routes(["/"]), files: ["example.com": file])
        } throws: { ($0 as? CoverageError)?.kind == .unsupported }
    }
}

extension AndroidCoverageCheckTests {
    /// At its limit the Android check still reports: the gaps found, and each filter, dynamic rule and route it could
    /// not finish comparing as a `not-compared` error at its place (and a baseline never accepts those).
    @Test func aLimitGivesAReportNamingWhatWasNotCompared() throws {
        let manifest = try Self.manifest(
            Self.filter(hosts: ["example.com"], paths: [#"pathPattern="/.*/a.*b.*c""#, #"pathPrefix="/p/""#]))
        let file = try Self.file(rules: #"{"/": "*x*y*", "exclude": true}, {"/": "*"}"#)
        let routes = try Self.routes(["/p/:id", "/:a/:b/c"])
        let decider = AndroidLinkDecider(manifest: manifest, app: Self.app) { _ in file }
        let report = try AndroidCoverageChecker.check(
            decider: decider, routes: routes, sources: [:], unavailable: [:], universe: .canonical, stateLimit: 20)
        let unfinished = report.gaps.filter { $0.kind == .notCompared }
        #expect(!unfinished.isEmpty && !report.isClean, "\(report.gaps)")
        #expect(unfinished.allSatisfy { $0.example == nil && $0.message.contains("reached its limit") })
        #expect(unfinished.contains { $0.place == .intentFilter(index: 0) } || unfinished.contains { $0.route != nil })
        #expect(report.locatedFindings.filter { $0.code == "not-compared" }.count == unfinished.count)
        #expect(report.findingRules.contains { $0.code == "not-compared" })
        let baseline = Baseline<AndroidCoverageReport>(report: report)
        #expect(!baseline.entries.contains { $0.kind == .notCompared })
        #expect(baseline.compare(report).new.gaps.filter { $0.kind == .notCompared }.count == unfinished.count)
    }
}

extension AndroidCoverageCheckTests {
    /// Issue 40: a prefix filter opens `/help%2F...` (Android decodes `%2F` to `/`), which the router reads as one
    /// segment; the gap says that its example depends on the encoded slash, and no other gap says it.
    @Test func gapsFromAnEncodedSlashSaySo() throws {
        let manifest = try Self.manifest(Self.filter(hosts: ["example.com"], paths: [#"pathPrefix="/help/""#]))
        let file = try Self.file(rules: #"{"/": "*"}"#)
        let routes = try Self.routes(["/help/:id"])
        let decider = AndroidLinkDecider(manifest: manifest, app: Self.app) { _ in file }
        let report = try AndroidCoverageChecker.check(decider: decider, routes: routes)
        let slashed = report.gaps.filter { $0.example?.contains("%2F") == true }
        #expect(!slashed.isEmpty, "\(report.gaps)")
        #expect(slashed.allSatisfy { $0.message.contains("an encoded slash (%2F), which Android decodes") })
        let others = report.gaps.filter { $0.example?.contains("%2F") != true }
        #expect(others.allSatisfy { !$0.message.contains("corner of URL syntax") }, "\(others)")
    }
}

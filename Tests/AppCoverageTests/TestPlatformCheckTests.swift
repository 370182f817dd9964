import AppLinkConfiguration
import AppSiteAssociation
import FileLocations
import Foundation
import LinkRouting
import RichMediaKitSupport
import TestSupport
import Testing

@testable import AppCoverage
@testable import LinkCoverage

/// A third platform, defined only here (issue 39): its app file names the hosts it claims, one a line; a host's site
/// file is a prefix list, lines `+PREFIX` (opens the app) or `-PREFIX` (stays on the web), the first line whose prefix
/// starts the URL's raw path deciding, and a URL no line matches stays on the web.
struct PrefixPlatform: LinkPlatform {
    /// The difference's kind when the prefix list is the platform that does not open the URL.
    static let kind = PlatformDifference.Kind(rawValue: "opens-not-on-prefixes")
    let name = PrefixReport.platformName
    /// The claimed hosts, in the app file's order.
    let hosts: [String]
    /// Each host's lines.
    let files: [String: [(opens: Bool, prefix: String)]]
    let routes: RouteTable

    init(app: String, files: [String: String], routes: RouteTable) {
        hosts = app.split(separator: "\n").map(String.init)
        self.files = files.mapValues { text in
            text.split(separator: "\n").map { ($0.first == "+", String($0.dropFirst())) }
        }
        self.routes = routes
    }

    /// Its file of `host`, as findings name it.
    static func file(_ host: String) -> ReportFile { ReportFile(rawValue: "prefixes:\(host)") }

    /// Its own matcher: the line that decides `url` on `host`, nil when none matches.
    func match(_ url: String, host: String) -> Int? {
        let path = url.dropFirst("https://\(host)".count).prefix { $0 != "?" && $0 != "#" }
        return files[host]?.firstIndex { path.hasPrefix($0.prefix) }
    }

    /// Its own check: a claimed host without a file, and a line that opens URLs whose shortest no route handles.
    func check(allURLs: Bool) throws(CoverageError) -> any PlatformCheckReport {
        var gaps: [PrefixReport.Gap] = []
        for host in hosts {
            guard let lines = files[host] else {
                gaps.append(.init(kind: "no-file", host: host, line: nil, message: "No prefix list for \(host)."))
                continue
            }
            for (index, line) in lines.enumerated() where line.opens {
                let url = "https://\(host)\(line.prefix)"
                guard routes.outcome(for: url).kind != .route else { continue }
                gaps.append(
                    .init(
                        kind: "unrouted", host: host, line: index + 1,
                        message: "Line \(index + 1) of \(host) opens \(url) in the app, and no route handles it."))
            }
        }
        return PrefixReport(app: "prefix-app", gaps: gaps)
    }

    /// Its side of a claimed host with a file; nil otherwise.
    func side(of host: String) -> PlatformSide? {
        guard hosts.contains(host), let lines = files[host] else { return nil }
        return PlatformSide(
            name: name, elsewhere: "the web", kind: Self.kind, nothing: nil, language: { language(host, lines) },
            blocking: { blocker in
                .init(
                    reason: blocker.rule == nil ? "no-prefix" : "prefix-excluded",
                    rule: blocker.rule.map { "line \($0 + 1)" },
                    ruleText: blocker.rule.map { #"{"prefix": "\#(lines[$0].prefix)"}"# },
                    place: .init(Self.file(host), .text(line: (blocker.rule ?? 0) + 1, column: 1)),
                    why: blocker.rule.map { "line \($0 + 1) of \(host) excludes it" } ?? "no line of \(host) opens it")
            })
    }

    /// Its language on `host`: each line the URLs whose path starts with its prefix, the first that accepts deciding.
    private func language(_ host: String, _ lines: [(opens: Bool, prefix: String)]) -> PlatformHostLanguage {
        let anyPart = NFA.run(AASALanguageParts.partBytes)
        let leaves = lines.map { line in
            NFA.concatenation([
                .literal(Array(line.prefix.utf8)), anyPart, .literal([URLUniverse.querySeparator]), anyPart,
                .literal([URLUniverse.fragmentSeparator]), anyPart,
            ])
        }
        func blocker(_ line: Int?) -> PlatformHostLanguage.Blocker? {
            if let line, lines[line].opens { return nil }
            return .init(reason: 0, rule: line)
        }
        return PlatformHostLanguage(
            name: name, components: [.init(leaves: leaves, firstMatch: true)],
            verdict: { blocker($0.accepting(0)) }, mayOpen: { $0.live(0).contains { lines[Int($0)].opens } },
            mayBlock: { view, blockers in
                if !view.isDecided(0) { blockers.append(.init(reason: 0)) }
                for line in view.live(0) where !lines[Int(line)].opens {
                    blockers.append(.init(reason: 0, rule: Int(line)))
                }
            },
            decide: { url in
                let line = match(url, host: host)
                return (blocker(line), "line \(line.map(String.init) ?? "none")")
            })
    }
}

/// The prefix list's own check report.
struct PrefixReport: PlatformCheckReport, Encodable {
    struct Gap: Sendable, Hashable, Encodable {
        var kind: String
        var host: String
        var line: Int?
        var message: String

        var identity: FindingIdentity {
            FindingIdentity(
                code: kind, codeName: "kind",
                facts: [.init("host", .string(host), shown: .bare)]
                    + (line.map { [.init("line", .string("\($0)"))] } ?? []))
        }
    }

    static let platformName = "Prefixes"
    static let platformKey = "prefixes"
    static let pageCheck = "Prefixes"
    static let pageAgreeing = "the prefix lists and the routes agree"
    static let pageFlags = "--prefixes ..."
    static let baselineScopeFields: [BaselineScope.Field] = []

    var app: String
    var gaps: [Gap]

    var gapCount: Int { gaps.count }
    var baselineScope: BaselineScope { BaselineScope() }
    var pageSubjects: [(label: String, name: String)] { [("Prefix app", app)] }
    var pagePlatforms: [ReportHTMLPage.Split.Part] { [.init(Self.platformName, gaps.count)] }
    var pageSections: [ReportHTMLPage.Section] {
        [
            ReportHTMLPage.table(
                id: "prefix-gaps", heading: "Prefixes: hosts", columns: ["Host", "Kind"],
                rows: gaps.map { ($0.host, [MarkupEscaping.escaped($0.kind)]) })
        ]
    }

    var locatedFindings: [LocatedFinding] {
        gaps.map {
            LocatedFinding(
                code: $0.kind, severity: .error, message: $0.message, in: PrefixPlatform.file($0.host),
                at: .text(line: $0.line ?? 1, column: 1))
        }
    }

    func renderedText(files: [ReportFile: String]) -> String {
        (["prefix gaps: \(gaps.count)"] + gaps.map { "\($0.kind): \($0.message)" }).joined(separator: "\n")
    }

    func baselineSplit(
        _ accepts: (_ identity: FindingIdentity, _ positional: FindingIdentity) -> Bool
    ) -> (new: PrefixReport, accepted: PrefixReport) {
        baselineSplit(\.gaps, by: { accepts($0.identity, $0.identity) })
    }
}

/// The both-platforms check with a third platform defined only in the tests (``PrefixPlatform``), beside iOS and
/// Android from the shipped example: it runs through the checker's entry, and its text, JSON, findings, rules,
/// baseline, page and differences are the report's, with no code of the check knowing it.
@Suite struct TestPlatformCheckTests {
    /// iOS and Android from `Docs/Examples`, then the prefix list: it claims example.com (its file opens `/orders`
    /// and `/nowhere`, and excludes `/campaign`) and shop.example.net (no file).
    static func platforms() throws -> (platforms: [any LinkPlatform], routes: RouteTable) {
        let routes = try AppFixtures.exampleRoutes()
        let app = try AppLinkConfiguration(
            entitlements: try LinkPlatformTests.example("App.entitlements"),
            infoPlist: try LinkPlatformTests.example("Info.plist"))
        let aasa = try AppFixtures.site(try LinkPlatformTests.example("apple-app-site-association"))
        let decider = try LinkPlatformTests.decider(files: [
            "example.com": try LinkPlatformTests.example("assetlinks.json")
        ])
        let platforms: [any LinkPlatform] = [
            IOSLinkPlatform(
                app: AppLinkSide(app, hasInfoPlist: true), routes: routes, files: ["example.com": aasa],
                appID: AppFixtures.appID),
            AndroidLinkPlatform(decider: decider, routes: routes, unavailable: [:]),
            PrefixPlatform(
                app: "example.com\nshop.example.net", files: ["example.com": "-/campaign\n+/orders\n+/nowhere"],
                routes: routes),
        ]
        return (platforms, routes)
    }

    static func report() throws -> PlatformsCoverageReport {
        let (platforms, routes) = try platforms()
        return try PlatformsCoverageChecker.check(platforms: platforms, routes: routes, allURLs: false)
    }

    @Test func theThirdPlatformsReportIsInEveryOutput() throws {
        let report = try Self.report()
        let prefixes = try #require(report.platforms.last as? PrefixReport)
        #expect(prefixes.gaps.map(\.kind) == ["unrouted", "no-file"])
        #expect(report.platforms.count == 3 && !report.isClean)
        // Text: the verdict counts its gaps, and its section follows Android's.
        let text = report.renderedText()
        #expect(text.hasPrefix("gaps: \(AppFixtures.appID) and com.example.app and prefix-app: "))
        #expect(text.contains(", 2 Prefixes gaps, "))
        #expect(text.contains("\n\nPrefixes\nprefix gaps: 2\nunrouted: Line 3 of example.com opens"))
        // JSON: its object under its key, between Android's and the differences.
        guard case .object(let members) = try OrderedJSON(encoding: report) else {
            Issue.record("the JSON is not an object")
            return
        }
        #expect(members.map(\.key) == ["ok", "ios", "android", "prefixes", "differences"])
        let object = try #require(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        let encoded = try #require(object["prefixes"] as? [String: Any])
        #expect(encoded["app"] as? String == "prefix-app" && (encoded["gaps"] as? [Any])?.count == 2)
        // Findings in every annotation format, with its name first, and its rules.
        let sources = ReportSources()
        let sarif = FindingWriters.sarif(
            toolName: "link-router", rules: report.findingRules, findings: report.locatedFindings, sources: sources)
        #expect(SARIFValidator.problems(in: sarif) == [])
        #expect(sarif.contains("Prefixes: No prefix list for shop.example.net."))
        #expect(sarif.contains("opens-not-on-prefixes") && sarif.contains("Prefixes: Line 3 of example.com"))
        let github = FindingWriters.github(findings: report.locatedFindings, sources: sources)
        #expect(github.contains("Prefixes: Line 3 of example.com opens https://example.com/nowhere"))
        let xcode = FindingWriters.xcode(findings: report.locatedFindings, sources: sources)
        #expect(xcode.contains("error: Prefixes: No prefix list for shop.example.net. [no-file]"))
        let codes = report.findingRules.map(\.code)
        #expect(Set(codes).count == codes.count)
        let unrouted = try #require(report.findingRules.first { $0.code == "unrouted" })
        #expect(unrouted.summary.contains("iOS: ") && unrouted.summary.contains(" Prefixes: "))
        // The page names it, its subject, its gaps' count and its section.
        let html = PlatformsCoverageHTMLPage(report: report, inputs: .init(files: [.routes: "routes.json"])).render()
        #expect(html.contains("prefix-app") && html.contains("Prefixes: hosts"))
        #expect(html.contains("Prefixes: No prefix list for shop.example.net."))
    }

    @Test func aBaselineOfTheThirdPlatformReadsBackAndAcceptsEveryGap() throws {
        let report = try Self.report()
        let baseline = Baseline<PlatformsCoverageReport>(report: report)
        let json = baseline.json
        #expect(json.contains(#"{"platform": "prefixes", "kind": "no-file", "host": "shop.example.net"}"#))
        #expect(json.contains(#""platform": "both", "kind": "opens-not-on-prefixes""#))
        // Read without its platform, the file is refused at the entry; read with it, it accepts every gap.
        #expect(throws: BaselineError.self) { try Baseline<PlatformsCoverageReport>(json: Array(json.utf8)) }
        let read = try Baseline<PlatformsCoverageReport>(
            json: Array(json.utf8), platforms: report.platforms.map { type(of: $0) })
        #expect(read == baseline)
        let comparison = read.compare(report)
        #expect(comparison.stale.isEmpty && comparison.new.locatedFindings.isEmpty)
        #expect(comparison.accepted.locatedFindings.count == report.locatedFindings.count)
        // A fixed gap of the third platform makes its entry stale, and only it.
        var fixed = report
        fixed.platforms[2] = PrefixReport(
            app: "prefix-app", gaps: Array((report.platforms[2] as? PrefixReport)?.gaps.prefix(1) ?? []))
        #expect(read.compare(fixed).stale.map(\.description) == ["prefixes: no-file host=shop.example.net"])
    }

    @Test func differencesGoBothWaysWithTheThirdPlatform() throws {
        let report = try Self.report()
        let differences = report.differences
        // It opens what iOS and Android do not: /orders (no Android filter; iOS claims no example.com).
        let orders = differences.filter { $0.route == "orders" && $0.example == "https://example.com/orders" }
        #expect(Set(orders.map(\.kind)) == [.opensOnlyOnIOS, .opensOnlyOnAndroid], "\(orders)")
        // Each names the one platform that opens it, not every other one.
        #expect(
            Set(orders.map(\.message)) == [
                "Route `orders` handles https://example.com/orders: it opens the app on Prefixes and the browser on "
                    + "Android: no intent filter of com.example.app accepts it.",
                "Route `orders` handles https://example.com/orders: it opens the app on Prefixes and Safari on iOS: no "
                    + "applinks entry of the entitlements claims example.com.",
            ])
        // And it does not open what Android opens: its line 1 excludes /campaign, no line opens /.
        let campaign = try #require(differences.first { $0.kind == PrefixPlatform.kind && $0.route == "campaign" })
        #expect(campaign.reason == "prefix-excluded" && campaign.rule == "line 1")
        #expect(campaign.ruleText == #"{"prefix": "/campaign"}"#)
        #expect(campaign.place.file == PrefixPlatform.file("example.com"))
        #expect(
            campaign.message.hasSuffix(
                "opens the app on Android and the web on Prefixes: line 1 of example.com excludes it."))
        let home = try #require(differences.first { $0.kind == PrefixPlatform.kind && $0.route == "home" })
        #expect(home.reason == "no-prefix" && home.example == "https://example.com/")
        // Without the third platform, none of these differences exists, and iOS's and Android's are the same.
        let (platforms, routes) = try Self.platforms()
        let two = try PlatformsCoverageChecker.check(
            platforms: Array(platforms.prefix(2)), routes: routes, allURLs: false)
        #expect(!two.differences.contains { $0.kind == PrefixPlatform.kind || $0.route == "orders" })
        func key(_ difference: PlatformDifference) -> [String] {
            [
                difference.kind.rawValue, difference.host, difference.route, difference.example,
                difference.reason.rawValue,
            ]
        }
        #expect(Set(two.differences.map(key)).isSubset(of: Set(differences.map(key))))
    }

    /// A gap a platform's check could not compare is never accepted, in the both-platforms report as in the
    /// platform's own (the report splits each platform's gaps as its own report does): a baseline written from the
    /// report has no entry for it, and it stays new.
    @Test func aGapNotComparedStaysNewAsInThePlatformsOwnReport() throws {
        func gap(_ kind: AppCoverageReport.Gap.Kind, _ route: String) -> AppCoverageReport.Gap {
            .init(kind: kind, message: route, place: .routes(pointer: .root), domain: "example.com", route: route)
        }
        let ios = AppCoverageReport(
            appID: AppFixtures.appID, domains: [], gaps: [gap(.notCompared, "home"), gap(.unclaimed, "help")])
        let report = PlatformsCoverageReport(
            ios: ios, android: AndroidCoverageReport(packageName: "com.example.app", hosts: [], gaps: []),
            differences: [])
        let baseline = Baseline<PlatformsCoverageReport>(report: report)
        #expect(baseline.entries.map { $0.ios?.kind } == [.unclaimed])
        #expect(baseline.compare(report).new.ios.gaps.map(\.route) == ["home"])
        #expect(Baseline<AppCoverageReport>(report: ios).compare(ios).new.gaps.map(\.route) == ["home"])
    }
}

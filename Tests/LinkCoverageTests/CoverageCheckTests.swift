import Foundation
import RichMediaKitSupport
import TestSupport
import Testing

@testable import AppSiteAssociation
@testable import LinkCoverage
@testable import LinkRouting

@Suite struct CoverageCheckTests {
    static let app = "ABCDE12345.com.example.app"

    static func matcher(_ components: String) throws -> AASAMatcher {
        try AASAMatcher(
            parsing: Array(
                #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [\#(components)]}]}}"#.utf8))
    }

    static func routes(_ patterns: [String], domains: [String] = ["applinks:example.com"]) throws -> RouteTable {
        try RouteTable(
            schemes: ["shop"], associatedDomains: domains,
            routes: patterns.enumerated().map { Route(name: "r\($0.offset)", pattern: $0.element) })
    }

    @Test func shippedExamplesShowOneGapOfEachKind() throws {
        let root = AASAFixtures.packageRoot + "/Docs/Examples/"
        let aasa = try AASAMatcher(parsing: try AASAFixtures.read(root + "apple-app-site-association"))
        let routes = try RouteTable(json: try Data(contentsOf: URL(fileURLWithPath: root + "routes.json")))
        let report = try CoverageChecker.check(aasa: aasa, routes: routes, domain: "example.com", appID: Self.app)
        #expect(
            report.unrouted == [
                .init(rule: "/applinks/details/0/components/2", example: "https://example.com/promotion")
            ])
        #expect(
            report.unclaimed == [
                .init(
                    route: "help", example: "https://example.com/help/internal",
                    rule: "/applinks/details/0/components/6")
            ])
    }

    @Test func matchingFilesAreClean() throws {
        let aasa = try Self.matcher(
            #"{"/": "/"}, {"/": "/help/*"}, {"/": "/p/?*/?*", "exclude": true}, {"/": "/p/?*"}"#)
        let routes = try Self.routes(["/", "/help/**", "/p/:id"])
        let report = try CoverageChecker.check(aasa: aasa, routes: routes, domain: "example.com", appID: Self.app)
        #expect(report.isClean, "\(report)")
    }

    @Test func appleWorkedExampleAgainstRoutes() throws {
        // The spec's worked example: what a route table with a `/buy/:id` and a help route misses.
        let aasa = try Self.matcher(
            ##"""
            {"#": "no_universal_links", "exclude": true}, {"/": "/buy/*"},
            {"/": "/help/website/*", "exclude": true}, {"/": "/help/*", "?": {"articleNumber": "????"}}
            """##)
        let routes = try Self.routes(["/buy/:id", "/help/**"])
        let report = try CoverageChecker.check(aasa: aasa, routes: routes, domain: "example.com", appID: Self.app)
        #expect(report.unrouted.map(\.example) == ["https://example.com/buy"])
        #expect(
            report.unclaimed.map { "\($0.route) \($0.example) \($0.rule ?? "-")" } == [
                "r0 https://example.com/buy/a#no_universal_links /applinks/details/0/components/0",
                "r1 https://example.com/help -",
                "r1 https://example.com/help#no_universal_links /applinks/details/0/components/0",
                "r1 https://example.com/help/website /applinks/details/0/components/2",
            ])
    }

    @Test func aDomainTheRoutesDoNotAssociateLeavesEverythingUnrouted() throws {
        let aasa = try Self.matcher(#"{"/": "/a"}"#)
        let routes = try Self.routes(["/a"], domains: ["applinks:other.com"])
        let report = try CoverageChecker.check(aasa: aasa, routes: routes, domain: "example.com", appID: Self.app)
        #expect(report.unrouted.map(\.example) == ["https://example.com/a"])
        #expect(report.unclaimed.isEmpty)
    }

    @Test func routesBoundToAnotherHostDoNotCount() throws {
        let aasa = try Self.matcher(#"{"/": "/a"}"#)
        let routes = try Self.routes(
            ["https://shop.example.com/a", "https://example.com/b"],
            domains: ["applinks:*.example.com", "applinks:example.com"])
        let report = try CoverageChecker.check(aasa: aasa, routes: routes, domain: "example.com", appID: Self.app)
        #expect(report.unrouted.map(\.example) == ["https://example.com/a"])
        #expect(report.unclaimed.map(\.route) == ["r1"])
    }

    @Test func allURLsAddsNonCanonicalGaps() throws {
        let aasa = try Self.matcher(#"{"/": "/a/*"}"#)
        let routes = try Self.routes(["/a/**"])
        let canonical = try CoverageChecker.check(aasa: aasa, routes: routes, domain: "example.com", appID: Self.app)
        #expect(canonical.isClean, "\(canonical)")
        let all = try CoverageChecker.check(
            aasa: aasa, routes: routes, domain: "example.com", appID: Self.app, allURLs: true)
        // `//a` is `/a` to AASA (leading slashes collapse) but an empty segment to the router;
        // `%61` is `a` to the router but not to AASA's raw comparison.
        #expect(all.unrouted.map(\.example) == ["https://example.com//a"])
        #expect(all.unclaimed.map(\.example) == ["https://example.com/%61"])
    }

    @Test func decodingRulesSeeEscapedSlashesTheRouterKeepsInsideASegment() throws {
        let aasa = try Self.matcher(#"{"/": "/café/*", "percentEncoded": false}"#)
        let routes = try Self.routes(["/caf%C3%A9/**"])
        let report = try CoverageChecker.check(aasa: aasa, routes: routes, domain: "example.com", appID: Self.app)
        // Decoded, `/caf%C3%A9%2F` is `/café/`; to the router it is one segment `café/`, not `café`.
        #expect(report.unrouted.map(\.example) == ["https://example.com/caf%C3%A9%2F"])
        #expect(report.unclaimed.isEmpty)
    }

    /// Random files and tables over the full canonical and all-URL universes: the engine verifies every
    /// example itself (a non-reproducing one throws); this re-checks them independently.
    @Test(arguments: 0..<40)
    func everyExampleReproduces(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 4242)
        let text = CoverageExactnessTests.randomAASA(using: &generator)
        let aasa = try AASAMatcher(parsing: Array(text.utf8))
        let routes = CoverageExactnessTests.randomRoutes(using: &generator)
        for allURLs in [false, true] {
            let report = try CoverageChecker.check(
                aasa: aasa, routes: routes, domain: "example.com", appID: CoverageExactnessTests.appID,
                allURLs: allURLs)
            for gap in report.unrouted {
                let match = aasa.match(gap.example, domain: "example.com", appID: CoverageExactnessTests.appID)
                #expect(match.decision == .match && match.rule == gap.rule, "\(gap)")
                #expect(routes.decision(for: gap.example).kind != .route, "\(gap)")
            }
            for gap in report.unclaimed {
                let match = aasa.match(gap.example, domain: "example.com", appID: CoverageExactnessTests.appID)
                #expect(match.decision != .match && match.rule == gap.rule, "\(gap)")
                #expect(routes.decision(for: gap.example).routed?.route == gap.route, "\(gap)")
            }
        }
    }
}

extension CoverageCheckTests {
    /// At its limit the check still answers: every gap it found (each example reproduced), and the rules and routes
    /// it could not finish comparing, each an error finding at its place, in every format.
    @Test func aLimitGivesAReportNamingWhatWasNotCompared() throws {
        let components = (0..<30).map { index in
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            return #"{"/": "*\#(letters[index % 26])*\#(letters[(index * 7) % 26])*\#(letters[(index * 3) % 26])*"}"#
        }
        let aasa = try Self.matcher(components.joined(separator: ", "))
        let routes = try Self.routes(["/a/:id"])
        let report = try CoverageChecker.check(
            aasa: aasa, routes: routes, domain: "example.com", appID: Self.app, universe: .canonical, stateLimit: 100)
        #expect(!report.isClean)
        let rules = report.notCompared.compactMap(\.rule)
        #expect(!rules.isEmpty && rules.allSatisfy { $0.hasPrefix("/applinks/details/0/components/") })
        let first = try #require(report.notCompared.first)
        #expect(first.text.hasPrefix(#"{"/": "*"#), "\(first)")
        let findings = report.locatedFindings.filter { $0.code == "not-compared" }
        #expect(findings.count == report.notCompared.count)
        #expect(findings.allSatisfy { $0.severity == .error && !$0.places.isEmpty && $0.fix != nil })
        #expect(report.findingRules.map(\.code) == ["unrouted", "unclaimed", "not-compared"])
        let text = report.renderedText()
        #expect(text.contains("not compared: the check reached its limit"), "\(text)")
        #expect(text.contains(first.rule ?? "-") && text.contains(first.text))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(report), as: UTF8.self)
        #expect(json.contains(#""ok":false"#) && json.contains(#""notCompared":[{"route":null,"rule":"#), "\(json)")
        #expect(try JSONDecoder().decode(CoverageReport.self, from: Data(json.utf8)) == report)
        let bytes = Array(
            ("{\"applinks\": {\"details\": [{\"appIDs\": [\"\(Self.app)\"], \"components\": ["
                + components.joined(separator: ",\n") + "]}]}}").utf8)
        let sources = ReportSources([.aasa: .init(path: "aasa.json", bytes: bytes)])
        let log = FindingWriters.sarif(
            toolName: "link-router", rules: report.findingRules, findings: report.locatedFindings, sources: sources)
        #expect(SARIFValidator.problems(in: log) == [])
        #expect(log.contains("not-compared"))
        #expect(
            FindingWriters.github(findings: report.locatedFindings, sources: sources).contains("title=not-compared"))
        #expect(FindingWriters.xcode(findings: report.locatedFindings, sources: sources).contains("[not-compared]"))
    }
}

extension CoverageCheckTests {
    /// Issue 40: a gap whose example depends on a corner of URL syntax says which in its finding's message and fix;
    /// an ordinary gap says nothing of the kind.
    @Test func gapsSayWhichCornerOfURLSyntaxTheirExampleDependsOn() throws {
        func finding(_ report: CoverageReport) throws -> LocatedFinding {
            try #require(report.locatedFindings.first)
        }
        // An encoded slash: one segment to the router, a `/` to a decoding rule.
        let slash = try CoverageChecker.check(
            aasa: try Self.matcher(#"{"/": "/café/*", "percentEncoded": false}"#),
            routes: try Self.routes(["/caf%C3%A9/**"]), domain: "example.com", appID: Self.app)
        #expect(slash.unrouted.first?.corners.map(\.code) == ["encoded-slash"])
        #expect(try finding(slash).message.contains("an encoded slash (%2F)"))
        #expect(try finding(slash).fix?.contains("--write-baseline") == true)
        // A repeated, empty query item, on the file `aasa generate` writes for the route.
        let search = try Self.routes(["/search?q=:q"])
        let generated = try AASAMatcher(
            parsing: Array(AASAGenerator.generate(routes: search, appID: Self.app, domain: "example.com").utf8))
        let repeated = try CoverageChecker.check(
            aasa: generated, routes: search, domain: "example.com", appID: Self.app)
        let gap = try #require(repeated.unclaimed.first, "\(repeated)")
        #expect(gap.corners.map(\.code) == ["repeated-query-item"], "\(gap)")
        #expect(try finding(repeated).message.contains("repeats the item `q` with an empty occurrence"), "\(gap)")
        // Case: a case-insensitive rule, case-sensitive routes.
        let cased = try CoverageChecker.check(
            aasa: try Self.matcher(#"{"/": "/a/*", "caseSensitive": false}"#),
            routes: try Self.routes(["/a", "/a/**"]), domain: "example.com", appID: Self.app)
        #expect(cased.unrouted.map { $0.corners.map(\.code) } == [["case"]], "\(cased)")
        // An ordinary gap: no corner.
        let plain = try CoverageChecker.check(
            aasa: try Self.matcher(#"{"/": "/a/*"}, {"/": "/b"}"#), routes: try Self.routes(["/a/:id"]),
            domain: "example.com", appID: Self.app)
        #expect(plain.unrouted.map(\.example).contains("https://example.com/b"), "\(plain)")
        #expect(plain.unrouted.allSatisfy(\.corners.isEmpty) && plain.unclaimed.allSatisfy(\.corners.isEmpty))
        #expect(try finding(plain).fix == nil && !(try finding(plain).message.contains("corner")))
    }
}

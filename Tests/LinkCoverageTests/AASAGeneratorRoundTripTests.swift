import Foundation
import TestSupport
import Testing

@testable import AppSiteAssociation
@testable import LinkCoverage
@testable import LinkRouting

/// The AASA generator's round trip: the file `aasa generate` writes for a route table is checked exactly against
/// the same table. Every gap left must be one the generator documents (see ``AASAGenerator``): a raw `*` where a
/// route wants digits (AASA's `*` has no escape, so no exclusion can name it: no file can close it); a URL one of the
/// exclusions the generator lists as left out would have kept out (it left it out because it would also block a
/// routed URL); or an example carrying a corner of URL syntax (``URLSyntaxCorner``: a repeated query item, an
/// encoded slash, a trailing dot, case). Any other gap is a generator defect (the root claimed by `/?*` was one).
@Suite struct AASAGeneratorRoundTripTests {
    static let appID = "ABCDE12345.com.example.app"

    /// Why no file can close `gap`, or nil when nothing explains it.
    static func explanation(
        unrouted gap: CoverageReport.Unrouted, routes: RouteTable, generation: AASAGenerator.Generation,
        domain: String
    ) -> String? {
        if rawStarWhereDigits(gap.example, routes: routes) { return "raw-star-for-int" }
        // An exclusion the generator listed as left out (it would also block a routed URL) would have kept it out.
        // (Asked before the corners: such a gap may also carry the `case` corner when the claim has upper-case
        // letters, although case is not its cause.)
        let guarded = AASAMatcher(generation.withEveryExclusion).match(gap.example, domain: domain, appID: appID)
        if !generation.leftOut.isEmpty, guarded.decision != .match { return "left-out-exclusion" }
        return gap.corners.isEmpty ? nil : gap.corners.map(\.code).joined(separator: "+")
    }

    /// Why no file can close `gap`, or nil when nothing explains it.
    static func explanation(unclaimed gap: CoverageReport.Unclaimed) -> String? {
        gap.corners.isEmpty ? nil : gap.corners.map(\.code).joined(separator: "+")
    }

    /// Whether `example` holds a raw `*` and the table has an `<int>` segment or query capture: the generator's
    /// digits-only exclusion cannot name `*` (AASA patterns and substitution variables cannot write it), so such a
    /// URL opens the app although the `<int>` route refuses it. The URL with the `*` written as a digit must be no
    /// gap (the star is the cause).
    static func rawStarWhereDigits(_ example: String, routes: RouteTable) -> Bool {
        guard example.contains("*") else { return false }
        return routes.patterns.contains { pattern in
            pattern.segments.contains { if case .parameter(_, .int) = $0 { true } else { false } }
                || pattern.query.contains { if case .capture(_, _, .int) = $0 { true } else { false } }
        }
    }

    /// Generates the file for `domain`, lints it, checks it against `routes`, and records every gap no documented
    /// reason explains. Returns the kinds of the explained gaps, with how often each occurred.
    @discardableResult
    static func roundTrip(
        _ routes: RouteTable, domain: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Int] {
        let generation = AASAGenerator.generation(routes: routes, appID: appID, domain: domain)
        let text = generation.text
        #expect(text == AASAGenerator.generate(routes: routes, appID: appID, domain: domain))
        let context = "routes \(routes.routes.map(\.pattern)) caseSensitive \(routes.caseSensitive)\n\(text)"
        let lint = AASALinter.lint(Array(text.utf8), passes: [.unreachableRules])
        #expect(
            lint.errorCount == 0 && lint.warningCount == 0, "\(lint.diagnostics)\n\(context)",
            sourceLocation: sourceLocation)
        var kinds: [String: Int] = [:]
        let skipped = lint.diagnostics.filter { $0.code == .analysisSkipped }
        #expect(skipped.isEmpty, "\(lint.diagnostics)\n\(context)", sourceLocation: sourceLocation)
        let matcher = try AASAMatcher(parsing: Array(text.utf8))
        let report = try CoverageChecker.check(aasa: matcher, routes: routes, domain: domain, appID: appID)
        #expect(report.notCompared.isEmpty, "\(report.notCompared)\n\(context)", sourceLocation: sourceLocation)
        for gap in report.unrouted {
            if let kind = explanation(unrouted: gap, routes: routes, generation: generation, domain: domain) {
                kinds["unrouted " + kind, default: 0] += 1
                if kind == "raw-star-for-int" {
                    // The star is the cause: written as a digit, the URL is no gap.
                    let digit = gap.example.replacingOccurrences(of: "*", with: "1")
                    let opens = matcher.match(digit, domain: domain, appID: appID).decision == .match
                    #expect(
                        !opens || routes.decision(for: digit).kind == .route, "\(gap)\n\(context)",
                        sourceLocation: sourceLocation)
                }
            } else {
                Issue.record("unexplained unrouted gap \(gap)\n\(context)", sourceLocation: sourceLocation)
            }
        }
        for gap in report.unclaimed {
            if let kind = explanation(unclaimed: gap) {
                kinds["unclaimed " + kind, default: 0] += 1
            } else {
                Issue.record("unexplained unclaimed gap \(gap)\n\(context)", sourceLocation: sourceLocation)
            }
        }
        return kinds
    }

    /// The shipped example (for the file's domain and for the host one route is bound to) and the plugin fixture
    /// app: the only gaps are the documented ones.
    @Test func shippedExamplesRoundTrip() throws {
        let example = try RouteTable(
            json: Data(try AASAFixtures.read(AASAFixtures.packageRoot + "/Docs/Examples/routes.json")))
        let kinds = try Self.roundTrip(example, domain: "example.com")
        // `/product/1*` is no gap: `catalog` (`/product/**`) handles what `product` (`<int>`) refuses.
        #expect(kinds.isEmpty, "\(kinds)")
        #expect(try Self.roundTrip(example, domain: "stores.example.com").isEmpty)
        let plugin = try RouteTable(
            json: Data(try AASAFixtures.read(AASAFixtures.packageRoot + "/Tests/Fixtures/PluginApp/routes.json")))
        #expect(try Self.roundTrip(plugin, domain: "acmeshop.io").isEmpty)
    }

    /// How many random tables: each costs about 0.6 s in a debug build, most of it generation.
    static let seeds = 8

    /// Random tables from the exactness suites' generator (literal, parameter, `<int>`, `*` and `**` segments,
    /// host-bound routes, query constraints, both case sensitivities).
    @Test func randomRouteTablesRoundTrip() throws {
        var kinds: [String: Int] = [:]
        for seed in 0..<Self.seeds {
            var generator = SeededGenerator(seed: UInt64(seed) &* 6_364_136_223 &+ 40)
            let routes = CoverageExactnessTests.randomRoutes(using: &generator)
            kinds.merge(try Self.roundTrip(routes, domain: CoverageExactnessTests.domain), uniquingKeysWith: +)
        }
        // The documented kinds do occur (the test would be vacuous otherwise).
        #expect(kinds["unrouted raw-star-for-int", default: 0] > 0, "\(kinds)")
        #expect(kinds.keys.contains { $0.hasPrefix("unclaimed repeated-query-item") }, "\(kinds)")
    }
}

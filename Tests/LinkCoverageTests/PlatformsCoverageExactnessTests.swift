import AndroidAppLinks
import RichMediaKitSupport
import TestSupport
import Testing

@testable import AppSiteAssociation
@testable import LinkCoverage
@testable import LinkRouting

/// Random small AASA files, manifests, `assetlinks.json` files and route tables over a small alphabet: the
/// differences the engine finds between the platforms must equal what running the real AASA matcher, Android's
/// decider and the router on every URL up to a size finds, and every example must reproduce.
@Suite struct PlatformsCoverageExactnessTests {
    static let host = AndroidCoverageExactnessTests.host
    static let appID = CoverageExactnessTests.appID

    /// Every URL of the universe with at most three tokens after the leading `/`.
    static let enumerated = AndroidCoverageExactnessTests.urls(maxTokens: 3)

    @Test(arguments: 0..<14)
    func differencesAreExactlyWhatBruteForceFinds(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &* 15_485_863 &+ 7)
        let text = CoverageExactnessTests.randomAASA(using: &generator)
        // Sometimes iOS opens nothing on the host (not claimed, or the file does not name the app).
        let matcher = Int.random(in: 0..<6, using: &generator) == 0 ? nil : try AASAMatcher(parsing: Array(text.utf8))
        let manifest = try AndroidCoverageExactnessTests.randomManifest(&generator)
        let (fileText, file) = try AndroidCoverageExactnessTests.randomFile(&generator)
        let table = AndroidCoverageExactnessTests.randomRoutes(&generator)
        let decider = AndroidLinkDecider(manifest: manifest, app: AndroidCoverageExactnessTests.app) {
            $0 == Self.host ? file : nil
        }
        let found = try PlatformsCoverage.check(
            aasa: matcher, appID: Self.appID, decider: decider, routes: table, host: Self.host,
            universe: AndroidCoverageExactnessTests.universe)
        var engine: [PlatformsCoverage.Difference: String] = [:]
        for (difference, example) in found { engine[difference] = example }
        let rules = matcher?.rules(for: Self.appID) ?? []
        var brute = BruteForceFindings<PlatformsCoverage.Difference>()
        let urls = Self.enumerated
        for url in urls {
            let routed = table.decision(for: url)
            guard routed.kind == .route, let route = table.routes.firstIndex(where: { $0.name == routed.routed?.route })
            else { continue }
            let match = matcher?.match(url, domain: Self.host, appID: Self.appID)
            let iosOpens = match?.decision == .match
            let decision = decider.decide(url)
            let difference: PlatformsCoverage.Difference
            if iosOpens, decision.verdict != .opens {
                let rule = decision.verdict == .excluded ? decision.dynamicRule?.index : nil
                difference = .onlyIOS(route: route, verdict: decision.verdict, rule: rule)
            } else if !iosOpens, decision.verdict == .opens {
                difference = .onlyAndroid(
                    route: route,
                    rule: match?.rule.flatMap { rule in
                        rules.firstIndex { $0.pointer == rule }
                    })
            } else {
                continue
            }
            brute.record(difference, url)
        }
        let context =
            "AASA \(matcher == nil ? "none" : text)\nfile \(fileText)\nroutes \(table.routes.map(\.pattern))\n"
            + "filters \(manifest.intentFilters.map(\.filter))"
        let enumerated = Set(urls)
        try brute.expectAgreement(with: engine, enumerated: enumerated.contains, context: context)
    }
}

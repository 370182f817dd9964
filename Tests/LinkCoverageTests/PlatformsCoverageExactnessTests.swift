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
        // iOS is platform 0, Android platform 1 (its blocker's reason: no filter, not verified, excluded).
        let found = try PlatformHostLanguage.differences(
            [.ios(aasa: matcher, appID: Self.appID, host: Self.host), .android(decider, host: Self.host)],
            routes: table, host: Self.host, universe: AndroidCoverageExactnessTests.universe,
            stateLimit: CoverageChecker.stateLimit)
        var engine: [PlatformHostLanguage.Difference: String] = [:]
        for (difference, example) in found { engine[difference] = example }
        let rules = matcher?.rules(for: Self.appID) ?? []
        var brute = BruteForceFindings<PlatformHostLanguage.Difference>()
        let urls = Self.enumerated
        let verdicts: [AndroidLinkDecision.Verdict] = [.noFilter, .notVerified, .excluded]
        for url in urls {
            let routed = table.decision(for: url)
            guard routed.kind == .route, let route = table.routes.firstIndex(where: { $0.name == routed.routed?.route })
            else { continue }
            let match = matcher?.match(url, domain: Self.host, appID: Self.appID)
            let iosOpens = match?.decision == .match
            let decision = decider.decide(url)
            let difference: PlatformHostLanguage.Difference
            if iosOpens, let reason = verdicts.firstIndex(of: decision.verdict) {
                let rule = decision.verdict == .excluded ? decision.dynamicRule?.index : nil
                difference = .blocked(route: route, platform: 1, blocker: .init(reason: reason, rule: rule))
            } else if !iosOpens, decision.verdict == .opens {
                let rule = match?.rule.flatMap { rule in rules.firstIndex { $0.pointer == rule } }
                difference = .blocked(route: route, platform: 0, blocker: .init(reason: 0, rule: rule))
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

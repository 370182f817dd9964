import AndroidAppLinks
import RichMediaKitSupport
import TestSupport
import Testing

@testable import AppSiteAssociation
@testable import LinkCoverage
@testable import LinkRouting

/// A third platform, defined only here: a file of lines `+PREFIX` (opens the app) or `-PREFIX` (stays on the web);
/// the first line whose prefix starts the URL's raw path decides, and a URL no line matches stays on the web.
struct PrefixListPlatform {
    var lines: [(opens: Bool, prefix: String)]

    init(_ text: String) {
        lines = text.split(separator: "\n").map { ($0.first == "+", String($0.dropFirst())) }
    }

    /// Its own matcher: the line that decides `url`, nil when none matches.
    func match(_ url: String, host: String) -> Int? {
        let path = url.dropFirst("https://\(host)".count).prefix { $0 != "?" && $0 != "#" }
        return lines.firstIndex { path.hasPrefix($0.prefix) }
    }

    /// Its language on `host`: each line the URLs whose path starts with its prefix, the first that accepts deciding.
    func language(host: String) -> PlatformHostLanguage {
        let lines = lines
        let anyPart = NFA.run(AASALanguageParts.partBytes)
        let leaves = lines.map { line in
            NFA.concatenation([
                .literal(line.prefix), anyPart, .literal([URLUniverse.querySeparator]), anyPart,
                .literal([URLUniverse.fragmentSeparator]), anyPart,
            ])
        }
        func blocker(_ line: Int?) -> PlatformHostLanguage.Blocker? {
            if let line, lines[line].opens { return nil }
            return .init(reason: 0, rule: line)
        }
        return PlatformHostLanguage(
            name: "prefix list", components: [.init(leaves: leaves, firstMatch: true)],
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

/// The N-platform difference with a third platform the engine knows nothing about (``PrefixListPlatform``), beside
/// iOS and Android: what it finds must equal what running every platform's real decision and the router on every
/// URL up to a size finds, with examples no longer than the shortest.
@Suite struct PlatformHostLanguageTests {
    typealias Difference = PlatformHostLanguage.Difference
    static let host = AndroidCoverageExactnessTests.host
    static let appID = CoverageExactnessTests.appID
    static let universe = AndroidCoverageExactnessTests.universe
    static let enumerated = AndroidCoverageExactnessTests.urls(maxTokens: 3)

    /// The differences brute force finds: each URL a route handles, decided by every platform.
    static func bruteForce(
        _ platforms: [PlatformHostLanguage], routes: RouteTable
    ) -> BruteForceFindings<Difference> {
        var brute = BruteForceFindings<Difference>()
        for url in enumerated {
            let routed = routes.decision(for: url)
            guard routed.kind == .route,
                let route = routes.routes.firstIndex(where: { $0.name == routed.routed?.route })
            else { continue }
            let blockers = platforms.map { $0.decide(url).blocker }
            guard blockers.contains(nil) else { continue }
            for (platform, blocker) in blockers.enumerated() {
                if let blocker { brute.record(.blocked(route: route, platform: platform, blocker: blocker), url) }
            }
        }
        return brute
    }

    /// Runs the engine and expects it to agree with brute force.
    @discardableResult
    static func expectExact(
        _ platforms: [PlatformHostLanguage], routes: RouteTable, context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [Difference: String] {
        let found = try PlatformHostLanguage.differences(
            platforms, routes: routes, host: host, universe: universe, stateLimit: CoverageChecker.stateLimit)
        var engine: [Difference: String] = [:]
        for (difference, example) in found { engine[difference] = example }
        #expect(engine.count == found.count, sourceLocation: sourceLocation)
        let urls = Set(enumerated)
        try bruteForce(platforms, routes: routes).expectAgreement(
            with: engine, enumerated: urls.contains, context: context, sourceLocation: sourceLocation)
        return engine
    }

    static let manifest = """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
        <activity android:name=".Main" android:exported="true"><intent-filter android:autoVerify="true">
        <action android:name="android.intent.action.VIEW"/>
        <category android:name="android.intent.category.DEFAULT"/>
        <category android:name="android.intent.category.BROWSABLE"/>
        <data android:scheme="https"/><data android:host="example.com"/><data android:pathPrefix="/a"/>
        </intent-filter></activity></application></manifest>
        """

    /// iOS opens `/a*` but `/ab*`; Android opens `/a*`; the prefix list opens `/b*` and `/ab*` but `/aa*`.
    static func threePlatforms() throws -> (
        aasa: AASAMatcher, decider: AndroidLinkDecider, prefixes: PrefixListPlatform, routes: RouteTable
    ) {
        let aasa = try AASAMatcher(
            parsing: Array(
                #"{"applinks": {"details": [{"appIDs": ["\#(appID)"], "components": [{"/": "/ab*", "exclude": true}, {"/": "/a*"}]}]}}"#
                    .utf8))
        let file = try AssetLinksFile(
            parsing:
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example", "sha256_cert_fingerprints": ["\#(AndroidCoverageExactnessTests.fingerprint)"]}}]"#
        )
        let decider = AndroidLinkDecider(
            manifest: try AndroidManifest(parsing: manifest), app: AndroidCoverageExactnessTests.app
        ) { $0 == host ? file : nil }
        let routes = try RouteTable(
            schemes: ["shop"], associatedDomains: ["applinks:\(host)"],
            routes: [Route(name: "a", pattern: "/:a"), Route(name: "deep", pattern: "/:a/:b")])
        return (aasa, decider, PrefixListPlatform("-/aa\n+/ab\n+/b"), routes)
    }

    @Test func threePlatformsFindEveryDifferenceWithAReproducingShortestExample() throws {
        let (aasa, decider, prefixes, routes) = try Self.threePlatforms()
        let platforms = [
            PlatformHostLanguage.ios(aasa: aasa, appID: Self.appID, host: Self.host),
            try AndroidCoverage.Leaves(decider: decider, host: Self.host).platform(decider),
            prefixes.language(host: Self.host),
        ]
        let engine = try Self.expectExact(platforms, routes: routes, context: "three platforms")
        // Opens on iOS and Android, not on the prefix list (its line 0 excludes it).
        let twoOfThree = try #require(engine[.blocked(route: 0, platform: 2, blocker: .init(reason: 0, rule: 0))])
        #expect(twoOfThree == "https://example.com/aa")
        #expect(aasa.match(twoOfThree, domain: Self.host, appID: Self.appID).decision == .match)
        #expect(decider.decide(twoOfThree).verdict == .opens)
        #expect(prefixes.match(twoOfThree, host: Self.host) == 0)
        // Opens on the prefix list only: both other platforms are blocked, with the same shortest example.
        let onlyTest = try #require(engine[.blocked(route: 0, platform: 0, blocker: .init(reason: 0))])
        #expect(onlyTest == "https://example.com/b")
        #expect(engine[.blocked(route: 0, platform: 1, blocker: .init(reason: 0))] == onlyTest)
        #expect(aasa.match(onlyTest, domain: Self.host, appID: Self.appID).decision == .noMatch)
        #expect(decider.decide(onlyTest).verdict == .noFilter)
        #expect(prefixes.match(onlyTest, host: Self.host) == 2)
        // Opens on Android and the prefix list, and iOS's exclude rule blocks it.
        let excluded = try #require(engine[.blocked(route: 0, platform: 0, blocker: .init(reason: 0, rule: 0))])
        #expect(excluded == "https://example.com/ab")
        #expect(aasa.match(excluded, domain: Self.host, appID: Self.appID).decision == .exclude)
        #expect(decider.decide(excluded).verdict == .opens)
        #expect(prefixes.match(excluded, host: Self.host) == 1)
    }

    @Test func theTestPlatformAloneAgainstAnother() throws {
        let (aasa, _, prefixes, routes) = try Self.threePlatforms()
        let platforms = [
            prefixes.language(host: Self.host),
            PlatformHostLanguage.ios(aasa: aasa, appID: Self.appID, host: Self.host),
        ]
        let engine = try Self.expectExact(platforms, routes: routes, context: "prefix list and iOS")
        #expect(engine[.blocked(route: 0, platform: 0, blocker: .init(reason: 0, rule: 0))] == "https://example.com/aa")
        #expect(
            engine[.blocked(route: 0, platform: 1, blocker: .init(reason: 0))] == "https://example.com/b")
        #expect(engine[.blocked(route: 0, platform: 1, blocker: .init(reason: 0, rule: 0))] == "https://example.com/ab")
        // The prefix list alone opens nothing another platform does not, and differs from nothing.
        #expect(
            try PlatformHostLanguage.differences(
                [prefixes.language(host: Self.host)], routes: routes, host: Self.host, universe: Self.universe,
                stateLimit: CoverageChecker.stateLimit
            ).isEmpty)
    }

    @Test func theLimitLeavesTheLiveRoutesNotCompared() throws {
        let (aasa, _, prefixes, routes) = try Self.threePlatforms()
        let found = try PlatformHostLanguage.differences(
            [prefixes.language(host: Self.host), .ios(aasa: aasa, appID: Self.appID, host: Self.host)], routes: routes,
            host: Self.host, universe: Self.universe, stateLimit: 2)
        #expect(found.map(\.difference) == [.notCompared(route: 0), .notCompared(route: 1)])
    }

    @Test(arguments: 0..<16)
    func threeRandomPlatformsAgreeWithBruteForce(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &* 7_919 &+ 11)
        let text = CoverageExactnessTests.randomAASA(using: &generator)
        let aasa = try AASAMatcher(parsing: Array(text.utf8))
        let manifest = try AndroidCoverageExactnessTests.randomManifest(&generator)
        let (fileText, file) = try AndroidCoverageExactnessTests.randomFile(&generator)
        let routes = AndroidCoverageExactnessTests.randomRoutes(&generator)
        let decider = AndroidLinkDecider(manifest: manifest, app: AndroidCoverageExactnessTests.app) {
            $0 == Self.host ? file : nil
        }
        let prefixText = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
            (Bool.random(using: &generator) ? "+/" : "-/")
                + (0..<Int.random(in: 0...2, using: &generator)).map { _ in
                    ["a", "b", "/"].randomElement(using: &generator) ?? "a"
                }.joined()
        }.joined(separator: "\n")
        let platforms = [
            PlatformHostLanguage.ios(aasa: aasa, appID: Self.appID, host: Self.host),
            try AndroidCoverage.Leaves(decider: decider, host: Self.host).platform(decider),
            PrefixListPlatform(prefixText).language(host: Self.host),
        ]
        let engine = try Self.expectExact(
            platforms, routes: routes,
            context: "AASA \(text)\nfile \(fileText)\nprefixes \(prefixText)\nroutes \(routes.routes.map(\.pattern))")
        #expect(engine.keys.allSatisfy { if case .blocked = $0 { true } else { false } })
    }
}

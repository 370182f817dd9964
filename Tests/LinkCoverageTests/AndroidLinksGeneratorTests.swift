import AndroidAppLinks
import TestSupport
import Testing

@testable import LinkCoverage
@testable import LinkRouting

/// The Android generator's round trip: the files it writes, read back with the package's readers, are checked
/// against the same routes; the differences it reports are the check's, every example reproduces, and on every URL
/// of a finite set that does not spell a `/` as `%2F` the files never open the app where no route handles the URL.
@Suite struct AndroidLinksGeneratorTests {
    static let package = "com.example.app"
    static let fingerprint = Array(repeating: "ab", count: 32).joined(separator: ":")
    static let uuid = "123e4567-e89b-12d3-a456-426614174000"

    static func table(
        _ patterns: [String], caseSensitive: Bool = true,
        domains: [String] = ["applinks:example.com", "applinks:*.example.com"]
    ) throws -> RouteTable {
        try RouteTable(
            schemes: ["shop"], associatedDomains: domains, caseSensitive: caseSensitive,
            routes: patterns.enumerated().map { Route(name: "r\($0.offset)", pattern: $0.element) })
    }

    /// The decider Android would use with the generated files.
    static func decider(_ generation: AndroidLinksGeneration) throws -> AndroidLinkDecider {
        let manifest = try AndroidManifest(
            parsing: AndroidLinksGenerator.Writer.manifest(generation.intentFilters, packageName: package))
        let file = try AssetLinksFile(parsing: generation.assetLinks)
        return AndroidLinkDecider(
            manifest: manifest, app: AndroidAppIdentity(packageName: package, fingerprints: [fingerprint])
        ) { _ in file }
    }

    /// Every URL on `host` of up to three segments from `segments`, with each of `queries`.
    static func urls(host: String = "example.com", segments: [String], queries: [String] = [""]) -> [String] {
        var paths = [""]
        var layer = [""]
        for _ in 1...3 {
            layer = layer.flatMap { prefix in segments.map { prefix + "/" + $0 } }
            paths += layer
        }
        return paths.flatMap { path in queries.map { "https://\(host)\(path.isEmpty ? "/" : path)\($0)" } }
    }

    /// The segments the URLs are made of: the table's literals, a digit, a UUID, and an upper-case letter for a
    /// case-insensitive table. None spells `/` as `%2F`: there Android cannot tell the router's URLs apart.
    static func segments(_ routes: RouteTable) -> [String] {
        var segments = ["7", uuid]
        for pattern in routes.patterns {
            for case .literal(let text) in pattern.segments {
                let encoded = text.unicodeScalars.map { scalar in
                    scalar.isASCII
                        && (scalar.properties.isAlphabetic
                            || "0123456789-._~!$&'()*+,;=:@".unicodeScalars
                                .contains(scalar))
                        ? String(scalar)
                        : String(scalar).utf8.map {
                            "%" + String($0 >> 4, radix: 16, uppercase: true)
                                + String($0 & 15, radix: 16, uppercase: true)
                        }.joined()
                }.joined()
                if !segments.contains(encoded) { segments.append(encoded) }
            }
        }
        if !routes.caseSensitive { segments.append("A") }
        return Array(segments.prefix(5))
    }

    /// Generates, checks that every reported example reproduces, and that on every URL of a finite set that does
    /// not spell `/` as `%2F` the files open the app only where a route handles the URL (and, with `complete`, on
    /// every such URL).
    @discardableResult
    static func roundTrip(
        _ routes: RouteTable, options: AndroidLinksGenerator.Options = .init(), queries: [String] = [""],
        complete: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> AndroidLinksGeneration {
        let generation = try AndroidLinksGenerator.generate(
            routes: routes, packageName: package, fingerprints: [fingerprint], options: options)
        let decider = try decider(generation)
        for difference in generation.differences {
            guard let example = difference.example else { continue }
            let opens = decider.decide(example).verdict == .opens
            let routed = routes.decision(for: example).kind == .route
            switch difference.kind {
            case .openedNotRouted: #expect(opens && !routed, "\(example)", sourceLocation: sourceLocation)
            case .routedNotOpened: #expect(!opens && routed, "\(example)", sourceLocation: sourceLocation)
            default: break
            }
        }
        for url in urls(segments: segments(routes), queries: queries) {
            let opens = decider.decide(url).verdict == .opens
            let routed = routes.decision(for: url).kind == .route
            if opens {
                #expect(routed, "opens \(url), no route\n\(generation.intentFilters)", sourceLocation: sourceLocation)
            }
            if complete, routed {
                #expect(opens, "routed \(url), not opened\n\(generation.intentFilters)", sourceLocation: sourceLocation)
            }
        }
        return generation
    }

    @Test func theDifferencesAreTheExactChecksOnTheFilesAsWritten() throws {
        let routes = try Self.table(["/promotion/:id", "/help/**", "https://shop.example.com/:city"])
        let generation = try AndroidLinksGenerator.generate(
            routes: routes, packageName: Self.package, fingerprints: [Self.fingerprint])
        let report = try AndroidCoverageChecker.check(decider: try Self.decider(generation), routes: routes)
        #expect(report.gaps.map(\.example) == generation.differences.map(\.example))
        #expect(report.gaps.map(\.route) == generation.differences.map(\.route))
        #expect(!generation.isExact)
        let root = try AndroidLinksGenerator.generate(
            routes: try Self.table(["/"], domains: ["applinks:example.com"]), packageName: Self.package,
            fingerprints: [Self.fingerprint])
        #expect(root.isExact, "\(root.differences)")
    }

    /// Tables Android's advanced patterns express exactly but for `%2F`.
    static let expressible: [[String]] = [
        ["/promotion/:id", "/promotion/summer", "/promotion"],
        ["/product/:sku<int>", "/product/:slug"],
        ["/orders/:order<uuid>", "/help/**", "/x.y/[a]/:id", "/a+b/{c}"],
        ["/a/:x/b/:y", "/a/*/b", "/docs/:page/**"],
    ]

    @Test(arguments: expressible)
    func advancedPatternsClaimExactlyTheRoutesButForEncodedSlashes(patterns: [String]) throws {
        let generation = try Self.roundTrip(try Self.table(patterns), complete: true)
        for difference in generation.differences {
            #expect(difference.example?.contains("%2F") ?? false, "\(difference)")
        }
    }

    @Test func aOneSegmentParameterNeverCrossesASlash() throws {
        let routes = try Self.table(["/p/:id/details", "/q/:id"])
        let advanced = try Self.roundTrip(routes, complete: true)
        #expect(advanced.intentFilters.contains(#"android:pathAdvancedPattern="/p/[^/]+/details""#))
        let glob = try Self.roundTrip(routes, options: .init(minSDK: 24))
        // Below API 31 `.*` stops at the next `/`, and nothing stops a final parameter: it is left out.
        #expect(glob.intentFilters.contains(#"android:pathPattern="/p/..*/details""#))
        #expect(!glob.intentFilters.contains("/q"))
        #expect(glob.differences.contains { $0.kind == .routedNotOpened && $0.route == "r1" })
    }

    @Test func aWildcardHostIsClaimedBesideTheBareDomain() throws {
        let routes = try Self.table(["/a", "https://shop.example.com/only/:id"])
        let generation = try Self.roundTrip(routes)
        #expect(generation.hosts == ["example.com", "*.example.com", "shop.example.com"])
        // The bound route's paths have a filter of their own: elsewhere they would open every host.
        #expect(generation.intentFilters.components(separatedBy: "<intent-filter").count == 3)
        let only = try AndroidLinksGenerator.generate(
            routes: routes, packageName: Self.package, fingerprints: [Self.fingerprint],
            options: .init(host: "*.example.com"))
        #expect(only.hosts == ["*.example.com"])
        let http = try Self.roundTrip(routes, options: .init(http: true))
        #expect(http.intentFilters.contains(#"<data android:scheme="http" />"#))
        #expect(http.differences == generation.differences)
    }

    @Test func aCaseInsensitiveTableFoldsLettersOnlyWhereAPatternCan() throws {
        let routes = try Self.table(["/Promo/:id", "/about"], caseSensitive: false)
        let advanced = try Self.roundTrip(routes, complete: true)
        #expect(advanced.intentFilters.contains("[pP][rR][oO][mM][oO]/[^/]+"))
        let glob = try Self.roundTrip(routes, options: .init(minSDK: 24))
        #expect(glob.intentFilters.contains(#"android:path="/about""#))
        #expect(glob.differences.contains { $0.kind == .routedNotOpened && $0.route == "r1" })
    }

    @Test func aQueryConstrainedRouteNeedsDynamicRules() throws {
        let routes = try Self.table(["/search?q=:q", "/deal?code=summer", "/a"])
        let plain = try AndroidLinksGenerator.generate(
            routes: routes, packageName: Self.package, fingerprints: [Self.fingerprint])
        #expect(!plain.intentFilters.contains("/search"))
        #expect(!plain.assetLinks.contains("dynamic_app_link_components"))
        let dynamic = try Self.roundTrip(
            routes, options: .init(dynamicRules: true), queries: ["", "?q=a", "?code=summer"])
        #expect(dynamic.assetLinks.contains(#"{"/": "/search", "?": {"q": "?*"}}"#))
        #expect(dynamic.assetLinks.contains(#"{"/": "/search", "exclude": true}"#))
        #expect(dynamic.intentFilters.contains(#"android:path="/search""#))
        // Android matches any occurrence of a parameter, the router only the first.
        let decider = try Self.decider(dynamic)
        #expect(decider.decide("https://example.com/search?q=a").verdict == .opens)
        #expect(decider.decide("https://example.com/search").verdict == .excluded)
        #expect(decider.decide("https://example.com/deal?code=x&code=summer").verdict == .opens)
        #expect(routes.decision(for: "https://example.com/deal?code=x&code=summer").kind != .route)
    }

    @Test func fromAPI35ARelativeFilterGroupChecksTheQuery() throws {
        let routes = try Self.table(["/deal/:id?code=summer"])
        let generation = try Self.roundTrip(
            routes, options: .init(minSDK: 35), queries: ["?code=summer", "?code=x"], complete: true)
        #expect(
            generation.intentFilters.contains(
                """
                    <uri-relative-filter-group> <!-- r0 -->
                        <data android:pathAdvancedPattern="/deal/[^/]+" />
                        <data android:query="code=summer" />
                    </uri-relative-filter-group>
                """))
        #expect(!generation.assetLinks.contains("dynamic_app_link_components"))
        // Android matches any occurrence of a parameter, the router only the first.
        let decider = try Self.decider(generation)
        #expect(decider.decide("https://example.com/deal/7?code=x&code=summer").verdict == .opens)
        #expect(routes.decision(for: "https://example.com/deal/7?code=x&code=summer").kind != .route)
        // A capture is a `queryAdvancedPattern` (checked through the check's query automata above for `query`).
        let capture = try Self.table(["/search?q=:q&n=:n<int>"]).patterns[0]
        #expect(
            AndroidLinksGenerator.Plan.groups(capture, true).map { $0.map(\.value) } == [
                ["/search", "q=.+", "n=[0-9]+"]
            ])
    }

    @Test func aTrailingCatchAllClaimsThePathAndEverythingBelowIt() throws {
        let routes = try Self.table(["/help/**", "/files/:dir/**"])
        let advanced = try Self.roundTrip(routes, complete: true)
        #expect(advanced.intentFilters.contains(#"android:path="/help""#))
        #expect(advanced.intentFilters.contains(#"android:pathAdvancedPattern="/help/.+""#))
        let glob = try Self.roundTrip(routes, options: .init(minSDK: 24))
        #expect(glob.intentFilters.contains(#"android:pathPattern="/help/..*""#))
        #expect(glob.intentFilters.contains(#"android:pathPattern="/files/..*/..*""#))
    }

    @Test func randomRouteTablesRoundTrip() throws {
        var generator = SeededGenerator(seed: 30_003)
        var checked = 0
        for _ in 0..<5 {
            var patterns: [String] = []
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                var pattern = Int.random(in: 0..<5, using: &generator) == 0 ? "https://example.com" : ""
                let count = Int.random(in: 0...3, using: &generator)
                for index in 0..<count {
                    let choice = Int.random(in: 0..<10, using: &generator)
                    switch choice {
                    case 0..<4: pattern += "/" + ["a", "b", "x.y", "A"].randomElement(using: &generator)!
                    case 4, 5: pattern += "/:p\(index)"
                    case 6: pattern += "/:n\(index)<int>"
                    case 7: pattern += "/*"
                    case 8: pattern += "/:u\(index)<uuid>"
                    default: pattern += index == count - 1 ? "/**" : "/a"
                    }
                }
                if pattern.isEmpty || pattern == "https://example.com" { pattern += "/" }
                if Int.random(in: 0..<6, using: &generator) == 0 { pattern += "?q=:q" }
                patterns.append(pattern)
            }
            guard let routes = try? Self.table(patterns, caseSensitive: Bool.random(using: &generator)) else {
                continue
            }
            let options = AndroidLinksGenerator.Options(
                minSDK: [24, 31, 35].randomElement(using: &generator)!, dynamicRules: Bool.random(using: &generator))
            let generation = try Self.roundTrip(routes, options: options, queries: ["", "?q=a"])
            #expect(!generation.assetLinks.isEmpty)
            checked += 1
        }
        #expect(checked > 3)
    }

    @Test func badInputIsRefusedWithWhatIsWrong() throws {
        let routes = try Self.table(["/a"])
        #expect(throws: AndroidLinksGeneratorError.invalidPackageName("app")) {
            try AndroidLinksGenerator.generate(routes: routes, packageName: "app", fingerprints: [Self.fingerprint])
        }
        #expect(throws: AndroidLinksGeneratorError.invalidFingerprint("AB:CD")) {
            try AndroidLinksGenerator.generate(routes: routes, packageName: Self.package, fingerprints: ["AB:CD"])
        }
        #expect(throws: AndroidLinksGeneratorError.noFingerprints) {
            try AndroidLinksGenerator.generate(routes: routes, packageName: Self.package, fingerprints: [])
        }
        #expect(throws: AndroidLinksGeneratorError.hostNotServed("other.org")) {
            try AndroidLinksGenerator.generate(
                routes: routes, packageName: Self.package, fingerprints: [Self.fingerprint],
                options: .init(host: "other.org"))
        }
        let schemeOnly = try Self.table(["shop://cart"], domains: [])
        #expect(throws: AndroidLinksGeneratorError.noHTTPSRoutes) {
            try AndroidLinksGenerator.generate(
                routes: schemeOnly, packageName: Self.package, fingerprints: [Self.fingerprint])
        }
    }
}

import AndroidAppLinks
import RichMediaKitSupport
import TestSupport
import Testing

@testable import LinkCoverage
@testable import LinkRouting

/// Random small manifests, `assetlinks.json` files and route tables over a small alphabet: the Android coverage
/// check's findings must equal what running the real decider and router on every URL up to a size finds.
@Suite struct AndroidCoverageExactnessTests {
    static let host = "example.com"
    static let fingerprint = Array(repeating: "AB", count: 32).joined(separator: ":")
    static let app = AndroidAppIdentity(packageName: "com.example", fingerprints: [fingerprint])

    static let universe = URLUniverse(
        segmentBytes: ByteSet("ab"), queryBytes: ByteSet("ax=&"), fragmentBytes: ByteSet("a"),
        escapable: ByteSet("a/"), upperHexOnly: true, canonicalPaths: false, cleanText: false)

    /// Every URL of the universe with at most `maxTokens` tokens after the leading `/`.
    static func urls(maxTokens: Int) -> [String] {
        func sequences(_ tokens: [String], _ count: Int) -> [(String, Int)] {
            var result = [("", 0)]
            var layer = [("", 0)]
            for length in 1...max(count, 1) where length <= count {
                layer = layer.flatMap { prefix in tokens.map { (prefix.0 + $0, length) } }
                result += layer
            }
            return result
        }
        var result: [String] = []
        for (path, pathCount) in sequences(["a", "b", "/", "%61", "%2F"], maxTokens) {
            for (query, queryCount) in sequences(["a", "x", "=", "&"], maxTokens - pathCount) {
                for (fragment, _) in sequences(["a"], maxTokens - pathCount - queryCount) {
                    var url = "https://\(host)/" + path
                    if !query.isEmpty { url += "?" + query }
                    if !fragment.isEmpty { url += "#" + fragment }
                    result.append(url)
                }
            }
        }
        return result
    }

    static let enumerated = urls(maxTokens: 4)

    static func pattern(_ tokens: [String], _ maxLength: Int, _ generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...maxLength, using: &generator)).map { _ in tokens.randomElement(using: &generator)! }
            .joined()
    }

    static func pathAttribute(_ generator: inout SeededGenerator, part: String = "path") -> String {
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: return "android:\(part)=\"/\(pattern(["a", "b", "/"], 2, &generator))\""
        case 1: return "android:\(part)Prefix=\"/\(pattern(["a", "b", "/"], 2, &generator))\""
        case 2: return "android:\(part)Suffix=\"\(pattern(["a", "b", "/"], 2, &generator))\""
        case 3: return "android:\(part)Pattern=\"/\(pattern(["a", "b", "/", ".", "*", "\\\\."], 3, &generator))\""
        default:
            return
                "android:\(part)AdvancedPattern=\"/\(pattern(["a", "[ab]", "[^a]", ".", "*", "+", "/"], 3, &generator))\""
        }
    }

    /// A relative filter group's query rule over the query universe's alphabet (`;` and `&` included: Android splits
    /// the decoded query on them).
    static func queryAttribute(_ generator: inout SeededGenerator) -> String {
        let (kind, text) = queryRule(&generator)
        return "android:query\(kind.attributeSuffix)=\"\(text)\""
    }

    static func queryRule(_ generator: inout SeededGenerator) -> (AndroidPattern.Kind, String) {
        let tokens = ["a", "=", ";"]
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: return (.literal, pattern(tokens, 3, &generator))
        case 1: return (.prefix, pattern(tokens, 2, &generator))
        case 2: return (.suffix, pattern(tokens, 2, &generator))
        case 3: return (.glob, pattern(tokens + [".", "*"], 3, &generator))
        default: return (.advanced, pattern(["=", "[a;]", "[^=]", ".", "*", "+"], 3, &generator))
        }
    }

    static func randomManifest(_ generator: inout SeededGenerator, queryRules: Bool = false) throws -> AndroidManifest {
        var filters: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            var lines: [String] = []
            lines.append(#"<action android:name="android.intent.action.VIEW"/>"#)
            lines.append(#"<category android:name="android.intent.category.DEFAULT"/>"#)
            if Int.random(in: 0..<6, using: &generator) > 0 {
                lines.append(#"<category android:name="android.intent.category.BROWSABLE"/>"#)
            }
            lines.append(
                Int.random(in: 0..<6, using: &generator) > 0
                    ? #"<data android:scheme="https"/>"# : #"<data android:scheme="http"/>"#)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: break
            case 1: lines.append(#"<data android:host="*.example.com"/>"#)
            case 2: lines.append(#"<data android:host="example.com" android:port="8443"/>"#)
            case 3: lines.append(#"<data android:host="other.com"/>"#)
            default: lines.append(#"<data android:host="example.com"/>"#)
            }
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                lines.append("<data \(pathAttribute(&generator))/>")
            }
            if Int.random(in: 0..<3, using: &generator) == 0 {
                let allow = Int.random(in: 0..<3, using: &generator) == 0 ? #" android:allow="false""# : ""
                var rules = ["<data \(pathAttribute(&generator))/>"]
                if queryRules {
                    rules = (0..<Int.random(in: 1...2, using: &generator)).map { _ in
                        "<data \(queryAttribute(&generator))/>"
                    }
                    if Int.random(in: 0..<3, using: &generator) == 0 {
                        rules.append("<data \(pathAttribute(&generator))/>")
                    }
                }
                if Int.random(in: 0..<2, using: &generator) == 0 {
                    rules.append(#"<data android:fragment="a"/>"#)
                }
                lines.append("<uri-relative-filter-group\(allow)>" + rules.joined() + "</uri-relative-filter-group>")
            }
            let autoVerify = Int.random(in: 0..<5, using: &generator) > 0 ? #" android:autoVerify="true""# : ""
            filters.append("<intent-filter\(autoVerify)>" + lines.joined() + "</intent-filter>")
        }
        return try AndroidManifest(
            parsing: """
                <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
                <activity android:name=".Main" android:exported="true">\(filters.joined())</activity>
                </application></manifest>
                """)
    }

    static func randomFile(_ generator: inout SeededGenerator) throws -> (String, AssetLinksFile?) {
        if Int.random(in: 0..<8, using: &generator) == 0 { return ("none", nil) }
        let package = Int.random(in: 0..<8, using: &generator) == 0 ? "com.other" : "com.example"
        var extensions = ""
        if Int.random(in: 0..<3, using: &generator) > 0 {
            var rules: [String] = []
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                var keys: [String] = []
                if Int.random(in: 0..<4, using: &generator) > 0 {
                    keys.append(#""/": "/\#(pattern(["a", "b", "/", "*", "?"], 3, &generator))""#)
                }
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    keys.append(#""?": {"x": "\#(pattern(["a", "*", "?"], 2, &generator))"}"#)
                }
                if Int.random(in: 0..<5, using: &generator) == 0 {
                    keys.append(##""#": "\##(pattern(["a", "*"], 2, &generator))""##)
                }
                if Int.random(in: 0..<3, using: &generator) == 0 { keys.append(#""exclude": true"#) }
                rules.append("{" + keys.joined(separator: ", ") + "}")
            }
            extensions =
                #", "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": ["#
                + rules.joined(separator: ", ") + "]}}"
        }
        let text =
            #"[{"relation": ["delegate_permission/common.handle_all_urls"]\#(extensions), "target": {"namespace": "android_app", "package_name": "\#(package)", "sha256_cert_fingerprints": ["\#(fingerprint)"]}}]"#
        return (text, try AssetLinksFile(parsing: text))
    }

    static func randomRoutes(_ generator: inout SeededGenerator) -> RouteTable {
        while true {
            var routes: [Route] = []
            for index in 0..<Int.random(in: 1...3, using: &generator) {
                let segments = (0..<Int.random(in: 0...2, using: &generator)).map { _ in
                    ["a", "b", ":p", "*"].randomElement(using: &generator)!
                }
                var pattern = "/" + segments.joined(separator: "/")
                if Int.random(in: 0..<5, using: &generator) == 0 { pattern += "?x=:v" }
                routes.append(Route(name: "r\(index)", pattern: pattern))
            }
            if let table = try? RouteTable(schemes: ["shop"], associatedDomains: ["applinks:\(host)"], routes: routes) {
                return table
            }
        }
    }

    @Test(arguments: 0..<40)
    func checkFindsExactlyWhatBruteForceFinds(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &* 104_729 &+ 3)
        let manifest = try Self.randomManifest(&generator)
        try Self.compare(manifest: manifest, &generator, universe: Self.universe, urls: Self.enumerated)
    }

    /// The query universe: paths `/` and `/a`, and queries of `a`, `=`, `&`, `;` and `%26` (which decodes to a
    /// separator: Android splits the decoded query).
    static let queryUniverse = URLUniverse(
        segmentBytes: ByteSet("a"), queryBytes: ByteSet("a=&;"), fragmentBytes: ByteSet(),
        escapable: ByteSet("&"), upperHexOnly: true, canonicalPaths: false, cleanText: false)

    /// The URLs of the query universe: `/` with up to four query tokens, `/a` with up to three.
    static let queryURLs: [String] = {
        var queries = [[""]]
        for length in 1...4 {
            queries.append(queries[length - 1].flatMap { prefix in ["a", "=", "&", ";", "%26"].map { prefix + $0 } })
        }
        return [("/", 4), ("/a", 3)].flatMap { path, tokens in
            queries[0...tokens].joined().map { "https://\(host)\(path)" + ($0.isEmpty ? "" : "?" + $0) }
        }
    }()

    /// Relative filter groups with query rules (`RelativeFilterGroup.matches`: any one decoded parameter).
    @Test(arguments: 0..<10)
    func queryRulesAreExact(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &* 7_919 &+ 11)
        var manifest = try Self.randomManifest(&generator, queryRules: true)
        while !manifest.intentFilters.contains(where: { !$0.filter.relativeFilterGroups.isEmpty }) {
            manifest = try Self.randomManifest(&generator, queryRules: true)
        }
        try Self.compare(manifest: manifest, &generator, universe: Self.queryUniverse, urls: Self.queryURLs)
    }

    /// One query rule's language accepts exactly the raw queries (up to four tokens) whose decoded parameters
    /// (`AndroidURI.queryParameters`, what `RelativeFilterGroup.matches` asks) include one the pattern matches.
    @Test(arguments: 0..<6)
    func queryRuleLanguageIsExact(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &* 6_151 &+ 5)
        var queries = [[""]]
        for length in 1...4 {
            queries.append(queries[length - 1].flatMap { prefix in ["a", "=", "&", ";", "%26"].map { prefix + $0 } })
        }
        for _ in 0..<3 {
            let (kind, text) = Self.queryRule(&generator)
            guard let pattern = try? AndroidPattern(kind, text) else { continue }
            let language = DFA(try AndroidCoverage.queryRule(pattern))
            for query in queries.joined() {
                let parameters = AndroidURI("https://\(Self.host)/" + (query.isEmpty ? "" : "?" + query))
                    .queryParameters
                #expect(
                    language.accepts(Array(query.utf8)) == parameters.contains(where: pattern.matches),
                    "\(kind) \(text) on ?\(query)")
            }
        }
    }

    static func compare(
        manifest: AndroidManifest, _ generator: inout SeededGenerator, universe: URLUniverse, urls: [String]
    ) throws {
        let (text, file) = try Self.randomFile(&generator)
        let table = Self.randomRoutes(&generator)
        let decider = AndroidLinkDecider(manifest: manifest, app: Self.app) { $0 == Self.host ? file : nil }
        let gaps = try AndroidCoverage.check(decider: decider, routes: table, host: Self.host, universe: universe)
        var engine: [AndroidCoverage.Gap: String] = [:]
        for (gap, example) in gaps { engine[gap] = example }
        var brute = BruteForceFindings<AndroidCoverage.Gap>()
        for url in urls {
            let decision = decider.decide(url)
            let routed = table.decision(for: url)
            let gap: AndroidCoverage.Gap
            if decision.verdict == .opens, routed.kind != .route {
                gap = .unrouted(filter: try #require(decision.filters.firstIndex { $0.combination != nil }))
            } else if decision.verdict != .opens, routed.kind == .route {
                let route = try #require(table.routes.firstIndex { $0.name == routed.routed?.route })
                let rule = decision.verdict == .excluded ? decision.dynamicRule?.index : nil
                gap = .unclaimed(route: route, verdict: decision.verdict, rule: rule)
            } else {
                continue
            }
            brute.record(gap, url)
        }
        let context =
            "file \(text)\nroutes \(table.routes.map(\.pattern))\nfilters \(manifest.intentFilters.map(\.filter))"
        let enumerated = Set(urls)
        try brute.expectAgreement(with: engine, enumerated: enumerated.contains, context: context)
    }
}

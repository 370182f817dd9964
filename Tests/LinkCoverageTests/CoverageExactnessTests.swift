import RichMediaKitSupport
import TestSupport
import Testing

@testable import AppSiteAssociation
@testable import LinkCoverage
@testable import LinkRouting

/// Random small AASA files and route tables over a small alphabet: the engine's findings must equal
/// what running the real matcher and router on every URL up to a size finds.
@Suite struct CoverageExactnessTests {
    static let domain = "example.com"
    static let appID = "ABCDE12345.com.example.app"

    /// The universe the brute force enumerates: path tokens, query tokens, fragment tokens.
    static let pathTokens = ["a", "A", "1", "/", "%61", "%2F"]
    static let queryTokens = ["a", "x", "=", "&", "%61"]
    static let fragmentTokens = ["a", "%2F"]
    static let universe = URLUniverse(
        segmentBytes: ByteSet("aA1"), queryBytes: ByteSet("ax=&"), fragmentBytes: ByteSet("a"),
        escapable: ByteSet("a/"), upperHexOnly: true, canonicalPaths: false, cleanText: false)

    /// Every URL of the universe with at most `maxTokens` tokens after the leading `/`.
    static func urls(maxTokens: Int) -> [String] {
        func sequences(_ tokens: [String], _ count: Int) -> [String] {
            var result = [""]
            var layer = [""]
            for _ in 0..<count {
                layer = layer.flatMap { prefix in tokens.map { prefix + $0 } }
                result += layer
            }
            return result
        }
        let paths = sequences(pathTokens, maxTokens)
        let queries = sequences(queryTokens, maxTokens)
        let fragments = sequences(fragmentTokens, maxTokens)
        var result: [String] = []
        func tokenCount(_ text: String, _ tokens: [String]) -> Int {
            var count = 0
            var rest = Substring(text)
            while !rest.isEmpty {
                let token = tokens.first { rest.hasPrefix($0) }!
                rest = rest.dropFirst(token.count)
                count += 1
            }
            return count
        }
        let pathCounts = paths.map { tokenCount($0, pathTokens) }
        let queryCounts = queries.map { tokenCount($0, queryTokens) }
        let fragmentCounts = fragments.map { tokenCount($0, fragmentTokens) }
        for (path, pathCount) in zip(paths, pathCounts) {
            for (query, queryCount) in zip(queries, queryCounts) where pathCount + queryCount <= maxTokens {
                for (fragment, fragmentCount) in zip(fragments, fragmentCounts)
                where pathCount + queryCount + fragmentCount <= maxTokens {
                    var url = "https://\(domain)/" + path
                    if !query.isEmpty { url += "?" + query }
                    if !fragment.isEmpty { url += "#" + fragment }
                    result.append(url)
                }
            }
        }
        return result
    }

    static func randomAASA(using generator: inout SeededGenerator) -> String {
        func pattern(_ tokens: [String], maxLength: Int) -> String {
            let length = Int.random(in: 0...maxLength, using: &generator)
            return (0..<length).map { _ in tokens.randomElement(using: &generator)! }.joined()
        }
        let count = Int.random(in: 1...4, using: &generator)
        var components: [String] = []
        for _ in 0..<count {
            var keys: [String] = []
            if Int.random(in: 0..<5, using: &generator) > 0 {
                keys.append("\"/\": \"\(pattern(["a", "A", "1", "/", "*", "?", "%61", "%2F"], maxLength: 4))\"")
            }
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: keys.append("\"?\": \"\(pattern(["a", "x", "=", "&", "*", "?"], maxLength: 3))\"")
            case 1: keys.append("\"?\": {\"x\": \"\(pattern(["a", "*", "?", "%61"], maxLength: 2))\"}")
            default: break
            }
            if Int.random(in: 0..<4, using: &generator) == 0 {
                keys.append("\"#\": \"\(pattern(["a", "*", "?"], maxLength: 2))\"")
            }
            if Int.random(in: 0..<3, using: &generator) == 0 { keys.append("\"exclude\": true") }
            if Int.random(in: 0..<4, using: &generator) == 0 { keys.append("\"caseSensitive\": false") }
            if Int.random(in: 0..<4, using: &generator) == 0 { keys.append("\"percentEncoded\": false") }
            components.append("{" + keys.joined(separator: ", ") + "}")
        }
        if Int.random(in: 0..<5, using: &generator) == 0 {
            // The legacy form: path strings, `NOT ` excludes, query and fragment ignored.
            let paths = (0..<count).map { _ in
                let prefix = Int.random(in: 0..<3, using: &generator) == 0 ? "NOT " : ""
                return "\"" + prefix + pattern(["a", "A", "1", "/", "*", "?", "%61"], maxLength: 4) + "\""
            }
            return """
                {"applinks": {"details": [{"appIDs": ["\(appID)"], "paths": [\(paths.joined(separator: ", "))]}]}}
                """
        }
        return """
            {"applinks": {"details": [{"appIDs": ["\(appID)"], "components": [\(components.joined(separator: ", "))]}]}}
            """
    }

    static func randomRoutes(using generator: inout SeededGenerator) -> RouteTable {
        while true {
            let count = Int.random(in: 1...4, using: &generator)
            var routes: [Route] = []
            for index in 0..<count {
                let segmentCount = Int.random(in: 0...3, using: &generator)
                var segments: [String] = []
                for position in 0..<segmentCount {
                    var options = ["a", "A", ":p", ":n<int>", "*"]
                    if position == segmentCount - 1 { options.append("**") }
                    segments.append(options.randomElement(using: &generator)!)
                }
                var pattern = "/" + segments.joined(separator: "/")
                if Int.random(in: 0..<6, using: &generator) == 0 { pattern = "https://\(domain)" + pattern }
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: pattern += "?x=:v"
                case 1: pattern += "?x=a"
                case 2: pattern += "?x=:n<int>"
                default: break
                }
                routes.append(Route(name: "r\(index)", pattern: pattern))
            }
            let caseSensitive = Int.random(in: 0..<4, using: &generator) > 0
            if let table = try? RouteTable(
                schemes: ["shop"], associatedDomains: ["applinks:\(domain)"], caseSensitive: caseSensitive,
                routes: routes)
            {
                return table
            }
        }
    }

    struct Finding: Hashable, CustomStringConvertible {
        var unrouted: Bool
        var route: String?
        var rule: String?
        var description: String { "\(unrouted ? "unrouted" : "unclaimed") route=\(route ?? "-") rule=\(rule ?? "-")" }
    }

    static let enumerated = urls(maxTokens: 4)

    @Test(arguments: 0..<120)
    func checkFindsExactlyWhatBruteForceFinds(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
        let text = Self.randomAASA(using: &generator)
        let matcher = try AASAMatcher(parsing: Array(text.utf8))
        let table = Self.randomRoutes(using: &generator)
        let report = try CoverageChecker.check(
            aasa: matcher, routes: table, domain: Self.domain, appID: Self.appID, universe: Self.universe)
        var engine: [Finding: String] = [:]
        for gap in report.unrouted { engine[Finding(unrouted: true, route: nil, rule: gap.rule)] = gap.example }
        for gap in report.unclaimed {
            engine[Finding(unrouted: false, route: gap.route, rule: gap.rule)] = gap.example
        }
        var brute = BruteForceFindings<Finding>()
        for url in Self.enumerated {
            let match = matcher.match(url, domain: Self.domain, appID: Self.appID)
            let decision = table.decision(for: url)
            let finding: Finding
            if match.decision == .match, decision.kind != .route {
                finding = Finding(unrouted: true, route: nil, rule: match.rule)
            } else if match.decision != .match, decision.kind == .route {
                finding = Finding(unrouted: false, route: decision.routed?.route, rule: match.rule)
            } else {
                continue
            }
            brute.record(finding, url)
        }
        let context = "AASA \(text)\nroutes \(table.routes.map(\.pattern)) caseSensitive \(table.caseSensitive)"
        // Short examples lie inside the enumerated set, so brute force must know them.
        let longest = Self.enumerated.last!.utf8.count - 8
        try brute.expectAgreement(
            with: engine, enumerated: { $0.utf8.count <= longest && Self.enumerated.contains($0) }, context: context)
    }
}

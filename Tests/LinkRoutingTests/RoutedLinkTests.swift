import LinkRouting
import TestSupport
import Testing

@testable import LinkRouting
@testable import RichMediaKitSupport

/// `decision(for:)` decodes parameters and the query when they are read: the values, equality and hashing
/// are exactly those of the eager builder it replaced (kept below as the reference).
@Suite struct RoutedLinkTests {
    @Test(arguments: [21, 22, 23, 24, 25, 26] as [UInt64])
    func decodedValuesEqualTheEagerBuilderOnRandomTablesAndURLs(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let table = try Self.randomTable(&random)
        var routed = 0
        var rich = 0  // routed with both parameters and a query
        for _ in 0..<4000 {
            let url = Self.randomURL(&random)
            let decision = table.decision(for: url)
            let reference = Self.eagerRoutedLink(table, url)
            #expect(decision.routed?.route == reference?.route, "\(url)")
            guard let link = decision.routed, let reference else { continue }
            routed += 1
            if !reference.parameters.isEmpty, !reference.query.isEmpty { rich += 1 }
            #expect(link.parameters == reference.parameters, "\(url)")
            #expect(link.query == reference.query, "\(url)")
            #expect(link == reference, "\(url)")
            #expect(link.hashValue == reference.hashValue, "\(url)")
            for name in Array(reference.query.keys) + Self.queryNames {
                #expect(link.queryValue(name) == reference.query[name]?.first, "\(url) \(name)")
            }
        }
        #expect(routed > 100 && rich > 20, "the generator should route enough URLs: \(routed), \(rich) rich")
    }

    @Test func linksFromDispatchEqualAndHashLikeLinksMadeByHand() {
        let table = RouteFixtures.spec
        let made = RoutedLink(route: "promotion", parameters: ["id": "7"], query: ["ref": ["push", "x"]])
        let dispatched = table.decision(for: "shop://promotion/7?ref=push&ref=x").routed
        #expect(dispatched == made)
        #expect(Set([made]).contains(dispatched!))
        #expect(table.decision(for: "shop://promotion/8?ref=push&ref=x").routed != made)
        #expect(table.decision(for: "shop://promotion/7?ref=push").routed != made)
    }

    @Test func descriptionShowsTheValuesLikeAStoredStruct() throws {
        let link = try #require(RouteFixtures.spec.decision(for: "shop://promotion/7?ref=push").routed)
        let made = RoutedLink(route: "promotion", parameters: ["id": "7"], query: ["ref": ["push"]])
        let expected = #"RoutedLink(route: "promotion", parameters: ["id": "7"], query: ["ref": ["push"]])"#
        #expect(String(describing: link) == expected)
        #expect(String(describing: made) == expected)
    }

    @Test func catchAllIsTheDecodedRestJoinedWithSlashes() throws {
        let table = RouteFixtures.spec
        let deep = try #require(table.decision(for: "https://example.com/help/a%2Fb/caf%C3%A9/c/").routed)
        #expect(deep.parameters == ["**": "a/b/café/c"])
        let empty = try #require(table.decision(for: "shop://help").routed)
        #expect(empty.parameters == ["**": ""])
    }

    @Test func queryValueComparesNamesAsStringsDo() throws {
        // U+212A KELVIN SIGN is canonically equivalent to `K`, so the dictionary merges the two names.
        let link = try #require(RouteFixtures.spec.decision(for: "shop://promotion/1?%E2%84%AA=1&K=2&a=%00&a=3").routed)
        #expect(link.query == ["K": ["1", "2"], "a": ["3"]])
        #expect(link.queryValue("K") == "1")
        #expect(link.queryValue("\u{212A}") == "1")
        #expect(link.queryValue("a") == "3")
        #expect(link.queryValue("") == nil)
        #expect(link.queryValue("b") == nil)
    }

    @Test func queryCapturesUseTheFirstOccurrence() throws {
        let link = try #require(RouteFixtures.spec.decision(for: "shop://promotion?x&id=%C3%A9&id=2").routed)
        #expect(link.route == "promo-legacy")
        #expect(link.parameters == ["id": "é"])
        #expect(link.query == ["x": [""], "id": ["é", "2"]])
    }

    // MARK: - Reference and generators

    /// The eager builder `decision(for:)` used before parameters were decoded on read, verbatim.
    static func eagerRoutedLink(_ table: RouteTable, _ url: String) -> RoutedLink? {
        var text = url
        return text.withUTF8 { bytes -> RoutedLink? in
            let scan = table.matcher.scan(bytes)
            guard scan.outcome.kind == .route, let index = scan.outcome.routeIndex else { return nil }
            let pattern = table.patterns[index]
            var parameters: [String: String] = [:]
            var segmentStart = scan.zeroSegments ? -1 : scan.pathStart
            func nextSegment() -> Range<Int>? {
                guard segmentStart >= 0 else { return nil }
                var end = segmentStart
                while end < scan.pathEnd, bytes[end] != UInt8(ascii: "/") { end += 1 }
                defer { segmentStart = end < scan.pathEnd ? end + 1 : -1 }
                return segmentStart..<end
            }
            for segment in pattern.segments {
                switch segment {
                case .literal, .wildcard:
                    _ = nextSegment()
                case .parameter(let name, _):
                    if let range = nextSegment() {
                        parameters[name] = RouteBytes.decodedString(bytes, range.lowerBound, range.upperBound)
                    }
                case .catchAll:
                    var parts: [String] = []
                    while let range = nextSegment() {
                        parts.append(RouteBytes.decodedString(bytes, range.lowerBound, range.upperBound))
                    }
                    parameters[RoutePattern.catchAllName] = parts.joined(separator: "/")
                }
            }
            var query: [String: [String]] = [:]
            if scan.queryStart >= 0 {
                var itemStart = scan.queryStart
                while itemStart <= scan.queryEnd {
                    var itemEnd = itemStart
                    while itemEnd < scan.queryEnd, bytes[itemEnd] != UInt8(ascii: "&") { itemEnd += 1 }
                    var nameEnd = itemStart
                    while nameEnd < itemEnd, bytes[nameEnd] != UInt8(ascii: "=") { nameEnd += 1 }
                    let valueStart = min(nameEnd + 1, itemEnd)
                    if nameEnd > itemStart, RouteBytes.isCleanText(bytes, itemStart, nameEnd),
                        RouteBytes.isCleanText(bytes, valueStart, itemEnd)
                    {
                        query[RouteBytes.decodedString(bytes, itemStart, nameEnd), default: []].append(
                            RouteBytes.decodedString(bytes, valueStart, itemEnd))
                    }
                    itemStart = itemEnd + 1
                }
            }
            for constraint in pattern.query {
                if case .capture(let item, let name, _) = constraint, let value = query[item]?.first {
                    parameters[name] = value
                }
            }
            return RoutedLink(route: table.routes[index].name, parameters: parameters, query: query)
        }
    }

    static let literals = ["a", "b", "promo", "caf%C3%A9", "K"]
    static let queryNames = ["id", "ref", "k", "K", "\u{212A}", "é", "e\u{301}", "a", ""]

    /// A table of up to 16 routes, mostly random, over `shop` and `example.com` / `*.example.com`.
    static func randomTable(_ random: inout SeededGenerator) throws -> RouteTable {
        let bindings = ["/", "shop://", "https://example.com/", "https://a.example.com/"]
        // Two fixed routes so that every table routes a good share of the URLs, then random ones.
        var routes = [("any-one", "/:p1"), ("b-rest", "/b/**")]
        var table = try RouteFixtures.table(routes)
        for attempt in 0..<60 where routes.count < 16 {
            var segments: [String] = []
            var names = 0
            for position in 0..<Int.random(in: 0...3, using: &random) {
                switch Int.random(in: 0..<8, using: &random) {
                case 0, 1, 2: segments.append(literals.randomElement(using: &random)!)
                case 3:
                    names += 1
                    segments.append(":p\(names)")
                case 4:
                    names += 1
                    segments.append(":p\(names)<int>")
                case 5:
                    names += 1
                    segments.append(":p\(names)<uuid>")
                case 6: segments.append("*")
                default: segments.append(position == 0 ? "a" : "**")
                }
                if segments.last == "**" { break }
            }
            var constraints: [String] = []
            if Bool.random(using: &random) { constraints.append("id=:q") }
            if Bool.random(using: &random) {
                constraints.append(["ref=push", "k=:k<int>"].randomElement(using: &random)!)
            }
            var binding = bindings.randomElement(using: &random)!
            if binding == "shop://", segments.isEmpty { binding = "/" }
            let pattern =
                binding + segments.joined(separator: "/")
                + (constraints.isEmpty ? "" : "?" + constraints.joined(separator: "&"))
            let candidate = routes + [("r\(attempt)", pattern)]
            if let built = try? RouteFixtures.table(candidate) {
                routes = candidate
                table = built
            }
        }
        return table
    }

    /// A URL built from pieces that exercise escapes, unclean text, repeated and equivalent query names.
    static func randomURL(_ random: inout SeededGenerator) -> String {
        let prefixes = [
            "shop://", "shop:", "SHOP://", "https://example.com/", "https://a.example.com/", "HTTPS://EXAMPLE.com/",
        ]
        let segments =
            literals + [
                "42", "%41", "x%2Fy", "é", "123e4567-e89b-12d3-a456-426614174000", "%2e", "", "%00", "+", "a%20b",
                "%E2%84%AA",
            ]
        let items = [
            "id=7", "id=", "id", "ref=push", "ref=pull", "k=12", "k=x", "a=%00", "%0A=x", "=v", "K=1", "%E2%84%AA=2",
            "x=1+2", "id=%C3%A9", "e%CC%81=3", "%C3%A9=4", "", "a=b=c",
        ]
        var url = prefixes.randomElement(using: &random)!
        url += (0..<Int.random(in: 0...4, using: &random)).map { _ in segments.randomElement(using: &random)! }
            .joined(separator: "/")
        if Int.random(in: 0..<4, using: &random) == 0 { url += "/" }
        if Bool.random(using: &random) {
            url +=
                "?"
                + (0..<Int.random(in: 0...4, using: &random)).map { _ in items.randomElement(using: &random)! }
                .joined(separator: "&")
        }
        if Int.random(in: 0..<6, using: &random) == 0 { url += "#id=9" }
        return url
    }
}

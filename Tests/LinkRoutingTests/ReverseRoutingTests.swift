import LinkRouting
import TestSupport
import Testing

/// Reverse routing: name + values → URLs that dispatch back to the same route and values.
@Suite struct ReverseRoutingTests {
    static let table = try! RouteFixtures.table([
        ("promotion", "/promotion/:id"),
        ("promotion-summer", "/promotion/summer"),
        ("product", "https://example.com/product/:sku<int>"),
        ("order", "shop://orders/:order<uuid>"),
        ("help", "/help/**"),
        ("legacy", "shop://promotion?id=:id&ref=push"),
        ("category", "/category/*/:page<int>"),
        ("home", "/"),
    ])

    @Test func slashRouteGivesOneURLPerSchemeThenPerNonWildcardDomain() throws {
        let table = try RouteFixtures.table(
            [("p", "/p/:id")], schemes: ["shop", "shopdev"],
            domains: ["applinks:*.example.com", "applinks:example.com", "applinks:example.org"])
        #expect(
            try table.urls(for: "p", parameters: ["id": "1"]) == [
                "shop://p/1", "shopdev://p/1", "https://example.com/p/1", "https://example.org/p/1",
            ])
    }

    @Test func boundRoutesGiveOneURL() throws {
        #expect(try Self.table.urls(for: "product", parameters: ["sku": "42"]) == ["https://example.com/product/42"])
        let uuid = "123e4567-e89b-12d3-a456-426614174000"
        #expect(try Self.table.urls(for: "order", parameters: ["order": uuid]) == ["shop://orders/\(uuid)"])
    }

    @Test func valuesArePercentEncodedAndRoundTrip() throws {
        let value = "a/b c?d#e&f=g+h%i é😀"
        let urls = try Self.table.urls(for: "promotion", parameters: ["id": value])
        #expect(urls.first == "shop://promotion/a%2Fb%20c%3Fd%23e%26f%3Dg%2Bh%25i%20%C3%A9%F0%9F%98%80")
        for url in urls {
            #expect(Self.table.decision(for: url).routed?.parameters == ["id": value])
        }
    }

    @Test func catchAllValuesKeepTheirSlashes() throws {
        #expect(try Self.table.urls(for: "help", parameters: ["**": "a/b c/d"]).first == "shop://help/a/b%20c/d")
        #expect(try Self.table.urls(for: "help", parameters: ["**": ""]).first == "shop://help")
        // Slashes that would make empty or dot segments stay inside one segment (found by the routes fuzzer).
        #expect(try Self.table.urls(for: "help", parameters: ["**": "a//b"]).first == "shop://help/a%2F%2Fb")
        #expect(try Self.table.urls(for: "help", parameters: ["**": "a/../b"]).first == "shop://help/a%2F..%2Fb")
        #expect(try Self.table.urls(for: "help", parameters: ["**": "/"]).first == "shop://help/%2F")
    }

    @Test func queryConstraintsAreEmitted() throws {
        #expect(try Self.table.urls(for: "legacy", parameters: ["id": "7 8"]) == ["shop://promotion?id=7%208&ref=push"])
    }

    @Test func wildcardSegmentsTakeTheStarValue() throws {
        #expect(
            try Self.table.urls(for: "category", parameters: ["*": "shoes", "page": "2"]).first
                == "shop://category/shoes/2")
        #expect(throws: ReverseRoutingError.self) { try Self.table.urls(for: "category", parameters: ["page": "2"]) }
    }

    @Test func rootRoute() throws {
        #expect(try Self.table.urls(for: "home", parameters: [:]) == ["shop://", "https://example.com/"])
    }

    @Test(arguments: [
        ("nope", ["id": "1"], "unknown-route"),
        ("promotion", [:], "missing-parameter"),
        ("promotion", ["id": ""], "invalid-value"),
        ("promotion", ["id": "."], "invalid-value"),
        ("promotion", ["id": ".."], "invalid-value"),
        ("promotion", ["id": "a\u{0}b"], "invalid-value"),
        ("promotion", ["id": "a\u{85}b"], "invalid-value"),
        ("promotion", ["id": "1", "extra": "x"], "unexpected-parameter"),
        ("product", ["sku": "12a"], "invalid-value"),
        ("product", ["sku": "٣"], "invalid-value"),
        ("order", ["order": "not-a-uuid"], "invalid-value"),
        ("promotion", ["id": "summer"], "shadowed"),
        ("help", [:], "missing-parameter"),
    ])
    func valuesThatWouldNotRoundTripAreRefused(name: String, parameters: [String: String], identifier: String) {
        #expect {
            try Self.table.urls(for: name, parameters: parameters)
        } throws: { error in
            (error as? ReverseRoutingError)?.identifier == identifier
        }
    }

    @Test func percentSignsInValuesRoundTrip() throws {
        let urls = try Self.table.urls(for: "promotion", parameters: ["id": "%00%2F"])
        #expect(Self.table.decision(for: urls[0]).routed?.parameters == ["id": "%00%2F"])
    }

    /// Random tables and values: `urls(for:)` then dispatch gives back the route and values.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomRoutesRoundTrip(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let words = ["a", "b", "promo", "Item", "x-y", "caf%C3%A9", "n1"]
        var routes: [(String, String, Bool)] = []  // name, pattern, has wildcard
        for index in 0..<40 {
            var segments: [String] = []
            var parameter = 0
            for position in 0..<Int.random(in: 0...4, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0...3: segments.append(words.randomElement(using: &random)!)
                case 4, 5:
                    segments.append(":p\(parameter)")
                    parameter += 1
                case 6:
                    segments.append(":p\(parameter)<int>")
                    parameter += 1
                case 7:
                    segments.append(":p\(parameter)<uuid>")
                    parameter += 1
                case 8: segments.append("*")
                default: segments.append(position == 0 ? "a" : "**")
                }
                if segments.last == "**" { break }
            }
            let path = segments.joined(separator: "/")
            var pattern: String
            switch Int.random(in: 0..<4, using: &random) {
            case 0: pattern = "shop://" + path
            case 1: pattern = "https://example.com/" + path
            default: pattern = "/" + path
            }
            if Bool.random(using: &random) {
                pattern += "?q=:p\(parameter)" + (Bool.random(using: &random) ? "&ref=push" : "")
            }
            routes.append(("r\(index)", pattern, segments.contains("*")))
        }
        // Keep the first of any duplicate patterns.
        var builder = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:example.com"])
        var kept: [(String, String, Bool)] = []
        for route in routes {
            var trial = builder
            trial.add(route.0, route.1)
            if (try? trial.build()) != nil {
                builder = trial
                kept.append(route)
            }
        }
        let table = try builder.build()
        let alphabet = Array("abcXYZ019 -_.~/%?#&=+é😀:@!$'()*,;")
        var roundTrips = 0
        for (name, pattern, hasWildcard) in kept {
            for _ in 0..<20 {
                var values: [String: String] = [:]
                for match in pattern.split(whereSeparator: { $0 == "/" || $0 == "?" || $0 == "&" || $0 == "=" })
                where match.hasPrefix(":") {
                    let text = String(match.dropFirst())
                    let name = String(text.prefix { $0 != "<" })
                    if text.hasSuffix("<int>") {
                        values[name] = String(Int.random(in: 0...99_999, using: &random))
                    } else if text.hasSuffix("<uuid>") {
                        values[name] = "123e4567-E89B-12d3-a456-42661417400\(Int.random(in: 0...9, using: &random))"
                    } else {
                        values[name] = Self.randomText(alphabet, &random)
                    }
                }
                if pattern.contains("**") {
                    let count = Int.random(in: 0...3, using: &random)
                    values["**"] = (0..<count).map { _ in Self.randomText(alphabet.filter { $0 != "/" }, &random) }
                        .joined(separator: "/")
                }
                if hasWildcard { values["*"] = Self.randomText(alphabet, &random) }
                do {
                    let urls = try table.urls(for: name, parameters: values)
                    #expect(!urls.isEmpty)
                    var expected = values
                    expected["*"] = nil
                    for url in urls {
                        let decision = table.decision(for: url)
                        #expect(decision.routed?.route == name, "\(url)")
                        #expect(decision.routed?.parameters == expected, "\(url)")
                    }
                    roundTrips += 1
                } catch {
                    // Only a more specific route may take the URL, or a random value may be a dot segment.
                    #expect(
                        error.identifier == "shadowed" || error.identifier == "invalid-value",
                        "\(name) \(pattern) \(values): \(error)")
                }
            }
        }
        #expect(roundTrips > kept.count * 10)
    }

    private static func randomText(_ alphabet: [Character], _ random: inout SeededGenerator) -> String {
        String((0..<Int.random(in: 1...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
    }
}

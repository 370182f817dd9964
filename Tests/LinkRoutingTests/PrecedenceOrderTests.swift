import TestSupport
import Testing

@testable import LinkRouting

/// The one precedence rule (`RoutePattern.precedes`, `RouteTable.precedenceOrder`) against dispatch: on random
/// tables, the route dispatch picks is the first route in precedence order that matches the URL on its own.
@Suite struct PrecedenceOrderTests {
    /// The table with only the route at `index` (same schemes, domains and case sensitivity).
    static func alone(_ table: RouteTable, _ index: Int) throws -> RouteTable {
        try RouteTable(
            schemes: table.schemes, associatedDomains: table.associatedDomains.map(\.description),
            externalSchemes: table.externalSchemes, caseSensitive: table.caseSensitive, routes: [table.routes[index]])
    }

    @Test func dispatchPicksTheFirstMatchingRouteInPrecedenceOrder() throws {
        var random = SeededGenerator(seed: 0x11_0E7)
        var routed = 0
        for _ in 0..<60 {
            let table = try RoutedLinkTests.randomTable(&random)
            let order = table.precedenceOrder
            #expect(Set(order) == Set(table.routes.indices))
            let singles = try table.routes.indices.map { try Self.alone(table, $0) }
            for _ in 0..<80 {
                let url = RoutedLinkTests.randomURL(&random)
                let expected = order.first { singles[$0].outcome(for: url).kind == .route }
                let actual = table.outcome(for: url)
                #expect(actual.routeIndex == expected, "\(url) in \(table.routes.map(\.pattern))")
                if expected != nil { routed += 1 }
            }
        }
        #expect(routed > 500)
    }

    @Test(
        arguments: [
            ("/a/b", "/a/:p"), ("/a/:p<int>", "/a/:p"), ("/a/:p", "/a/*"), ("/a/*", "/a/**"), ("/a", "/a/**"),
            ("shop://a/:p", "/a/:p"), ("/a?id=:id", "/a"), ("/a/:p/x", "/a/**"), ("/a/b/**", "/a/:p"),
        ])
    func theMoreSpecificPatternPrecedes(first: String, second: String) throws {
        let table = try RouteFixtures.table([("second", second), ("first", first)])
        #expect(table.precedenceOrder == [1, 0])
        #expect(RoutePattern.precedes(table.patterns[1], 1, table.patterns[0], 0))
        #expect(!RoutePattern.precedes(table.patterns[0], 0, table.patterns[1], 1))
    }
}

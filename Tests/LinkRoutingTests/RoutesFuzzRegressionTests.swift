import Foundation
import TestSupport
import Testing

@testable import LinkRouting
@testable import RichMediaKitSupport

/// Inputs the routes fuzzer (`Fuzz/routes`) found, replayed with the harness's invariants.
///
/// Each file in `Fixtures/fuzz/` named `routes-*` is a routes file, then optionally a 0x01 byte and URLs, one a
/// line; URLs after a routes file that does not load are dispatched against `Docs/Examples/routes.json`.
@Suite struct RoutesFuzzRegressionTests {
    static let directory = PackagePaths.root.appendingPathComponent("Tests/LinkRoutingTests/Fixtures/fuzz")

    static let inputs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix("routes-") }.sorted()
    }()

    @Test func everyFoundInputIsCommitted() {
        #expect(Self.inputs.count >= 3)
    }

    @Test(arguments: inputs)
    func foundInputKeepsTheInvariants(name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.directory.appendingPathComponent(name)))
        let separator = bytes.firstIndex(of: 0x01)
        var table: RouteTable
        do {
            table = try RouteTable(json: Data(separator.map { Array(bytes[..<$0]) } ?? bytes))
        } catch {
            #expect(error.location != nil)
            let example = PackagePaths.root.appendingPathComponent("Docs/Examples/routes.json")
            table = try RouteTable(json: Data(contentsOf: example))
        }
        guard let separator else { return }
        for line in bytes[(separator + 1)...].split(separator: 0x0A, omittingEmptySubsequences: false) {
            Self.checkRoundTrip(table, String(decoding: line, as: UTF8.self))
        }
    }

    /// A matched URL's values reverse-route to URLs that reach the same route with the same values, or the
    /// error is one the values cannot avoid (another source's route, the length limit).
    static func checkRoundTrip(_ table: RouteTable, _ url: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let decision = table.decision(for: url)
        #expect(decision.kind == table.outcome(for: url).kind, sourceLocation: sourceLocation)
        guard let routed = decision.routed, let index = table.routeIndex(named: routed.route) else { return }
        var parameters = routed.parameters
        let pattern = table.patterns[index]
        if pattern.segments.contains(.wildcard) { parameters[RouteTable.wildcardKey] = "x" }
        do {
            for built in try table.urls(for: routed.route, parameters: parameters) {
                let again = table.decision(for: built).routed
                #expect(again?.route == routed.route, "\(built) from \(url)", sourceLocation: sourceLocation)
                #expect(again?.parameters == routed.parameters, "\(built) from \(url)", sourceLocation: sourceLocation)
            }
        } catch {
            let allowed: Set<String> =
                pattern.binding == .any ? ["shadowed", "no-target", "url-too-long"] : ["url-too-long"]
            #expect(allowed.contains(error.identifier), "\(url): \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func catchAllValueWithAnEncodedSlashRoundTrips() throws {
        let table = RouteFixtures.spec
        let routed = try #require(table.decision(for: "https://example.com/help/%2F/").routed)
        #expect(routed.parameters == ["**": "/"])
        #expect(
            try table.urls(for: "help", parameters: routed.parameters) == [
                "shop://help/%2F", "https://example.com/help/%2F",
            ])
    }

    @Test(arguments: [".", ".."])
    func queryValueThatIsADotRoundTrips(value: String) throws {
        let table = RouteFixtures.spec
        let routed = try #require(table.decision(for: "shop://promotion?id=" + value).routed)
        #expect(routed.parameters == ["id": value])
        #expect(try table.urls(for: "promo-legacy", parameters: routed.parameters) == ["shop://promotion?id=" + value])
    }

    @Test func valueThatEncodingMakesTooLongIsAClearError() throws {
        let table = RouteFixtures.spec
        let value = String(repeating: "é", count: 1000)  // 2,000 bytes as text, 6,000 percent-encoded
        let routed = try #require(table.decision(for: "shop://promotion?id=" + value).routed)
        #expect(routed.parameters == ["id": value])
        #expect {
            try table.urls(for: "promo-legacy", parameters: routed.parameters)
        } throws: { error in
            (error as? ReverseRoutingError)?.identifier == "url-too-long"
        }
    }
}

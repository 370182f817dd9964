import Foundation
import Testing

@testable import LinkRouting
@testable import RichMediaKitSupport

/// Files and URLs a careless implementation dies on: each gets a clear error or a correct answer, and the
/// suite checks the outcome (never the time).
@Suite struct RoutesHostileInputTests {
    /// A hostile routes file, built when the test runs.
    enum HostileFile: String, CaseIterable, Sendable {
        case tenMegabytes, hundredMegabytes, nesting100000, invalidUTF8, nulBytes, nulInsideString, empty
        case bareNumber, hugeNumber, deepString

        var bytes: [UInt8] {
            switch self {
            case .tenMegabytes: return Self.padded(10_000_000)
            case .hundredMegabytes: return Self.padded(100_000_000)
            case .nesting100000:
                return Array(#"{"routes": "#.utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
            case .invalidUTF8:
                return Array(#"{"routes": [{"name": ""#.utf8) + [0xFF, 0xC0, 0x80]
                    + Array(#"", "pattern": "/a"}]}"#.utf8)
            case .nulBytes: return [0x00, 0x00, 0x00, 0x00]
            case .nulInsideString: return Array("{\"routes\": [{\"name\": \"a\u{0}\", \"pattern\": \"/a\"}]}".utf8)
            case .empty: return []
            case .bareNumber: return Array("42".utf8)
            case .hugeNumber: return Array(#"{"caseSensitive": 1e999999, "routes": []}"#.utf8)
            case .deepString:
                return Array(#"{"routes": [{"name": "#.utf8) + Array(String(repeating: "\\\"", count: 500_000).utf8)
            }
        }

        /// A valid-looking routes file padded with spaces to `size` bytes.
        static func padded(_ size: Int) -> [UInt8] {
            let body = Array(#"{"routes": [{"name": "a", "pattern": "/a"}]}"#.utf8)
            return body + [UInt8](repeating: UInt8(ascii: " "), count: size - body.count)
        }
    }

    @Test(arguments: HostileFile.allCases)
    func hostileRoutesFileGivesALocatedError(file: HostileFile) {
        do {
            _ = try RouteTable(json: Data(file.bytes))
            Issue.record("\(file) loaded")
        } catch {
            #expect(error.identifier == "invalid-json")
            #expect(error.location != nil, "\(file): \(error)")
            #expect(!error.message.isEmpty)
            if file == .tenMegabytes || file == .hundredMegabytes {
                #expect(error.location == "/")
                #expect(error.message.contains("limited to \(RouteTable.maximumFileSize) bytes"))
            }
        }
    }

    @Test func fileAtTheSizeLimitStillLoads() throws {
        let table = try RouteTable(json: Data(HostileFile.padded(RouteTable.maximumFileSize)))
        #expect(table.target("shop://a") == "[reject]")  // no schemes: nothing owned, but it loaded
        #expect(table.routes.count == 1)
    }

    /// Decision: a routes file of 100,000 routes (about 4.4 MB) is under the 8 MiB limit and loads correctly.
    @Test func hundredThousandRoutesLoadAndDispatch() throws {
        var json = #"{"schemes": ["shop"], "associatedDomains": ["applinks:example.com"], "routes": ["#
        for index in 0..<100_000 {
            if index > 0 { json += "," }
            json += #"{"name": "r\#(index)", "pattern": "/p\#(index)/:id"}"#
        }
        json += "]}"
        #expect(json.utf8.count < RouteTable.maximumFileSize)
        let table = try RouteTable(json: json)
        #expect(table.routes.count == 100_000)
        for index in [0, 50_000, 99_999] {
            let decision = table.decision(for: "https://example.com/p\(index)/x")
            #expect(decision.routed == RoutedLink(route: "r\(index)", parameters: ["id": "x"]))
        }
        #expect(table.target("shop://p100000/x") == "[unhandled]")
        #expect(try table.urls(for: "r99999", parameters: ["id": "7"]).last == "https://example.com/p99999/7")
    }

    @Test func megabyteURLIsRejectedAsTooLong() {
        let url = "https://example.com/help/" + String(repeating: "a", count: 1 << 20)
        let decision = RouteFixtures.spec.decision(for: url)
        #expect(decision.kind == .reject)
        #expect(decision.reason == .tooLong)
        #expect(decision.url == url)
    }

    @Test func hundredThousandQueryItemsAreRejectedAsTooLong() {
        let url = "shop://promotion?" + Array(repeating: "id=1", count: 100_000).joined(separator: "&")
        #expect(RouteFixtures.spec.decision(for: url).reason == .tooLong)
    }

    @Test func asManyQueryItemsAsFitAreAllKept() throws {
        let items = (0..<800).map { "k=\($0 % 10)" }
        let url = "shop://promotion?id=7&" + items.joined(separator: "&")
        #expect(url.utf8.count <= 4096)
        let routed = try #require(RouteFixtures.spec.decision(for: url).routed)
        #expect(routed.route == "promo-legacy")
        #expect(routed.parameters == ["id": "7"])
        #expect(routed.query["k"]?.count == 800)
    }

    @Test func twoThousandSegmentsGoToTheCatchAll() throws {
        let parts = Array(repeating: "a", count: 2000)
        let routed = try #require(
            RouteFixtures.spec.decision(for: "shop://help/" + parts.joined(separator: "/")).routed)
        #expect(routed.parameters["**"] == parts.joined(separator: "/"))
    }

    @Test(arguments: ["\u{0}", "%00", "%FF", "%C0%80", "\u{FEFF}", "%E2%80%AE"])
    func nulAndInvalidUTF8InURLsAreRefusedOrDecoded(piece: String) {
        let decision = RouteFixtures.spec.decision(for: "shop://promotion/a" + piece)
        if let routed = decision.routed {
            // Only valid UTF-8 without control characters may reach a handler.
            let value = routed.parameters["id"] ?? ""
            #expect(!value.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        } else {
            #expect(decision.kind != .browser)
        }
    }
}

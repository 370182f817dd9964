import Testing

@testable import RichMediaKitSupport

/// Reading and writing JSON cost time linear in the document (issue 43): the shapes that were quadratic, each at the
/// size of the largest file the package reads of its kind. The parser copied an array or an object on every append
/// and the encoder copied an array and searched every key on every element: these inputs took minutes. Linear,
/// each takes well under a second in a debug build (about 2 s for the whole suite); the suite's time limit makes a
/// quadratic return fail instead of hang. The per-element cost from small to large is measured by the benchmarks
/// (`json.parse.*`, `json.encode.*` in Docs/Performance.md).
@Suite(.timeLimit(.minutes(1))) struct JSONLinearityTests {
    static func array(_ element: String, count: Int) -> [UInt8] {
        Array(("[" + Array(repeating: element, count: count).joined(separator: ",") + "]").utf8)
    }

    @Test func sixtyFiveThousandZerosParse() throws {
        // 130 KB: an AASA file at iOS's limit (128 KB) holds about this many.
        let value = try JSONParser.parse(Self.array("0", count: 65_000))
        guard case .array(let items) = value else {
            Issue.record("not an array: \(value.typeName)")
            return
        }
        #expect(items.count == 65_000)
        #expect(items.allSatisfy { $0 == .number("0") })
    }

    @Test func fortyThousandEmptyObjectsParse() throws {
        let value = try JSONParser.parse(Self.array("{}", count: 40_000))
        guard case .array(let items) = value else {
            Issue.record("not an array: \(value.typeName)")
            return
        }
        #expect(items.count == 40_000)
    }

    @Test func anObjectOfNinetyThousandKeysParsesInOrder() throws {
        let text = "{" + (0..<90_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        let value = try JSONParser.parse(Array(text.utf8))
        guard case .object(let members) = value else {
            Issue.record("not an object: \(value.typeName)")
            return
        }
        #expect(members.count == 90_000)
        #expect(members.last?.key == "k89999")
        #expect(value["k12345"] == .number("12345"))
    }

    @Test func pointersAreLocatedInOnePassOverAWideArray() {
        let bytes = Self.array("1", count: 50_000)
        let positions = JSONSourcePositions.positions(of: ["/0", "/49999", "/7"], in: bytes)
        #expect(positions["/0"] == JSONSourcePosition(line: 1, column: 2))
        #expect(positions["/7"] == JSONSourcePosition(line: 1, column: 16))
        #expect(positions["/49999"] == JSONSourcePosition(line: 1, column: 100_000))
    }

    struct Entry: Encodable {
        var host: String
        var index: Int
    }

    @Test func twoHundredThousandElementsEncode() throws {
        let value = try OrderedJSON(encoding: Array(0..<200_000))
        guard case .array(let items) = value else {
            Issue.record("not an array")
            return
        }
        #expect(items.count == 200_000)
        #expect(items.last == .integer(199_999))
    }

    @Test func aDictionaryOfFiftyThousandKeysEncodesEachKeyOnce() throws {
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<50_000).map { ("k\($0)", $0) })
        let value = try OrderedJSON(encoding: dictionary)
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members.count == 50_000)
        #expect(Set(members.map(\.key)).count == 50_000)
    }

    @Test func tenThousandObjectsEncodeAndWriteCompactly() throws {
        let entries = (0..<10_000).map { Entry(host: "h\($0).example", index: $0) }
        let text = try OrderedJSON(encoding: entries).compact
        #expect(text.hasPrefix(#"[{"host":"h0.example","index":0},"#))
        #expect(text.hasSuffix(#"{"host":"h9999.example","index":9999}]"#))
    }
}

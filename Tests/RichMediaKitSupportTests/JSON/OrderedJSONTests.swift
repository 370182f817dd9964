import RichMediaKitSupport
import Testing

/// The package's one JSON writer: compact (what the commands print), lines, pretty (report files), and values
/// built from `Codable` in their encoding order.
@Suite struct OrderedJSONTests {
    private struct Sample: Encodable {
        var zeta = "z"
        var alpha: Int? = nil
        var flags = [true, false]
        var nested = ["only": 1]
        var tail: String? = "t"
    }

    @Test func compactHasNoWhitespaceKeepsTheOrderAndUsesTheSharedQuoting() {
        let value = OrderedJSON.object([
            .init("b", .array([.integer(1), .bool(true), .null, .number("1.5")])),
            .init("a", .string("x\"\u{2028} y")), .init("c", .optional(nil)), .init("d", .object([])),
        ])
        #expect(value.compact == #"{"b":[1,true,null,1.5],"a":"x\"\u2028 y","c":null,"d":{}}"#)
    }

    @Test func linesPutOneCompactElementOnEachLine() {
        let value = OrderedJSON.array([.object([.init("a", .integer(1)), .init("b", .array([]))]), .integer(2)])
        #expect(value.lines == "[\n  {\"a\":1,\"b\":[]},\n  2\n]")
        #expect(OrderedJSON.array([]).lines == "[]")
        #expect(OrderedJSON.object([.init("a", .null)]).lines == #"{"a":null}"#)
    }

    @Test func prettyIndentsAndKeepsFlatObjectsOnOneLine() {
        let value = OrderedJSON.object([
            .init("version", .integer(1)),
            .init("gaps", .array([.object([.init("kind", .string("unrouted")), .init("rule", .null)])])),
            .init("empty", .array([])), .init("scalars", .array([.integer(1), .string("two")])),
        ])
        #expect(
            value.pretty == """
                {
                  "version": 1,
                  "gaps": [
                    {"kind": "unrouted", "rule": null}
                  ],
                  "empty": [],
                  "scalars": [1, "two"]
                }
                """)
    }

    @Test func membersKeepTheirEncodingOrderAndAbsentOptionalsAreLeftOut() throws {
        let value = try OrderedJSON(encoding: Sample())
        #expect(value.compact == #"{"zeta":"z","flags":[true,false],"nested":{"only":1},"tail":"t"}"#)
    }

    @Test func explicitNilsAreNull() throws {
        struct Explicit: Encodable {
            enum CodingKeys: CodingKey { case a }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(String?.none, forKey: .a)
            }
        }
        #expect(try OrderedJSON(encoding: [Explicit()]).compact == #"[{"a":null}]"#)
    }

    @Test func floatingPointNumbersAreRefused() {
        #expect(throws: EncodingError.self) { try OrderedJSON(encoding: [1.5]) }
    }

    @Test func membersCanBeAddedInFrontOrAtTheEndOfAnObjectOnly() {
        let object = OrderedJSON.object([.init("b", .integer(2))])
        #expect(object.prepending([.init("a", .integer(1))]).compact == #"{"a":1,"b":2}"#)
        #expect(object.appending([.init("c", .integer(3))]).compact == #"{"b":2,"c":3}"#)
        #expect(OrderedJSON.integer(3).prepending([.init("a", .null)]) == .integer(3))
        #expect(OrderedJSON.integer(3).appending([.init("a", .null)]) == .integer(3))
    }

    @Test func sortingKeysSortsEveryObjectByKeyAtEveryDepth() {
        let value = OrderedJSON.array([
            .object([
                .init("b", .object([.init("z", .null), .init("Z", .null), .init("a", .null)])), .init("a", .integer(1)),
            ])
        ])
        #expect(value.sortingKeys.compact == #"[{"a":1,"b":{"Z":null,"a":null,"z":null}}]"#)
    }
}

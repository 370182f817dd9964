import CommandLineToolkit
import Testing

/// `JSONValue(encoding:)` keeps members in encoding order and writes what `Codable` values encode.
@Suite struct JSONValueEncodingTests {
    private struct Sample: Encodable {
        var zeta = "z"
        var alpha: Int? = nil
        var flags = [true, false]
        var nested = ["only": 1]
        var tail: String? = "t"
    }

    @Test func membersKeepTheirEncodingOrder() throws {
        let value = try JSONValue(encoding: Sample())
        #expect(
            value.compact == #"{"zeta": "z", "flags": [true, false], "nested": {"only": 1}, "tail": "t"}"#)
    }

    @Test func explicitNilsAreNull() throws {
        struct Explicit: Encodable {
            enum CodingKeys: CodingKey { case a }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(String?.none, forKey: .a)
            }
        }
        #expect(try JSONValue(encoding: [Explicit()]).compact == #"[{"a": null}]"#)
    }

    @Test func floatingPointNumbersAreRefused() {
        #expect(throws: EncodingError.self) { try JSONValue(encoding: [1.5]) }
        #expect(throws: CommandFailure.self) { try JSONValue.encoding([1.5]) }
    }

    @Test func prependingPutsMembersFirst() {
        let object = JSONValue.object([("b", .integer(2))]).prepending([("a", .integer(1))])
        #expect(object.compact == #"{"a": 1, "b": 2}"#)
        #expect(JSONValue.integer(3).prepending([("a", .null)]).compact == "3")
    }
}

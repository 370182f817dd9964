import Testing

@testable import RichMediaKitSupport

/// The iterative JSON parser under the AASA loader.
@Suite struct AASAJSONParserTests {
    @Test func parsesEveryValueKindKeepingMemberOrder() throws {
        let value = try JSONParser.parse(
            Array(#"{"b": [1, -2.5e3, true, false, null], "a": "x\u00e9\n\ud83d\ude00"}"#.utf8))
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["b", "a"])
        #expect(members[0].value == .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null]))
        #expect(members[1].value == .string("xé\n😀"))
    }

    @Test(arguments: [
        ("", 1, 1),
        ("{", 1, 2),
        ("{\"a\" 1}", 1, 6),
        ("[1,]", 1, 3),  // the trailing comma itself
        ("[01]", 1, 3),
        ("{\"a\": tru}", 1, 7),
        ("{}\n x", 2, 2),
        ("[\"a\nb\"]", 1, 4),
        ("[\"\\x\"]", 1, 4),
        ("\"é\" x", 1, 5),
    ])
    func syntaxErrorsReportLineAndColumn(text: String, line: Int, column: Int) {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            Issue.record("parsed invalid JSON")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.line == line)
            #expect(error.column == column)
        }
    }

    @Test(arguments: [
        [0x22, 0xFF, 0x22], [0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D], [0xED, 0xA0, 0x80], [0x22, 0xED, 0xA0, 0x80, 0x22],
    ])
    func invalidUTF8IsReported(bytes: [UInt8]) {
        do {
            _ = try JSONParser.parse(bytes)
            Issue.record("parsed invalid UTF-8")
        } catch {
            #expect(error.kind == .invalidUTF8)
        }
    }

    @Test(arguments: ["[", "{\"a\":"])
    func deepNestingIsAnErrorNotACrash(opening: String) {
        let text = String(repeating: opening, count: 100_000)
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            Issue.record("parsed 100,000 levels")
        } catch {
            #expect(error.kind == .tooDeep)
        }
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        let depth = JSONParser.defaultMaximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        _ = try JSONParser.parse(Array(text.utf8))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8)) == .object([]))
    }
}

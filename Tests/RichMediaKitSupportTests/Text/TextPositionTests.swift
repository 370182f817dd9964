import Testing

@testable import RichMediaKitSupport

/// The one line-and-column counter and the one UTF-8 validator, as every reader uses them: JSON errors, JSON
/// pointers' positions and XML positions agree, and a UTF-8 byte-order mark takes no column.
@Suite struct TextPositionTests {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    @Test(arguments: [false, true])
    func aJSONErrorOnLineOneIsPlacedWhereTheEditorShowsIt(withByteOrderMark: Bool) {
        let text = Array(#"{"a" 1}"#.utf8)
        let bytes = (withByteOrderMark ? Self.byteOrderMark : []) + text
        #expect {
            _ = try JSONParser.parse(bytes)
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return error.line == 1 && error.column == 6 && error.offset == (withByteOrderMark ? 8 : 5)
        }
    }

    @Test(arguments: [false, true])
    func aJSONPointersPositionIgnoresTheByteOrderMark(withByteOrderMark: Bool) {
        let bytes = (withByteOrderMark ? Self.byteOrderMark : []) + Array(#"{"a": 1, "b": [2]}"#.utf8)
        let positions = JSONSourcePositions.positions(of: ["/b/0", "/a"], in: bytes)
        #expect(positions["/a"] == JSONSourcePosition(line: 1, column: 7))
        #expect(positions["/b/0"] == JSONSourcePosition(line: 1, column: 16))
    }

    @Test(arguments: [false, true])
    func anXMLPositionOnLineOneIgnoresTheByteOrderMark(withByteOrderMark: Bool) throws {
        let bytes = (withByteOrderMark ? Self.byteOrderMark : []) + Array("<a>é<b/>\r\n<c/></a>".utf8)
        var scanner = XMLScanner(bytes: bytes)
        try scanner.start(notUTF8: "not UTF-8")
        let shift = withByteOrderMark ? 3 : 0
        #expect(scanner.position(at: shift + 5) == XMLPosition(line: 1, column: 5, byteOffset: shift + 5))
        #expect(scanner.position(at: shift + 11) == XMLPosition(line: 2, column: 1, byteOffset: shift + 11))
        // Asking for an earlier offset starts again.
        #expect(scanner.position(at: shift) == XMLPosition(line: 1, column: 1, byteOffset: shift))
    }

    @Test(arguments: [
        // (text, offset, line, column): `\n` ends a line, a `\r` is a column, columns count scalars.
        ("", 0, 1, 1), ("abc", 2, 1, 3), ("a\nb", 2, 2, 1), ("a\r\nb", 3, 2, 1), ("é😀x", 6, 1, 3),
        ("a", 9, 1, 2), ("\u{FEFF}x", 3, 1, 1), ("\u{FEFF}x", 1, 1, 1), ("x\u{FEFF}y", 4, 1, 3),
    ])
    func theCounterCountsLinesAndScalars(text: String, offset: Int, line: Int, column: Int) {
        var counter = TextPositionCounter()
        let position = counter.position(of: offset, in: Array(text.utf8))
        #expect(position.line == line && position.column == column)
    }

    @Test func theCounterCountsEachByteOnceWhenAskedInOrderAndAgainWhenAskedBack() {
        let bytes = Array(String(repeating: "ab\n", count: 1_000).utf8)
        var counter = TextPositionCounter()
        for offset in stride(from: 0, through: bytes.count, by: 7) { _ = counter.position(of: offset, in: bytes) }
        #expect(counter.countedBytes <= bytes.count)
        _ = counter.position(of: 10, in: bytes)
        #expect(counter.countedBytes > bytes.count - 7)
    }

    @Test(
        arguments: [
            // (bytes, the first invalid offset): Table 3-7 of the Unicode Standard.
            ([0x41, 0xC3, 0xA9], nil), ([0xF0, 0x9F, 0x98, 0x80], nil), ([0xEF, 0xBB, 0xBF], nil),
            ([0xC0, 0x80], 0), ([0xC1, 0xBF], 0), ([0xE0, 0x80, 0x80], 0), ([0xED, 0xA0, 0x80], 0),
            ([0xF4, 0x90, 0x80, 0x80], 0), ([0xF5, 0x80, 0x80, 0x80], 0), ([0x41, 0x80], 1), ([0x41, 0xC3], 1),
            ([0xE2, 0x82], 0), ([0xE2, 0x82, 0x41], 0), ([0xFF], 0),
        ] as [([UInt8], Int?)])
    func oneValidatorDecidesWellFormedUTF8(bytes: [UInt8], invalid: Int?) {
        #expect(UTF8Validation.firstInvalid(in: bytes) == invalid)
        #expect(XMLScanner.firstInvalidUTF8(bytes) == invalid)
        #expect(bytes.withUnsafeBufferPointer { URLBytes.isValidUTF8($0) } == (invalid == nil))
    }
}

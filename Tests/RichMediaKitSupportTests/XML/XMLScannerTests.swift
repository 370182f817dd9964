import Testing

@testable import RichMediaKitSupport

/// The one XML scanner: characters XML forbids are errors at their position, and positions cost one pass.
@Suite struct XMLScannerTests {
    static func start(_ text: String) -> XMLSyntaxError? {
        var scanner = XMLScanner(bytes: Array(text.utf8))
        do throws(XMLSyntaxError) {
            try scanner.start(notUTF8: "not UTF-8")
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("<a b=\"x\u{0}y\"/>", 1, 8, "U+0000 (NUL)"),
        ("<a>\n\u{1B}[31m</a>", 2, 1, "U+001B (a control character)"),
        ("<a>\u{7}</a>", 1, 4, "U+0007 (a control character)"),
        ("<a>x\u{FFFE}</a>", 1, 5, "U+FFFE (a noncharacter)"),
        ("<a>\u{FFFF}</a>", 1, 4, "U+FFFF (a noncharacter)"),
    ])
    func aCharacterXMLForbidsIsAnErrorAtItsPosition(text: String, line: Int, column: Int, name: String) throws {
        let error = try #require(Self.start(text))
        #expect(error.message.hasPrefix(name + " is not allowed in XML"), "\(error.message)")
        #expect(error.position.line == line)
        #expect(error.position.column == column)
    }

    @Test func tabsLineFeedsCarriageReturnsAndOtherCharactersAreAllowed() {
        #expect(Self.start("<a>\t\r\n\u{85}\u{9F}\u{D7FF}\u{E000}\u{FFFD}\u{10FFFF} é</a>") == nil)
    }

    @Test(arguments: ["&#0;", "&#x1;", "&#27;", "&#xFFFE;", "&#xFFFF;", "&#xD800;"])
    func aCharacterReferenceToAForbiddenCharacterIsRefused(reference: String) throws {
        var scanner = XMLScanner(bytes: Array("<a>\(reference)</a>".utf8))
        scanner.index = 3
        do throws(XMLSyntaxError) {
            _ = try scanner.readText(closing: "a")
            Issue.record("accepted \(reference)")
        } catch {
            #expect(error.message.hasPrefix("invalid character reference \(reference)"), "\(error.message)")
        }
    }

    @Test func aStartTagsPositionIsCountedBeforeItsAttributes() throws {
        // 2,000 sibling elements with an attribute: each start is asked for before its attributes, so the counter
        // goes forward only (asked after them, it counted again from the start of the file for every element).
        let body = String(repeating: "<data android:host=\"h.example.com\"/>\n", count: 2_000)
        var scanner = XMLScanner(bytes: Array(("<r>\n" + body + "</r>").utf8))
        try scanner.start(notUTF8: "")
        _ = try scanner.readStartTag()
        var last: XMLPosition?
        while !scanner.starts(with: "</") {
            try scanner.skipMisc(prolog: false)
            guard !scanner.starts(with: "</") else { break }
            let tag = try scanner.readStartTag()
            #expect(tag.attributes.first?.position.byteOffset == tag.position.byteOffset + 6)
            last = tag.position
        }
        #expect(last?.line == 2_001)
        #expect(scanner.positionWork <= scanner.bytes.count)
    }
}

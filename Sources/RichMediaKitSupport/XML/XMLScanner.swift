/// Where something is in an XML document: 1-based line and column (columns count Unicode scalars) and the byte
/// offset (package access: not public API).
package struct XMLPosition: Sendable, Hashable {
    /// The 1-based line.
    package var line: Int
    /// The 1-based column, in Unicode scalars.
    package var column: Int
    /// The 0-based byte offset.
    package var byteOffset: Int

    /// Creates a position.
    package init(line: Int, column: Int, byteOffset: Int) {
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }
}

/// Why ``XMLScanner`` stopped, and where (package access: not public API).
package struct XMLSyntaxError: Error, Sendable, Hashable {
    /// What is wrong, such as `unterminated comment`.
    package var message: String
    /// Where.
    package var position: XMLPosition

    /// Creates an error.
    package init(_ message: String, at position: XMLPosition) {
        self.message = message
        self.position = position
    }
}

/// An attribute of a start tag: its name as written (`android:host`), its value with entities decoded, and where
/// the name and the value start.
package struct XMLAttribute: Sendable, Hashable {
    /// The qualified name as written.
    package var name: String
    /// The value, with the predefined entities and character references decoded.
    package var value: String
    /// Where the name starts.
    package var position: XMLPosition
    /// Where the value starts (after its opening quote).
    package var valuePosition: XMLPosition
}

/// The package's one XML reader (package access: not public API): a bounded, forward-only scanner over UTF-8 that
/// the property-list reader and the Android manifest reader build on.
///
/// It reads markup, not documents: comments, processing instructions, a document type that is skipped (an internal
/// subset, the place of entity declarations, is refused with its position, so "billion laughs" and external-entity
/// inputs never expand), start and end tags with their attributes, and character data with CDATA sections, the five
/// predefined entities and character references (any other entity is refused). Callers keep their own element
/// stack and bound its depth; line and column are counted forward-only (``TextPositionCounter``), so positions cost
/// O(*n*) in all.
///
/// - Complexity: Every method is linear in the bytes it consumes.
package struct XMLScanner {
    /// The document's bytes.
    package let bytes: [UInt8]
    /// The offset of the next byte to read.
    package var index = 0
    private var counter = TextPositionCounter()

    /// Creates a scanner at the document's start.
    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    package var isAtEnd: Bool { index >= bytes.count }

    /// The bytes the position counter has counted in all (``TextPositionCounter/countedBytes``): at most the file's
    /// size when positions are asked for in increasing order, as every reader of the package does.
    package var positionWork: Int { counter.countedBytes }

    /// The position of the byte at `offset` (O(distance) from the last position asked for; asking for an earlier
    /// offset counts again from the start of the file, so readers ask in increasing order).
    package mutating func position(at offset: Int) -> XMLPosition {
        let (line, column) = counter.position(of: offset, in: bytes)
        return XMLPosition(line: line, column: column, byteOffset: offset)
    }

    /// An error at `offset` (the current byte by default).
    package mutating func failure(_ message: String, at offset: Int? = nil) -> XMLSyntaxError {
        XMLSyntaxError(message, at: position(at: offset ?? index))
    }

    /// Checks that the document is UTF-8 made of characters XML allows, and skips a byte-order mark.
    ///
    /// XML 1.0 (§2.2, `Char`) forbids the C0 control characters but tab, line feed and carriage return (NUL among
    /// them), and U+FFFE and U+FFFF, anywhere in a document, escaped or not: a file holding one is not XML, and a value
    /// holding one would reach a report or a URL.
    ///
    /// - Parameter message: What to say when the document is not UTF-8 (`the file is neither ... nor UTF-8 text`).
    /// - Throws: At the first byte that is not UTF-8, or the first character XML forbids.
    package mutating func start(notUTF8 message: String) throws(XMLSyntaxError) {
        if let invalid = UTF8Validation.firstInvalid(in: bytes) { throw failure(message, at: invalid) }
        if let forbidden = Self.firstForbiddenCharacter(in: bytes) {
            throw failure(Self.forbiddenMessage(forbidden.scalar), at: forbidden.offset)
        }
        if UTF8Validation.startsWithByteOrderMark(bytes) { index = 3 }
    }

    /// Whether XML 1.0 allows `scalar` in a document (§2.2, `Char`): tab, line feed, carriage return, and U+0020 and
    /// above but U+FFFE and U+FFFF (surrogates are not scalars).
    package static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value >= 0x20 ? value != 0xFFFE && value != 0xFFFF : value == 0x09 || value == 0x0A || value == 0x0D
    }

    /// The first character of well-formed UTF-8 `bytes` that XML forbids, with its offset, or nil.
    ///
    /// - Complexity: O(*n*).
    package static func firstForbiddenCharacter(in bytes: [UInt8]) -> (offset: Int, scalar: Unicode.Scalar)? {
        for (offset, byte) in bytes.enumerated() {
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
                return (offset, Unicode.Scalar(byte))
            }
            // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
            if byte == 0xEF, offset + 2 < bytes.count, bytes[offset + 1] == 0xBF, bytes[offset + 2] >= 0xBE {
                return (offset, Unicode.Scalar(0xFFF0 | UInt32(bytes[offset + 2] & 0x0F)) ?? "\u{FFFF}")
            }
        }
        return nil
    }

    /// The message for a character XML forbids: its code point and name, and why it is refused.
    private static func forbiddenMessage(_ scalar: Unicode.Scalar) -> String {
        let code = String(scalar.value, radix: 16, uppercase: true)
        let name = scalar.value == 0 ? " (NUL)" : scalar.value < 0x20 ? " (a control character)" : " (a noncharacter)"
        return "U+" + String(repeating: "0", count: max(0, 4 - code.count)) + code + name
            + " is not allowed in XML, escaped or not: delete it"
    }

    /// Whether the bytes at the cursor are `text`.
    package func starts(with text: String) -> Bool {
        var offset = index
        for byte in text.utf8 {
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
        }
        return true
    }

    /// Whether a start tag named `name` begins at the cursor.
    package func startsTag(_ name: String) -> Bool {
        guard starts(with: "<" + name) else { return false }
        let after = index + 1 + name.utf8.count
        return after < bytes.count && !Self.isNameByte(bytes[after])
    }

    /// Whether `byte` may be part of an element or attribute name.
    package static func isNameByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }

    /// Whether `byte` is XML white space.
    package static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Skips whitespace and comments, and in the prolog also processing instructions and the document type.
    ///
    /// - Parameter prolog: Whether a document type may appear here.
    /// - Throws: For an unterminated comment, processing instruction or document type, and for a document type
    ///   with an internal subset (`[...]`).
    package mutating func skipMisc(prolog: Bool) throws(XMLSyntaxError) {
        while index < bytes.count {
            if Self.isSpace(bytes[index]) {
                index += 1
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts(with: "<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if prolog, starts(with: "<!DOCTYPE") {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                    if bytes[index] == UInt8(ascii: "[") {
                        throw failure(
                            "the document type has an internal subset ([...]); entity declarations are not read",
                            at: index)
                    }
                    if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                        let quote = bytes[index]
                        index += 1
                        while index < bytes.count, bytes[index] != quote { index += 1 }
                    }
                    index += 1
                }
                guard index < bytes.count else { throw failure("unterminated <!DOCTYPE", at: start) }
                index += 1
            } else {
                return
            }
        }
    }

    /// Skips from the cursor (at a two-byte opener such as `<!`) past `terminator`.
    package mutating func skip(past terminator: String, what: String) throws(XMLSyntaxError) {
        let start = index
        let end = Array(terminator.utf8)
        index += 2
        while index < bytes.count {
            if bytes[index] == end[0], starts(with: terminator) {
                index += end.count
                return
            }
            index += 1
        }
        throw failure("unterminated \(what)", at: start)
    }

    /// Reads `<name attributes>` or `<name attributes/>` at the cursor, skipping the attributes.
    ///
    /// - Returns: The name and whether the tag closes itself.
    package mutating func readOpenTag() throws(XMLSyntaxError) -> (name: String, selfClosing: Bool) {
        let start = index
        index += 1
        let nameStart = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart else { throw failure("`<` not followed by an element name", at: start) }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        var quote: UInt8?
        var previous: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "<") {
                break
            } else if byte == UInt8(ascii: ">") {
                index += 1
                return (name, previous == UInt8(ascii: "/"))
            }
            if !Self.isSpace(byte) { previous = byte }
            index += 1
        }
        throw failure("unterminated tag <\(name)", at: start)
    }

    /// Reads `<name a="v" ...>` or `.../>` at the cursor with its attributes, strictly: each attribute is
    /// `name="value"` or `name='value'`, named once; `<` may not appear in a value.
    ///
    /// - Parameter maximumAttributes: The most attributes accepted on one element.
    /// - Returns: The name, the attributes in order, whether the tag closes itself, and where the tag starts (counted
    ///   before its attributes', so positions are asked for in increasing order).
    package mutating func readStartTag(maximumAttributes: Int = 256) throws(XMLSyntaxError) -> (
        name: String, attributes: [XMLAttribute], selfClosing: Bool, position: XMLPosition
    ) {
        let start = index
        let tagPosition = position(at: start)
        index += 1
        let nameStart = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart else { throw failure("`<` not followed by an element name", at: start) }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        var attributes: [XMLAttribute] = []
        while true {
            let beforeSpace = index
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { throw failure("unterminated tag <\(name)", at: start) }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                return (name, attributes, false, tagPosition)
            }
            if starts(with: "/>") {
                index += 2
                return (name, attributes, true, tagPosition)
            }
            guard index > beforeSpace else { throw failure("expected a space, `>` or `/>` in <\(name)>") }
            let attributeStart = index
            while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
            guard index > attributeStart else {
                throw failure("unexpected character in <\(name)>: expected an attribute")
            }
            let attributeName = String(decoding: bytes[attributeStart..<index], as: UTF8.self)
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw failure("the attribute \(attributeName) has no `=` and value")
            }
            index += 1
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw failure("the value of \(attributeName) must be quoted")
            }
            let quote = bytes[index]
            index += 1
            let valueStart = index
            var value: [UInt8] = []
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "<") { throw failure("`<` in the value of \(attributeName)") }
                if bytes[index] == UInt8(ascii: "&") {
                    try readEntity(into: &value)
                } else {
                    value.append(bytes[index])
                    index += 1
                }
            }
            guard index < bytes.count else {
                throw failure("unterminated value of \(attributeName)", at: valueStart - 1)
            }
            index += 1
            if attributes.contains(where: { $0.name == attributeName }) {
                throw failure("the attribute \(attributeName) appears twice", at: attributeStart)
            }
            guard attributes.count < maximumAttributes else {
                throw failure("more than \(maximumAttributes) attributes on <\(name)>", at: attributeStart)
            }
            attributes.append(
                XMLAttribute(
                    name: attributeName, value: String(decoding: value, as: UTF8.self),
                    position: position(at: attributeStart), valuePosition: position(at: valueStart)))
        }
    }

    /// Reads `</name>` at the cursor and returns the name.
    package mutating func readCloseTag() throws(XMLSyntaxError) -> String {
        let start = index
        index += 2
        let nameStart = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">"), !name.isEmpty else {
            throw failure("malformed closing tag", at: start)
        }
        index += 1
        return name
    }

    /// Reads character data up to `</name>`, decoding entities and CDATA sections, and consumes the closing tag.
    package mutating func readText(closing name: String) throws(XMLSyntaxError) -> String {
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                if starts(with: "<![CDATA[") {
                    let start = index
                    index += 9
                    while index < bytes.count, !(bytes[index] == UInt8(ascii: "]") && starts(with: "]]>")) {
                        text.append(bytes[index])
                        index += 1
                    }
                    guard index < bytes.count else { throw failure("unterminated CDATA section", at: start) }
                    index += 3
                } else if starts(with: "<!--") {
                    try skip(past: "-->", what: "comment")
                } else if starts(with: "</") {
                    let start = index
                    let closing = try readCloseTag()
                    guard closing == name else { throw failure("expected </\(name)>, found </\(closing)>", at: start) }
                    return String(decoding: text, as: UTF8.self)
                } else {
                    throw failure("unexpected tag inside <\(name)>: expected text and </\(name)>")
                }
            } else if byte == UInt8(ascii: "&") {
                try readEntity(into: &text)
            } else {
                text.append(byte)
                index += 1
            }
        }
        throw failure("unexpected end of file: expected </\(name)>")
    }

    /// Decodes `&name;` or `&#N;` / `&#xH;` at the cursor; any entity but the five predefined ones is refused.
    package mutating func readEntity(into text: inout [UInt8]) throws(XMLSyntaxError) {
        let start = index
        index += 1
        let nameStart = index
        while index < bytes.count, index - nameStart < 12, bytes[index] != UInt8(ascii: ";") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
            throw failure("`&` without a `;`: write &amp; for an ampersand", at: start)
        }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        index += 1
        let scalar: Unicode.Scalar?
        switch name {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default:
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
            } else {
                throw failure(
                    "unknown entity &\(name); (only &lt; &gt; &amp; &quot; &apos; and character references)",
                    at: start)
            }
        }
        guard let scalar, Self.isAllowed(scalar) else {
            throw failure(
                "invalid character reference &\(name); (XML allows no control character but tab, line feed and "
                    + "carriage return, and neither U+FFFE nor U+FFFF)", at: start)
        }
        text.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    /// The offset of the first byte that is not part of well-formed UTF-8, or nil (``UTF8Validation``'s answer).
    package static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        UTF8Validation.firstInvalid(in: bytes)
    }
}

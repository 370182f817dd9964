#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The XML property-list reader behind ``PropertyListReader`` (one pass, an explicit stack, no recursion).
///
/// Accepts what Foundation writes and what Xcode keeps in `.entitlements` and `Info.plist` files: an optional
/// UTF-8 byte-order mark, `<?xml ...?>`, comments, a `<!DOCTYPE ...>` that is skipped (an internal subset, the
/// place of entity declarations, is refused), the `<plist>` wrapper (optional), `<dict>`, `<array>`, `<key>`,
/// `<string>`, `<integer>` (decimal or `0x` hexadecimal), `<real>`, `<true/>`, `<false/>`, `<date>` (ISO 8601, UTC)
/// and `<data>` (Base64), with CDATA sections and the predefined entities and character references in text.
struct XMLPropertyListReader {
    private let bytes: [UInt8]
    private var index = 0
    /// The forward-only line and column tracker: the position of `trackedOffset`.
    private var trackedOffset = 0
    private var trackedLine = 1
    private var trackedColumn = 1

    private enum ContainerKind {
        case dictionary, array
        var tag: String { self == .dictionary ? "dict" : "array" }
    }

    private struct Frame {
        var kind: ContainerKind
        var position: PropertyListPosition
        var members: [PropertyListValue.Member] = []
        var elements: [PropertyListValue] = []
        var pendingKey: (key: String, position: PropertyListPosition)?
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The position of the byte at `offset` (O(distance) from the last position asked for).
    private mutating func position(at offset: Int) -> PropertyListPosition {
        if offset < trackedOffset {
            trackedOffset = 0
            trackedLine = 1
            trackedColumn = 1
        }
        let end = min(offset, bytes.count)
        while trackedOffset < end {
            let byte = bytes[trackedOffset]
            if byte == UInt8(ascii: "\n") {
                trackedLine += 1
                trackedColumn = 1
            } else if byte & 0xC0 != 0x80 {
                trackedColumn += 1
            }
            trackedOffset += 1
        }
        return PropertyListPosition(line: trackedLine, column: trackedColumn, byteOffset: offset)
    }

    private mutating func failure(_ message: String, at offset: Int? = nil) -> PropertyListSyntaxError {
        PropertyListSyntaxError(message, at: position(at: offset ?? index))
    }

    mutating func read() throws(PropertyListSyntaxError) -> PropertyListValue {
        if let invalid = Self.firstInvalidUTF8(bytes) {
            throw failure("the file is neither a binary property list nor UTF-8 text", at: invalid)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        try skipMisc(prolog: true)
        guard index < bytes.count else { throw failure("the file is empty: expected <plist>") }
        var wrapped = false
        if startsTag("plist") {
            let start = index
            let (_, selfClosing) = try readOpenTag()
            if selfClosing { throw failure("<plist/> holds no value", at: start) }
            wrapped = true
        }
        let root = try readValue()
        try skipMisc(prolog: false)
        if wrapped {
            guard starts(with: "</") else {
                throw failure(index < bytes.count ? "expected </plist> after the top-level value" : "expected </plist>")
            }
            let name = try readCloseTag()
            guard name == "plist" else { throw failure("expected </plist>, found </\(name)>") }
            try skipMisc(prolog: false)
        }
        guard index == bytes.count else { throw failure("unexpected content after the property list") }
        return root
    }

    // MARK: - Values

    private mutating func readValue() throws(PropertyListSyntaxError) -> PropertyListValue {
        var stack: [Frame] = []
        while true {
            try skipMisc(prolog: false)
            guard index < bytes.count else {
                if let frame = stack.last {
                    throw failure("unexpected end of file inside <\(frame.kind.tag)> opened at \(frame.position)")
                }
                throw failure("unexpected end of file: expected a value")
            }
            guard bytes[index] == UInt8(ascii: "<") else {
                throw failure("unexpected text: expected a tag such as <string>")
            }
            let start = index
            var value: PropertyListValue
            if starts(with: "</") {
                let name = try readCloseTag()
                guard let frame = stack.last, name == frame.kind.tag else {
                    let open = stack.last.map { " (inside <\($0.kind.tag)> opened at \($0.position))" } ?? ""
                    throw failure("unexpected </\(name)>\(open)", at: start)
                }
                stack.removeLast()
                if let pending = frame.pendingKey {
                    throw failure("the key `\(pending.key)` has no value", at: pending.position.byteOffset)
                }
                value = PropertyListValue(
                    frame.kind == .dictionary ? .dictionary(frame.members) : .array(frame.elements), at: frame.position)
            } else {
                let (name, selfClosing) = try readOpenTag()
                let position = position(at: start)
                switch name {
                case "dict", "array":
                    let kind: ContainerKind = name == "dict" ? .dictionary : .array
                    if selfClosing {
                        value = PropertyListValue(kind == .dictionary ? .dictionary([]) : .array([]), at: position)
                    } else {
                        guard stack.count < PropertyListReader.maximumDepth else {
                            throw failure(
                                "dictionaries and arrays nest deeper than \(PropertyListReader.maximumDepth) levels",
                                at: start)
                        }
                        stack.append(Frame(kind: kind, position: position))
                        continue
                    }
                case "key":
                    guard let frame = stack.last, frame.kind == .dictionary else {
                        throw failure("<key> outside a <dict>", at: start)
                    }
                    if let pending = frame.pendingKey {
                        throw failure("the key `\(pending.key)` has no value (another <key> follows)", at: start)
                    }
                    let key = selfClosing ? "" : try readText(closing: name)
                    stack[stack.count - 1].pendingKey = (key, position)
                    continue
                case "string":
                    value = PropertyListValue(.string(selfClosing ? "" : try readText(closing: name)), at: position)
                case "true", "false":
                    if !selfClosing {
                        let text = try readText(closing: name)
                        guard Self.trimmed(text).isEmpty else { throw failure("<\(name)> holds text", at: start) }
                    }
                    value = PropertyListValue(.bool(name == "true"), at: position)
                case "integer", "real", "date", "data":
                    let text = Self.trimmed(selfClosing ? "" : try readText(closing: name))
                    guard let content = Self.scalar(name, text) else {
                        throw failure("<\(name)> holds `\(text.prefix(40))`, not a valid \(name)", at: start)
                    }
                    value = PropertyListValue(content, at: position)
                case "plist":
                    throw failure("<plist> inside a property list", at: start)
                default:
                    throw failure("unknown element <\(name)>", at: start)
                }
            }
            guard !stack.isEmpty else { return value }
            if stack[stack.count - 1].kind == .array {
                stack[stack.count - 1].elements.append(value)
            } else {
                guard let pending = stack[stack.count - 1].pendingKey else {
                    throw failure("a <\(value.typeName)> in a <dict> without a <key> before it", at: start)
                }
                stack[stack.count - 1].members.append(
                    .init(key: pending.key, keyPosition: pending.position, value: value))
                stack[stack.count - 1].pendingKey = nil
            }
        }
    }

    /// The content of a scalar element, or nil when the text is not one.
    private static func scalar(_ name: String, _ text: Substring) -> PropertyListValue.Content? {
        switch name {
        case "integer": return integer(text).map { .integer($0) }
        case "real": return real(text).map { .real($0) }
        case "date": return ISO8601Date.parse(text).map { .date($0) }
        default:
            let compact = text.filter { !$0.isWhitespace }
            return Data(base64Encoded: String(compact)).map { .data(Array($0)) }
        }
    }

    private static func integer(_ text: Substring) -> Int64? {
        var digits = text
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            radix = 16
            digits = digits.dropFirst(2)
        }
        guard !digits.isEmpty, let magnitude = UInt64(digits, radix: radix) else { return nil }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    private static func real(_ text: Substring) -> Double? {
        switch text.lowercased() {
        case "nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default:
            guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else {
                return nil
            }
            return Double(text)
        }
    }

    private static func trimmed(_ text: String) -> Substring {
        let characters = Substring(text)
        guard let first = characters.firstIndex(where: { !$0.isWhitespace }),
            let last = characters.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return characters[first...last]
    }

    // MARK: - Markup

    private func starts(with text: String) -> Bool {
        var offset = index
        for byte in text.utf8 {
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
        }
        return true
    }

    private func startsTag(_ name: String) -> Bool {
        guard starts(with: "<" + name) else { return false }
        let after = index + 1 + name.utf8.count
        return after < bytes.count && !Self.isNameByte(bytes[after])
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Skips whitespace and comments, and in the prolog also processing instructions and the document type.
    private mutating func skipMisc(prolog: Bool) throws(PropertyListSyntaxError) {
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

    private mutating func skip(past terminator: String, what: String) throws(PropertyListSyntaxError) {
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

    /// Reads `<name attributes>` or `<name attributes/>` at `index`.
    private mutating func readOpenTag() throws(PropertyListSyntaxError) -> (name: String, selfClosing: Bool) {
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

    /// Reads `</name>` at `index` and returns the name.
    private mutating func readCloseTag() throws(PropertyListSyntaxError) -> String {
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
    private mutating func readText(closing name: String) throws(PropertyListSyntaxError) -> String {
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

    /// Decodes `&name;` or `&#N;` / `&#xH;` at `index`.
    private mutating func readEntity(into text: inout [UInt8]) throws(PropertyListSyntaxError) {
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
        guard let scalar, scalar.value != 0 else { throw failure("invalid character reference &\(name);", at: start) }
        text.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    /// The offset of the first byte that is not part of well-formed UTF-8, or nil.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, high) = (3, 0x9F)
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, high) = (4, 0x8F)
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            guard (low...high).contains(bytes[index + 1]) else { return index }
            for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }
}

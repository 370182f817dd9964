import RichMediaKitSupport

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
///
/// The markup (comments, the document type, tags, text and entities) is read by the package's one XML reader,
/// ``XMLScanner``; this type holds only what makes the elements a property list.
struct XMLPropertyListReader {
    private var scanner: XMLScanner

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
        self.scanner = XMLScanner(bytes: bytes)
    }

    private var bytes: [UInt8] { scanner.bytes }

    private var index: Int {
        get { scanner.index }
        set { scanner.index = newValue }
    }

    private mutating func position(at offset: Int) -> PropertyListPosition {
        let position = scanner.position(at: offset)
        return PropertyListPosition(line: position.line, column: position.column, byteOffset: position.byteOffset)
    }

    private mutating func failure(_ message: String, at offset: Int? = nil) -> PropertyListSyntaxError {
        PropertyListSyntaxError(message, at: position(at: offset ?? index))
    }

    /// Runs one scanner step, turning its error into the property list's.
    private mutating func markup<T>(
        _ step: (inout XMLScanner) throws(XMLSyntaxError) -> T
    ) throws(PropertyListSyntaxError) -> T {
        do throws(XMLSyntaxError) {
            return try step(&scanner)
        } catch {
            throw failure(error.message, at: error.position.byteOffset)
        }
    }

    private func starts(with text: String) -> Bool { scanner.starts(with: text) }
    private func startsTag(_ name: String) -> Bool { scanner.startsTag(name) }

    private mutating func skipMisc(prolog: Bool) throws(PropertyListSyntaxError) {
        try markup { (scanner) throws(XMLSyntaxError) in try scanner.skipMisc(prolog: prolog) }
    }

    private mutating func readOpenTag() throws(PropertyListSyntaxError) -> (name: String, selfClosing: Bool) {
        try markup { (scanner) throws(XMLSyntaxError) in try scanner.readOpenTag() }
    }

    private mutating func readCloseTag() throws(PropertyListSyntaxError) -> String {
        try markup { (scanner) throws(XMLSyntaxError) in try scanner.readCloseTag() }
    }

    private mutating func readText(closing name: String) throws(PropertyListSyntaxError) -> String {
        try markup { (scanner) throws(XMLSyntaxError) in try scanner.readText(closing: name) }
    }

    mutating func read() throws(PropertyListSyntaxError) -> PropertyListValue {
        try markup { (scanner) throws(XMLSyntaxError) in
            try scanner.start(notUTF8: "the file is neither a binary property list nor UTF-8 text")
        }
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
}

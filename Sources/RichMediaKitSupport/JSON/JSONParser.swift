import FileLocations

/// A small, iterative JSON parser over UTF-8 bytes.
///
/// It exists because `JSONSerialization` is not available in FoundationEssentials and
/// `JSONDecoder` reports neither line/column nor an exact location for syntax errors.
/// The parser uses an explicit stack (no recursion), so hostile nesting cannot overflow the
/// call stack; it stops with ``JSONSyntaxError/Kind-swift.enum/tooDeep`` past `maximumDepth`.
/// Strings must be valid UTF-8; a leading UTF-8 byte order mark is skipped.
///
/// - Complexity: O(n) in the number of bytes.
package struct JSONParser {
    /// The default nesting limit: far above any real configuration file.
    package static let defaultMaximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private var index = 0
    /// The pointers whose value offsets ``valueOffsets(of:in:)`` records (empty when only parsing).
    private var wanted: Set<String> = []
    /// The byte offset where each wanted value starts.
    private var offsets: [String: Int] = [:]

    private init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Parses one JSON document.
    ///
    /// - Parameters:
    ///   - bytes: The document as UTF-8.
    ///   - maximumDepth: The deepest nesting of arrays and objects accepted.
    /// - Returns: The document's value.
    /// - Throws: ``JSONSyntaxError`` with the line and column of the first problem.
    package static func parse(
        _ bytes: some Collection<UInt8>, maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONSyntaxError) -> JSONValue {
        let array = Array(bytes)
        let result: Result<JSONValue, JSONSyntaxError> = array.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, maximumDepth: maximumDepth)
            do throws(JSONSyntaxError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses a document and records the byte offset where each of `pointers` starts (the first byte of its
    /// value), for locating values in the source.
    ///
    /// - Parameters:
    ///   - pointers: RFC 6901 pointers, such as `/applinks/details/0`.
    ///   - bytes: The document as UTF-8.
    /// - Returns: The offsets found: every pointer that designates a value, also when the document turns out to be
    ///   invalid after that value.
    static func valueOffsets(of pointers: Set<String>, in bytes: some Collection<UInt8>) -> [String: Int] {
        let array = Array(bytes)
        return array.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, maximumDepth: defaultMaximumDepth)
            parser.wanted = pointers
            _ = try? parser.parseDocument()
            return parser.offsets
        }
    }

    /// An open array or object. Frames are mutated in place on the stack (never copied out and back), so adding
    /// an element costs O(1) amortized: a container of *n* values is built in O(*n*).
    private struct Frame {
        /// Whether this is an object (else an array).
        var isObject: Bool
        /// The array's elements so far.
        var items: [JSONValue] = []
        /// The object's members so far.
        var members: [JSONMember] = []
        /// The key of the object member whose value is being parsed.
        var key = ""
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if UTF8Validation.startsWithByteOrderMark(bytes) {
            index = 3
        }
        var stack: [Frame] = []
        parsing: while true {
            skipWhitespace()
            if !wanted.isEmpty { recordOffset(stack) }
            var value: JSONValue
            guard index < bytes.count else {
                throw error(stack.isEmpty ? "the document is empty" : "unexpected end of input, expected a value")
            }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                guard stack.count < maximumDepth else {
                    throw error("nesting is deeper than \(maximumDepth) levels", kind: .tooDeep)
                }
                index += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    index += 1
                    value = .object([])
                } else {
                    let key = try parseKey()
                    stack.append(Frame(isObject: true, key: key))
                    continue parsing
                }
            case UInt8(ascii: "["):
                guard stack.count < maximumDepth else {
                    throw error("nesting is deeper than \(maximumDepth) levels", kind: .tooDeep)
                }
                index += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    index += 1
                    value = .array([])
                } else {
                    stack.append(Frame(isObject: false))
                    continue parsing
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            default:
                throw unexpectedByte("expected a value")
            }
            // A complete value: attach it to its container (in place), closing containers as they end.
            while true {
                guard !stack.isEmpty else {
                    skipWhitespace()
                    guard index == bytes.count else { throw unexpectedByte("expected the end of the document") }
                    return value
                }
                skipWhitespace()
                let top = stack.count - 1
                if stack[top].isObject {
                    let member = JSONMember(key: stack[top].key, value: value)
                    stack[top].members.append(member)
                    switch peek() {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        stack[top].key = try parseKey()
                        continue parsing
                    case UInt8(ascii: "}"):
                        index += 1
                        value = .object(stack.removeLast().members)
                    default:
                        throw unexpectedByte("expected ',' or '}' in an object")
                    }
                } else {
                    stack[top].items.append(value)
                    switch peek() {
                    case UInt8(ascii: ","):
                        index += 1
                        continue parsing
                    case UInt8(ascii: "]"):
                        index += 1
                        value = .array(stack.removeLast().items)
                    default:
                        throw unexpectedByte("expected ',' or ']' in an array")
                    }
                }
            }
        }
    }

    /// Records where the value about to be parsed starts, if its pointer is wanted.
    private mutating func recordOffset(_ stack: [Frame]) {
        var pointer = JSONPointer.root
        for frame in stack {
            pointer = frame.isObject ? pointer.appending(frame.key) : pointer.appending(frame.items.count)
        }
        if wanted.contains(pointer.text), offsets[pointer.text] == nil { offsets[pointer.text] = index }
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseKey() throws(JSONSyntaxError) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw unexpectedByte("expected a string key in an object") }
        let key = try parseString()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw unexpectedByte("expected ':' after an object key") }
        index += 1
        return key
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = index
        for expected in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
            guard index < bytes.count, bytes[index] == expected else {
                index = start
                throw unexpectedByte("expected a value")
            }
            index += 1
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { throw unexpectedByte("expected a digit in a number") }
        index += 1
        if first != UInt8(ascii: "0") {
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let byte = peek(), isDigit(byte) else { throw unexpectedByte("expected a digit after '.'") }
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let byte = peek(), isDigit(byte) else { throw unexpectedByte("expected a digit in an exponent") }
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ end: Int) {
            if end > runStart {
                let run = String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<end]), as: UTF8.self)
                scalars.append(contentsOf: run.unicodeScalars)
            }
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                flush(index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(index)
                index += 1
                scalars.append(try parseEscape())
                runStart = index
            case 0x00..<0x20:
                throw error("control character in a string (use an escape such as \\n)")
            case 0x80...:
                guard let length = utf8SequenceLength(at: index) else {
                    throw error("invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true))", kind: .invalidUTF8)
                }
                index += length
            default:
                index += 1
            }
        }
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = peek() else { throw error("unterminated string") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try parseHex4()
            if (0xD800..<0xDC00).contains(first) {
                guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("a high surrogate \\u escape must be followed by a low surrogate") }
                index += 2
                let second = try parseHex4()
                guard (0xDC00..<0xE000).contains(second) else {
                    throw error("a high surrogate \\u escape must be followed by a low surrogate")
                }
                let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            }
            guard let scalar = Unicode.Scalar(first) else { throw error("a lone low surrogate \\u escape") }
            return scalar
        default:
            index -= 1
            throw error("invalid escape sequence")
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw error("unterminated \\u escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected four hexadecimal digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence starting at `position`, or nil.
    private func utf8SequenceLength(at position: Int) -> Int? {
        UTF8Validation.sequenceLength(at: position, in: bytes)
    }

    private func unexpectedByte(_ expectation: String) -> JSONSyntaxError {
        guard index < bytes.count else { return error("unexpected end of input, \(expectation)") }
        if let mistake = commonMistake() { return mistake }
        let byte = bytes[index]
        if byte >= 0x80, utf8SequenceLength(at: index) == nil {
            return error("invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true))", kind: .invalidUTF8)
        }
        if byte >= 0x21, byte < 0x7F {
            return error("unexpected '\(Character(Unicode.Scalar(byte)))', \(expectation)")
        }
        return error("unexpected byte 0x\(String(byte, radix: 16, uppercase: true)), \(expectation)")
    }

    /// What people actually type where JSON does not allow it, named: typographic quotes, single
    /// quotes, `//` and `/* */` comments, a comma after the last element, a byte-order mark in the
    /// middle of the text or a UTF-16 one at the start.
    private func commonMistake() -> JSONSyntaxError? {
        let byte = bytes[index]
        func follows(_ sequence: [UInt8]) -> Bool {
            index + sequence.count <= bytes.count
                && sequence.indices.allSatisfy { bytes[index + $0] == sequence[$0] }
        }
        if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80 {
            let names: [UInt8: String] = [0x9C: "“", 0x9D: "”", 0x98: "‘", 0x99: "’"]
            if let quote = names[bytes[index + 2]] {
                return error(
                    "typographic quote '\(quote)': JSON needs straight double quotes (\"); a word processor "
                        + "or chat app may have replaced them",
                    hint: "replace every “ ” ‘ ’ around keys and strings with \"")
            }
        }
        if byte == UInt8(ascii: "'") {
            return error(
                "single quote: JSON strings and keys need double quotes (\")",
                hint: "replace the single quotes around keys and strings with \"")
        }
        if follows([0x2F, 0x2F]) || follows([0x2F, 0x2A]) {
            return error(
                "comment: JSON has no comments (neither // nor /* */)",
                hint: "delete the comment, or move the note into a component's \"comment\" key")
        }
        if follows([0xEF, 0xBB, 0xBF]) {
            return error(
                "byte-order mark (U+FEFF) inside the text (a file joined from several files?)",
                hint: "delete the invisible U+FEFF character at this position")
        }
        if index == 0, follows([0xFF, 0xFE]) || follows([0xFE, 0xFF]) {
            return error(
                "UTF-16 byte-order mark: the file is UTF-16, not UTF-8", kind: .invalidUTF8,
                hint: "save the file as UTF-8 without a byte-order mark")
        }
        if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
            var before = index - 1
            while before >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[before]) { before -= 1 }
            if before >= 0, bytes[before] == UInt8(ascii: ",") {
                var atComma = self
                atComma.index = before
                return atComma.error(
                    "trailing comma before '\(Character(Unicode.Scalar(byte)))': JSON allows no comma after the "
                        + "last element",
                    hint: "delete this comma")
            }
        }
        return nil
    }

    private func error(
        _ message: String, kind: JSONSyntaxError.Kind = .syntax, hint: String? = nil
    ) -> JSONSyntaxError {
        var counter = TextPositionCounter()
        let (line, column) = counter.position(of: index, in: bytes)
        return JSONSyntaxError(kind: kind, line: line, column: column, offset: index, message: message, hint: hint)
    }
}

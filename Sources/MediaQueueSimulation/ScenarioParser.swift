import RichMediaQueue

/// Parses `mediaqueue` scenario files (see `Docs/mediaqueue.md`) from UTF-8 bytes.
///
/// The parser works line by line over the bytes in one pass, so its cost is linear in the file size. It
/// rejects anything it does not understand with a ``ScenarioError`` that names the line and column:
/// unknown settings or events, settings after the first event, decreasing times, malformed or oversized
/// numbers and durations, statements after `end`, control characters and invalid UTF-8.
package struct ScenarioParser {
    /// The largest `max-attempts` accepted.
    package static let maximumAttempts = 1000
    /// The largest time or duration accepted, in seconds (about 31 years).
    package static let maximumSeconds: Int64 = 1_000_000_000
    /// The largest `capacity` accepted.
    package static let maximumCapacity = 1_000_000_000

    struct Token {
        var start: Int
        var end: Int
    }

    let bytes: [UInt8]
    var scenario = Scenario()
    var settingLines: [String: Int] = [:]
    var previousTime: Duration = .zero
    var endLine: Int?
    var line = 0
    var lineStart = 0
    var lineEnd = 0
    var tokens: [Token] = []

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses a whole scenario.
    ///
    /// - Parameter bytes: The file contents.
    /// - Returns: The settings and statements.
    /// - Throws: ``ScenarioError`` at the first problem; nothing is returned then.
    /// - Complexity: O(n) in the number of bytes.
    package static func parse(_ bytes: [UInt8]) throws(ScenarioError) -> Scenario {
        var parser = ScenarioParser(bytes: bytes)
        try parser.parseAll()
        return parser.scenario
    }

    /// Parses a whole scenario from text.
    ///
    /// - Parameter text: The file contents.
    /// - Returns: The settings and statements.
    /// - Throws: ``ScenarioError`` at the first problem.
    package static func parse(_ text: String) throws(ScenarioError) -> Scenario {
        try parse(Array(text.utf8))
    }

    private mutating func parseAll() throws(ScenarioError) {
        var index = 0
        while index <= bytes.count {
            line += 1
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            lineStart = index
            lineEnd = end
            if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            try parseLine()
            index = end + 1
        }
    }

    private mutating func parseLine() throws(ScenarioError) {
        try validateCharacters()
        tokenize()
        guard let first = tokens.first else { return }
        if matches(first, "set") {
            try parseSetting()
        } else if matches(first, "at") {
            try parseEvent()
        } else {
            throw error(at: first, "expected 'set' or 'at', found '\(text(first))'")
        }
    }

    // MARK: - Lines and tokens

    private func validateCharacters() throws(ScenarioError) {
        var index = lineStart
        while index < lineEnd {
            let byte = bytes[index]
            if byte < 0x80 {
                if (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F {
                    throw error(atOffset: index, "control character 0x\(String(byte, radix: 16)) is not allowed")
                }
                index += 1
                continue
            }
            let length = Self.scalarLength(bytes, at: index, end: lineEnd)
            guard length > 0 else { throw error(atOffset: index, "invalid UTF-8") }
            index += length
        }
    }

    /// The length of the well-formed UTF-8 sequence starting at `index`, or 0.
    static func scalarLength(_ bytes: [UInt8], at index: Int, end: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        let minimum: UInt32
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            minimum = 0x80
            scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            minimum = 0x800
            scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            minimum = 0x10000
            scalar = UInt32(lead & 0x07)
        default:
            return 0
        }
        guard index + length <= end else { return 0 }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return 0 }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return 0 }
        return length
    }

    private mutating func tokenize() {
        tokens.removeAll(keepingCapacity: true)
        var index = lineStart
        while index < lineEnd {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "#") { return }
            let start = index
            while index < lineEnd, bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "\t") {
                index += 1
            }
            tokens.append(Token(start: start, end: index))
        }
    }

    func matches(_ token: Token, _ word: StaticString) -> Bool {
        guard token.end - token.start == word.utf8CodeUnitCount else { return false }
        let pointer = word.utf8Start
        for offset in 0..<(token.end - token.start) where bytes[token.start + offset] != pointer[offset] {
            return false
        }
        return true
    }

    func text(_ token: Token) -> String {
        String(decoding: bytes[token.start..<token.end], as: UTF8.self)
    }

    func column(ofOffset offset: Int) -> Int {
        var column = 1
        var index = lineStart
        while index < offset, index < lineEnd {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return column + max(0, offset - max(index, lineEnd))
    }

    func error(atOffset offset: Int, _ message: String) -> ScenarioError {
        ScenarioError(line: line, column: column(ofOffset: offset), message: message)
    }

    func error(at token: Token, _ message: String) -> ScenarioError {
        error(atOffset: token.start, message)
    }

    /// An error just after the last token of the line (something is missing).
    func errorAfterLastToken(_ message: String) -> ScenarioError {
        error(atOffset: tokens.last.map { $0.end + 1 } ?? lineStart, message)
    }

    func expectNoMore(after count: Int) throws(ScenarioError) {
        if tokens.count > count {
            throw error(at: tokens[count], "unexpected '\(text(tokens[count]))'")
        }
    }
}

/// Finds where a routes file stops being valid JSON, for error messages (`JSONDecoder` does not say).
///
/// Only run after decoding failed; a small recursive-descent checker (RFC 8259) with a depth limit.
enum RoutesFileSyntax {
    private static let maximumDepth = 512

    /// The 1-based line and column (in bytes) of the first syntax error, and what is wrong there.
    ///
    /// - Parameter bytes: The file's bytes.
    /// - Returns: Line, column and message; `(1, 1, ...)` if no error is found (then the problem was encoding).
    /// - Complexity: O(*n*).
    static func locate(_ bytes: [UInt8]) -> (line: Int, column: Int, message: String) {
        var checker = Checker(bytes: bytes)
        let failure = checker.document()
        guard let (offset, message) = failure else { return (1, 1, "the data is not UTF-8 JSON") }
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column, message)
    }

    private struct Checker {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func document() -> (Int, String)? {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            skipSpace()
            if let failure = value(depth: 0) { return failure }
            skipSpace()
            return index < bytes.count ? (index, "unexpected text after the JSON value") : nil
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) -> (Int, String)? {
            guard depth < maximumDepth else { return (index, "nested too deeply") }
            guard index < bytes.count else { return (index, "unexpected end of data, expected a value") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), keyed: true, depth: depth)
            case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), keyed: false, depth: depth)
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
            default: return (index, "unexpected character, expected a value")
            }
        }

        mutating func container(close: UInt8, keyed: Bool, depth: Int) -> (Int, String)? {
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == close {
                index += 1
                return nil
            }
            while true {
                skipSpace()
                if keyed {
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                        return (index, "expected a string key")
                    }
                    if let failure = string() { return failure }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                        return (index, "expected `:` after the key")
                    }
                    index += 1
                    skipSpace()
                }
                if let failure = value(depth: depth + 1) { return failure }
                skipSpace()
                guard index < bytes.count else { return (index, "unexpected end of data") }
                if bytes[index] == close {
                    index += 1
                    return nil
                }
                guard bytes[index] == UInt8(ascii: ",") else {
                    return (index, keyed ? "expected `,` or `}`" : "expected `,` or `]`")
                }
                index += 1
            }
        }

        mutating func string() -> (Int, String)? {
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return nil
                case UInt8(ascii: "\\"):
                    guard index + 1 < bytes.count else { return (index, "unterminated string") }
                    let escape = bytes[index + 1]
                    if escape == UInt8(ascii: "u") {
                        guard index + 5 < bytes.count,
                            bytes[(index + 2)...(index + 5)].allSatisfy({ RouteBytes.hexValue($0) != nil })
                        else { return (index, "bad \\u escape") }
                        index += 6
                    } else if "\"\\/bfnrt".utf8.contains(escape) {
                        index += 2
                    } else {
                        return (index, "bad escape in string")
                    }
                case 0x00..<0x20:
                    return (index, "control character in string")
                default:
                    index += 1
                }
            }
            return (index, "unterminated string")
        }

        mutating func literal(_ word: String) -> (Int, String)? {
            let expected = Array(word.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<(index + expected.count)]) == expected
            else { return (index, "unexpected character, expected a value") }
            index += expected.count
            return nil
        }

        mutating func number() -> (Int, String)? {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            var digits = 0
            while index < bytes.count, RouteBytes.isDigit(bytes[index]) {
                index += 1
                digits += 1
            }
            guard digits > 0 else { return (start, "bad number") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                var fraction = 0
                while index < bytes.count, RouteBytes.isDigit(bytes[index]) {
                    index += 1
                    fraction += 1
                }
                guard fraction > 0 else { return (start, "bad number") }
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                var exponent = 0
                while index < bytes.count, RouteBytes.isDigit(bytes[index]) {
                    index += 1
                    exponent += 1
                }
                guard exponent > 0 else { return (start, "bad number") }
            }
            return nil
        }
    }
}

/// JSON string quoting shared by every module and command of the package (package access: not public API).
package enum JSONQuoting {
    /// A JSON string literal for `text`: `"`, `\` and control characters escaped (`\n`, `\t`, ... or
    /// `\u00XX`; also DEL, U+2028 and U+2029, so the output is safe in JavaScript too); everything else as
    /// UTF-8.
    ///
    /// Shared by the AASA generator, the `link-router` command and `mediaqueue`'s JSON Lines.
    /// - Parameter text: The string to quote.
    /// - Returns: The literal, quotes included.
    /// - Complexity: O(*n*) in the length of `text`.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

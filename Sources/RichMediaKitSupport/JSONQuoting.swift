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
        let body = text.replacingScalars { scalar in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case "\n": return "\\n"
            case "\r": return "\\r"
            case "\t": return "\\t"
            case "\u{08}": return "\\b"
            case "\u{0C}": return "\\f"
            case _ where scalar.value < 0x20, "\u{7F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: return nil
            }
        }
        return "\"" + body + "\""
    }
}

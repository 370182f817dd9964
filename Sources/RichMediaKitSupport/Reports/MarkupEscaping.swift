/// Escaping text for HTML and XML (SVG) documents (package access: not public API).
package enum MarkupEscaping {
    /// `text` safe as element content or a double-quoted attribute value in HTML and XML: `&`, `<`, `>`, `"`
    /// and `'` as character references; control characters but tab, line feed and carriage return shown as
    /// `\u{XX}` (``TerminalText``'s one rule), and U+FFFE and U+FFFF, which XML 1.0 forbids, as U+FFFD.
    ///
    /// - Parameter text: Untrusted text.
    /// - Returns: The escaped text.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if TerminalText.isControl(scalar) {
                    result += TerminalText.escaped(scalar)
                } else if scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

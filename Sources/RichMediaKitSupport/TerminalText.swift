/// Escaping of untrusted text for a terminal: the package's one copy, used by the libraries' text renderings and
/// by both command-line tools.
package enum TerminalText {
    /// `text` with control characters (C0, DEL and C1) shown as `\u{XX}`, so untrusted input printed to a
    /// terminal cannot move the cursor, change colours or set the window title.
    ///
    /// Apply it to every line of text output that contains user-provided text (URLs, file names, values from
    /// files); JSON output is escaped by its quoting instead. It is idempotent: escaped text has no control
    /// characters left.
    /// - Complexity: O(*n*) in the length of `text`.
    package static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

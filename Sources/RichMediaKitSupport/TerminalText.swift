/// The package's one escaping rule for untrusted text in output: every control character (C0, DEL and C1) is shown
/// as `\u{XX}`. The libraries' text renderings, both command-line tools, the annotation writers (SARIF, GitHub
/// workflow commands, Xcode's issue lines: their messages and paths) and the HTML pages all apply it, so text from
/// a file or a server can neither move a terminal's cursor, change its colours or set its title, nor forge a line of
/// a report or a CI log.
package enum TerminalText {
    /// `text` with control characters (C0, DEL and C1) shown as `\u{XX}`, so untrusted input printed to a
    /// terminal cannot move the cursor, change colours or set the window title.
    ///
    /// Apply it to every line of text output that contains user-provided text (URLs, file names, values from
    /// files); JSON output is escaped by its quoting instead. It is idempotent: escaped text has no control
    /// characters left.
    /// - Complexity: O(*n*) in the length of `text`.
    package static func visible(_ text: String) -> String {
        escaping(text) { _ in true }
    }

    /// `text` with every control character escaped as ``visible(_:)`` does except the line feeds, which stay: for a
    /// whole rendering whose lines the renderer joined (a line feed inside a value must be escaped before the join,
    /// with ``visible(_:)``).
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    package static func visibleLines(_ text: String) -> String {
        escaping(text) { $0 != "\n" }
    }

    /// Whether `scalar` is a control character: C0 (U+0000–U+001F), DEL (U+007F) or C1 (U+0080–U+009F).
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// How a control character is shown: `\u{1b}`.
    package static func escaped(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16) + "}"
    }

    /// `text` with the control characters `escapes` accepts shown as `\u{XX}`.
    private static func escaping(_ text: String, _ escapes: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && escapes($0) }) else { return text }
        return text.replacingScalars { isControl($0) && escapes($0) ? escaped($0) : nil }
    }
}

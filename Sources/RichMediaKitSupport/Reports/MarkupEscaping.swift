/// Escaping text for HTML and XML (SVG) documents (package access: not public API).
package enum MarkupEscaping {
    /// `text` safe as element content or a double-quoted attribute value in HTML and XML: `&`, `<`, `>`, `"`
    /// and `'` as character references; control characters but tab, line feed and carriage return shown as
    /// `\u{XX}` (``TerminalText``'s one rule), and U+FFFE and U+FFFF, which XML 1.0 forbids, as U+FFFD.
    ///
    /// - Parameter text: Untrusted text.
    /// - Returns: The escaped text.
    package static func escaped(_ text: String) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            case "\t", "\n", "\r": nil
            case _ where TerminalText.isControl(scalar): TerminalText.escaped(scalar)
            case "\u{FFFE}", "\u{FFFF}": "\u{FFFD}"
            default: nil
            }
        }
    }

    /// A sentence of a report as markup: its `` `code spans` `` as `<code>` (an unmatched backtick stays as
    /// written), and its `http` and `https` URLs as links (``link(_:)``); everything else escaped. A URL of any other
    /// scheme (an app's own, `javascript:`) stays text.
    ///
    /// - Parameter text: Untrusted text (a finding's message or fix).
    /// - Returns: The markup.
    package static func prose(_ text: String) -> String {
        var parts = text.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        if parts.count % 2 == 0, let last = parts.popLast() { parts[parts.count - 1] += "`" + last }
        return parts.enumerated().map { index, part in
            index % 2 == 0 ? linked(part) : "<code>\(linked(part))</code>"
        }.joined()
    }

    /// A URL as a link when it is `http` or `https` (`<a href="...">`, both escaped), else as escaped text: no
    /// other scheme becomes a link.
    ///
    /// - Parameter url: Untrusted text.
    /// - Returns: The markup.
    package static func link(_ url: String) -> String {
        let escaped = escaped(url)
        return isWebURL(url) ? "<a href=\"\(escaped)\">\(escaped)</a>" : escaped
    }

    /// Whether `text` starts with `http://` or `https://` (any case) and holds no space or control character.
    private static func isWebURL(_ text: String) -> Bool {
        let lower = text.prefix(8).lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return false }
        return !text.unicodeScalars.contains { $0 == " " || TerminalText.isControl($0) || $0 == "\t" }
    }

    /// `text` escaped, with each `http(s)://` URL in it (up to a space, a quote or an angle bracket, without a
    /// trailing `.`, `,`, `;`, `:`, `)` or `!`) as a link.
    private static func linked(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let start = webURLStart(in: rest) {
            result += escaped(String(rest[..<start]))
            var end = rest[start...].firstIndex { " \t\n\r\"'<>`".contains($0) } ?? rest.endIndex
            while end > start, ".,;:)!?".contains(rest[rest.index(before: end)]) { end = rest.index(before: end) }
            result += link(String(rest[start..<end]))
            rest = rest[end...]
        }
        return result + escaped(String(rest))
    }

    /// Where the first `http://` or `https://` that starts a word is in `text`.
    private static func webURLStart(in text: Substring) -> Substring.Index? {
        var index = text.startIndex
        while let found = text[index...].firstIndex(where: { $0 == "h" || $0 == "H" }) {
            let candidate = text[found...].prefix(8).lowercased()
            let startsWord = found == text.startIndex || !text[text.index(before: found)].isLetter
            if startsWord, candidate.hasPrefix("http://") || candidate.hasPrefix("https://") {
                let scheme = candidate.hasPrefix("https://") ? 8 : 7
                if text.index(found, offsetBy: scheme) < text.endIndex { return found }
            }
            index = text.index(after: found)
        }
        return nil
    }
}

/// Builds RFC 6901 JSON pointers such as `/applinks/details/0/components/1`.
///
/// A pointer is kept as its string form; appending a token escapes `~` as `~0` and `/` as `~1`.
package struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The pointer's text; the empty string designates the whole document.
    package private(set) var text: String

    /// The pointer to the whole document.
    package static let root = JSONPointer(text: "")

    private init(text: String) {
        self.text = text
    }

    /// The pointer's text.
    package var description: String { text }

    /// This pointer extended by an object key.
    package func appending(_ key: String) -> JSONPointer {
        var escaped = ""
        escaped.reserveCapacity(key.utf8.count)
        for character in key.unicodeScalars {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return JSONPointer(text: text + "/" + escaped)
    }

    /// This pointer extended by an array index.
    package func appending(_ index: Int) -> JSONPointer {
        JSONPointer(text: text + "/" + String(index))
    }
}

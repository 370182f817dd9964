/// Builds RFC 6901 JSON pointers such as `/applinks/details/0/components/1`.
///
/// A pointer is kept as its string form; appending a token escapes `~` as `~0` and `/` as `~1`.
/// ``escaped(_:)`` and ``unescaped(_:)`` are the package's one copy of that escaping: everything that writes or
/// reads a pointer (AASA diagnostics and rules, routes-file errors, the generator) goes through them.
package struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The pointer's text; the empty string designates the whole document.
    package private(set) var text: String

    /// The pointer to the whole document.
    package static let root = JSONPointer(text: "")

    private init(text: String) {
        self.text = text
    }

    /// A pointer from its text, such as a pointer kept as a string in a model value.
    ///
    /// - Parameter text: The pointer's text: empty, or `/`-separated escaped tokens, as ``description`` writes it.
    /// - Returns: Nil when `text` is neither empty nor starts with `/`, or has a `~` not followed by `0` or `1`.
    package init?(parsing text: String) {
        guard text.isEmpty || text.hasPrefix("/"),
            text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().allSatisfy({
                Self.unescaped($0) != nil
            })
        else { return nil }
        self.text = text
    }

    /// A pointer from text this package wrote with ``description`` (not checked again).
    ///
    /// - Parameter text: A pointer's ``description``.
    package init(written text: String) {
        self.text = text
    }

    /// The pointer's text.
    package var description: String { text }

    /// This pointer extended by an object key.
    package func appending(_ key: String) -> JSONPointer {
        JSONPointer(text: text + "/" + Self.escaped(key))
    }

    /// This pointer extended by an array index.
    package func appending(_ index: Int) -> JSONPointer {
        JSONPointer(text: text + "/" + String(index))
    }

    /// The reference tokens, unescaped: `/a~1b/0` has `["a/b", "0"]`; the root has none.
    package var tokens: [String] {
        text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { Self.unescaped($0) ?? "" }
    }

    /// One reference token written for a pointer: `~` as `~0`, `/` as `~1` (RFC 6901 section 3).
    ///
    /// - Parameter token: An object key (or an array index's digits).
    /// - Returns: The escaped token, without the leading `/`.
    package static func escaped(_ token: some StringProtocol) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            return String(token)
        }
        var escaped = ""
        escaped.reserveCapacity(token.utf8.count + 2)
        for character in token.unicodeScalars {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// The inverse of ``escaped(_:)``: `~1` is `/`, then `~0` is `~` (RFC 6901 section 4).
    ///
    /// - Parameter token: An escaped reference token, without its leading `/`.
    /// - Returns: The key, or nil when a `~` is followed by neither `0` nor `1`.
    package static func unescaped(_ token: some StringProtocol) -> String? {
        guard token.utf8.contains(UInt8(ascii: "~")) else { return String(token) }
        var result = ""
        var scalars = token.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "~" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalars.next() {
            case "0": result += "~"
            case "1": result += "/"
            default: return nil
            }
        }
        return result
    }
}

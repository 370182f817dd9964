/// An RFC 6901 JSON pointer, such as `/applinks/details/0/components/1`: where a rule or a problem is in a file.
///
/// Diagnostics, match results and lint reports say where with a pointer; compare pointers, use them as
/// dictionary keys, or print them (``description`` is the pointer's text, `""` for the whole document).
/// Building one by ``appending(_:)-(String)`` escapes `~` as `~0` and `/` as `~1`; ``tokens`` undoes it. It
/// encodes to JSON as its text.
///
/// <!-- snippet: JSONPointerDocExample -->
/// ```swift
/// let rule = JSONPointer.root.appending("applinks").appending("details").appending(0)
/// print(rule)  // /applinks/details/0
/// ```
public struct JSONPointer: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The pointer's text: `""` for the whole document, otherwise `/` followed by escaped reference tokens.
    public let text: String

    private init(unchecked text: String) {
        self.text = text
    }

    /// A pointer from its text, or nil when the text is neither empty nor starts with `/`.
    ///
    /// - Parameter text: The pointer's text, such as `/applinks/details/0`.
    public init?(_ text: String) {
        guard text.isEmpty || text.utf8.first == UInt8(ascii: "/") else { return nil }
        self.init(unchecked: text)
    }

    /// A pointer from its text, checked strictly: nil when the text is neither empty nor starts with `/`, or has a
    /// `~` not followed by `0` or `1`.
    ///
    /// - Parameter text: The pointer's text: empty, or `/`-separated escaped tokens, as ``description`` writes it.
    public init?(parsing text: String) {
        guard text.isEmpty || text.hasPrefix("/"),
            text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().allSatisfy({
                Self.unescaped($0) != nil
            })
        else { return nil }
        self.init(unchecked: text)
    }

    /// Wraps a pointer text the package built (always empty or starting with `/`; not checked again).
    package init(known text: String) {
        self.init(unchecked: text)
    }

    /// A pointer from text this package wrote with ``description`` (not checked again).
    package init(written text: String) {
        self.init(unchecked: text)
    }

    /// The pointer to the whole document (`""`).
    public static let root = JSONPointer(unchecked: "")

    /// A property list's key path written as a JSON pointer, as every report writes a place in the entitlements or
    /// the `Info.plist` (package access): `CFBundleURLTypes[0].CFBundleURLName` is
    /// `/CFBundleURLTypes/0/CFBundleURLName`; a key's own dots stay (`com.apple.developer.associated-domains`), and
    /// `~` and `/` in a key are escaped.
    ///
    /// - Parameter keyPath: The key path, as the property list reader writes it.
    package init(propertyListKeyPath keyPath: String) {
        var pointer = JSONPointer.root
        var rest = Substring(keyPath)
        var atStart = true
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
            // `key[0]`, and `[1]` right after it (an array in an array).
            if atStart || open != rest.startIndex { pointer = pointer.appending(String(rest[..<open])) }
            pointer = pointer.appending(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
            if rest.first == "." { rest = rest.dropFirst() }
            atStart = false
        }
        if atStart || !rest.isEmpty { pointer = pointer.appending(String(rest)) }
        self = pointer
    }

    /// This pointer extended by an object key, with `~` and `/` escaped.
    ///
    /// - Parameter key: The object member's name, unescaped.
    /// - Returns: The longer pointer.
    public func appending(_ key: String) -> JSONPointer {
        JSONPointer(unchecked: text + "/" + Self.escaped(key))
    }

    /// This pointer extended by an array index.
    ///
    /// - Parameter index: The array index.
    /// - Returns: The longer pointer.
    public func appending(_ index: Int) -> JSONPointer {
        JSONPointer(unchecked: text + "/" + String(index))
    }

    /// The reference tokens, unescaped: `/a~1b/0` has `["a/b", "0"]`; the root has none.
    public var tokens: [String] {
        text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { Self.unescaped($0) ?? "" }
    }

    /// The pointer's text (`""` for the whole document).
    public var description: String { text }

    /// Orders pointers by their text.
    ///
    /// - Parameters:
    ///   - lhs: A pointer.
    ///   - rhs: Another pointer.
    /// - Returns: Whether `lhs`'s text sorts before `rhs`'s.
    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool { lhs.text < rhs.text }

    /// Decodes a pointer from its JSON string.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` when the string is neither empty nor starts with `/`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let pointer = JSONPointer(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a JSON pointer is empty or starts with `/`: `\(text)`")
        }
        self = pointer
    }

    /// Encodes the pointer as its JSON string.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// One reference token written for a pointer: `~` as `~0`, `/` as `~1` (RFC 6901 section 3); the package's one
    /// copy of that escaping (package access).
    ///
    /// - Parameter token: An object key (or an array index's digits).
    /// - Returns: The escaped token, without the leading `/`.
    package static func escaped(_ token: some StringProtocol) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            return String(token)
        }
        return String(token).replacingScalars { $0 == "~" ? "~0" : $0 == "/" ? "~1" : nil }
    }

    /// The inverse of ``escaped(_:)``: `~1` is `/`, then `~0` is `~` (RFC 6901 section 4) (package access).
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

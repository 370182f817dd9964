import RichMediaKitSupport

/// An RFC 6901 JSON pointer, such as `/applinks/details/0/components/1`: where a rule or a problem is in a file.
///
/// Diagnostics, match results and lint reports say where with a pointer; compare pointers, use them as
/// dictionary keys, or print them (``description`` is the pointer's text, `""` for the whole document).
/// Building one by ``appending(_:)-(String)`` escapes `~` as `~0` and `/` as `~1`. It encodes to JSON as its
/// text.
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

    /// Wraps a pointer text the package built (always empty or starting with `/`).
    package init(known text: String) {
        self.init(unchecked: text)
    }

    /// The pointer to the whole document (`""`).
    public static let root = JSONPointer(unchecked: "")

    /// This pointer extended by an object key, with `~` and `/` escaped.
    ///
    /// - Parameter key: The object member's name, unescaped.
    /// - Returns: The longer pointer.
    public func appending(_ key: String) -> JSONPointer {
        JSONPointer(unchecked: text + RichMediaKitSupport.JSONPointer.root.appending(key).text)
    }

    /// This pointer extended by an array index.
    ///
    /// - Parameter index: The array index.
    /// - Returns: The longer pointer.
    public func appending(_ index: Int) -> JSONPointer {
        JSONPointer(unchecked: text + "/" + String(index))
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
}

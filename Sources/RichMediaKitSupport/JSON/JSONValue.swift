/// A parsed JSON value, kept close to the source text.
///
/// Objects keep their members in file order (including duplicate keys, so that a linter can
/// report them); numbers keep their literal text. Values come from ``JSONParser``, which
/// bounds the nesting depth, so walking a value recursively is safe.
package indirect enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as written in the source.
    case number(String)
    /// A string, unescaped.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object: its members in source order; a key may repeat.
    case object([JSONMember])

    /// The name of the value's JSON type, for messages ("object", "array", "string", ...).
    package var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// The value of the last member named `key`, if this is an object that has one.
    ///
    /// The last occurrence wins, as with Foundation's `JSONSerialization`.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }
}

/// One `"key": value` member of a JSON object.
package struct JSONMember: Sendable, Equatable {
    /// The member's key, unescaped.
    package var key: String
    /// The member's value.
    package var value: JSONValue
}

import RichMediaKitSupport

/// A JSON value with ordered object keys, rendered deterministically (no Foundation encoder needed).
///
/// Strings are quoted by `JSONQuoting`, the package's one JSON string quoting.
package indirect enum JSONValue: Sendable {
    /// A string, quoted by `JSONQuoting`.
    case string(String)
    /// An integer.
    case integer(Int)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([JSONValue])
    /// An object whose members keep this order.
    case object([(String, JSONValue)])

    /// `.string(text)` or `.null`.
    package static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// Compact JSON on one line, with a space after `:` and `,` (`{"a": 1, "b": [true]}`).
    package var compact: String {
        switch self {
        case .string(let text): return JSONQuoting.quoted(text)
        case .integer(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.compact).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { JSONQuoting.quoted($0.0) + ": " + $0.1.compact }.joined(separator: ", ") + "}"
        }
    }

    /// An array printed one element a line (elements compact); anything else compact.
    package var lines: String {
        guard case .array(let items) = self, !items.isEmpty else { return compact }
        return "[\n" + items.map { "  " + $0.compact }.joined(separator: ",\n") + "\n]"
    }
}

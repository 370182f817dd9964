/// A JSON value with object members in a fixed order, rendered deterministically without a Foundation encoder
/// (package access: not public API).
///
/// The report writers (SARIF, baselines) build their output with it so that the same input always gives the
/// same bytes, which keeps generated files reviewable in diffs.
package indirect enum OrderedJSON: Sendable, Equatable {
    /// A string.
    case string(String)
    /// An integer.
    case integer(Int)
    /// A number, as its JSON literal text (written as given).
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([OrderedJSON])
    /// An object; members keep the order given.
    case object([Member])

    /// One `"key": value` member of an object.
    package struct Member: Sendable, Equatable {
        /// The member's key.
        package var key: String
        /// The member's value.
        package var value: OrderedJSON

        /// Creates a member.
        package init(_ key: String, _ value: OrderedJSON) {
            self.key = key
            self.value = value
        }
    }

    /// `.string(text)`, or `.null` when `text` is nil.
    package static func optional(_ text: String?) -> OrderedJSON {
        text.map(OrderedJSON.string) ?? .null
    }

    /// The value on one line (`{"a": 1, "b": [true]}`: a space after `:` and `,`).
    package var compact: String {
        var output = ""
        write(to: &output, indent: nil, level: 0)
        return output
    }

    /// The value indented by two spaces a level, one member or element a line; arrays whose elements are all
    /// scalars, nested objects whose members are all scalars, and empty ones stay on one line.
    package var pretty: String {
        var output = ""
        write(to: &output, indent: "  ", level: 0)
        return output
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    private func write(to output: inout String, indent: String?, level: Int) {
        switch self {
        case .string(let text): output += JSONQuoting.quoted(text)
        case .integer(let value): output += String(value)
        case .number(let literal): output += literal
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let items):
            guard let indent, !items.isEmpty, !items.allSatisfy(\.isScalar) else {
                output += "["
                for (index, item) in items.enumerated() {
                    if index > 0 { output += ", " }
                    item.write(to: &output, indent: nil, level: 0)
                }
                output += "]"
                return
            }
            let inner = String(repeating: indent, count: level + 1)
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += inner
                item.write(to: &output, indent: indent, level: level + 1)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: indent, count: level) + "]"
        case .object(let members):
            guard let indent, !members.isEmpty, level == 0 || !members.allSatisfy(\.value.isScalar) else {
                output += "{"
                for (index, member) in members.enumerated() {
                    if index > 0 { output += ", " }
                    output += JSONQuoting.quoted(member.key) + ": "
                    member.value.write(to: &output, indent: nil, level: 0)
                }
                output += "}"
                return
            }
            let inner = String(repeating: indent, count: level + 1)
            output += "{\n"
            for (index, member) in members.enumerated() {
                output += inner + JSONQuoting.quoted(member.key) + ": "
                member.value.write(to: &output, indent: indent, level: level + 1)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: indent, count: level) + "}"
        }
    }
}

/// The JSON value the package *writes*: object members in a fixed order, rendered deterministically without a
/// Foundation encoder (package access: not public API). The value the package *reads* is ``JSONValue`` (the
/// parser's output, close to the source text); ``JSONValue/orderedJSON`` turns one into the other.
///
/// It is the package's one JSON writer: both commands' `--format json` output, `mediaqueue`'s JSON Lines, the
/// report files (SARIF, baselines) and the JSON shown in the coverage page are all written by it, so that the
/// same input always gives the same bytes. Two layouts:
/// - ``compact``: one line without any whitespace (`{"a":1,"b":[true]}`), what the commands print (and
///   ``lines``: an array with one compact element a line);
/// - ``pretty``: indented for files people review in diffs (baselines, SARIF logs).
///
/// `Codable` values become `OrderedJSON` through ``init(encoding:)``, keeping the order they encode their keys in.
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

    /// The value on one line without whitespace (`{"a":1,"b":[true]}`): what the commands print.
    package var compact: String {
        var output = ""
        write(to: &output, indent: nil, level: 0)
        return output
    }

    /// An array with one element a line, each element ``compact`` (`[` and `]` on lines of their own, elements
    /// indented by two spaces); an empty array or any other value is ``compact``.
    package var lines: String {
        guard case .array(let items) = self, !items.isEmpty else { return compact }
        return "[\n" + items.map { "  " + $0.compact }.joined(separator: ",\n") + "\n]"
    }

    /// The value indented by two spaces a level, one member or element a line, with a space after `:` and `,`;
    /// arrays whose elements are all scalars, nested objects whose members are all scalars, and empty ones stay
    /// on one line. For files people read in diffs (baselines, SARIF logs).
    package var pretty: String {
        var output = ""
        write(to: &output, indent: "  ", level: 0)
        return output
    }

    /// An object with `members` in front of this object's members (this value unchanged if it is not an object).
    ///
    /// - Parameter members: The members to put first.
    /// - Returns: The longer object.
    package func prepending(_ members: [Member]) -> OrderedJSON {
        guard case .object(let existing) = self else { return self }
        return .object(members + existing)
    }

    /// An object with `members` after this object's members (this value unchanged if it is not an object).
    ///
    /// - Parameter members: The members to put last.
    /// - Returns: The longer object.
    package func appending(_ members: [Member]) -> OrderedJSON {
        guard case .object(let existing) = self else { return self }
        return .object(existing + members)
    }

    /// The value with every object's members sorted by key (by Unicode scalar values), at every depth.
    package var sortingKeys: OrderedJSON {
        switch self {
        case .array(let items): return .array(items.map(\.sortingKeys))
        case .object(let members):
            let sorted = members.map { Member($0.key, $0.value.sortingKeys) }.enumerated().sorted {
                $0.element.key.unicodeScalars.lexicographicallyPrecedes($1.element.key.unicodeScalars)
                    || ($0.element.key == $1.element.key && $0.offset < $1.offset)
            }
            return .object(sorted.map(\.element))
        default: return self
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    /// Writes the value; `indent` nil writes it compact.
    private func write(to output: inout String, indent: String?, level: Int) {
        switch self {
        case .string(let text): output += JSONQuoting.quoted(text)
        case .integer(let value): output += String(value)
        case .number(let literal): output += literal
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let items):
            guard let indent else {
                output += "["
                for (index, item) in items.enumerated() {
                    if index > 0 { output += "," }
                    item.write(to: &output, indent: nil, level: 0)
                }
                output += "]"
                return
            }
            guard !items.isEmpty, !items.allSatisfy(\.isScalar) else {
                output += spacedLine
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
            guard let indent else {
                output += "{"
                for (index, member) in members.enumerated() {
                    if index > 0 { output += "," }
                    output += JSONQuoting.quoted(member.key) + ":"
                    member.value.write(to: &output, indent: nil, level: 0)
                }
                output += "}"
                return
            }
            guard !members.isEmpty, level == 0 || !members.allSatisfy(\.value.isScalar) else {
                output += spacedLine
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

    /// One line with a space after `:` and `,`: the parts of ``pretty`` kept on one line.
    package var spacedLine: String {
        switch self {
        case .array(let items): return "[" + items.map(\.spacedLine).joined(separator: ", ") + "]"
        case .object(let members):
            return "{"
                + members.map { JSONQuoting.quoted($0.key) + ": " + $0.value.spacedLine }
                .joined(separator: ", ") + "}"
        default: return compact
        }
    }
}

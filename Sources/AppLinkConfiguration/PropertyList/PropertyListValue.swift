#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One value of a property list with where it starts in the file (package access: the reader's model).
///
/// The eight property-list types: dictionary, array, string, Boolean, integer, real, date and data. A dictionary
/// keeps its members in file order, duplicates included (the last one wins in ``subscript(_:)``, as in Foundation).
package struct PropertyListValue: Sendable, Hashable {
    /// A dictionary member: its key, where the key starts, and its value.
    package struct Member: Sendable, Hashable {
        /// The key.
        package var key: String
        /// Where the key starts.
        package var keyPosition: PropertyListPosition
        /// The value.
        package var value: PropertyListValue

        /// Creates a member.
        package init(key: String, keyPosition: PropertyListPosition, value: PropertyListValue) {
            self.key = key
            self.keyPosition = keyPosition
            self.value = value
        }
    }

    /// The value itself.
    package enum Content: Sendable, Hashable {
        /// `<dict>`: members in file order.
        case dictionary([Member])
        /// `<array>`.
        case array([PropertyListValue])
        /// `<string>`.
        case string(String)
        /// `<true/>` or `<false/>`.
        case bool(Bool)
        /// `<integer>` (64-bit signed; unsigned values above `Int64.max` are refused).
        case integer(Int64)
        /// `<real>`.
        case real(Double)
        /// `<date>`.
        case date(Date)
        /// `<data>`.
        case data([UInt8])
    }

    /// The value.
    package var content: Content
    /// Where the value starts (its opening tag, or its object in a binary file).
    package var position: PropertyListPosition

    /// Creates a value.
    package init(_ content: Content, at position: PropertyListPosition) {
        self.content = content
        self.position = position
    }

    /// The value of `key` in a dictionary (the last member with that key), or nil.
    package subscript(_ key: String) -> PropertyListValue? {
        guard case .dictionary(let members) = content else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The members of a dictionary, or nil.
    package var members: [Member]? {
        if case .dictionary(let members) = content { return members }
        return nil
    }

    /// The elements of an array, or nil.
    package var elements: [PropertyListValue]? {
        if case .array(let elements) = content { return elements }
        return nil
    }

    /// The text of a string, or nil.
    package var string: String? {
        if case .string(let text) = content { return text }
        return nil
    }

    /// The value of a Boolean, or nil.
    package var bool: Bool? {
        if case .bool(let value) = content { return value }
        return nil
    }

    /// The type's name as property lists spell it (`dict`, `array`, `string`, ...), for messages.
    package var typeName: String {
        switch content {
        case .dictionary: return "dict"
        case .array: return "array"
        case .string: return "string"
        case .bool(let value): return value ? "true" : "false"
        case .integer: return "integer"
        case .real: return "real"
        case .date: return "date"
        case .data: return "data"
        }
    }
}

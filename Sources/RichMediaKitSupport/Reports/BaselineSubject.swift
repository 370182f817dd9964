#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a baseline entry is about when that is a piece of a file: an AASA rule, an intent filter, a dynamic rule, the
/// path to a linted value (package access: every baseline records its subjects this way).
///
/// A subject is identified by its content, never by its position: its canonical text is the value as one line of
/// JSON with object keys sorted (`{"/": "/help/*", "exclude": true}`), so that two rules with the same content are the
/// same subject wherever they are, and a file edited by hand in another key order still matches. The baseline file
/// writes the subject as that JSON value, not as a string.
package enum BaselineSubject {
    /// The canonical text of `value`: one line, keys sorted.
    ///
    /// - Parameter value: The subject as JSON.
    /// - Returns: Its text.
    package static func text(_ value: OrderedJSON) -> String { value.sortingKeys.spacedLine }

    /// The canonical text of a subject written as JSON text (an AASA rule as `AASAResolvedRule.text` writes it); the
    /// text itself, quoted, when it is not JSON.
    ///
    /// - Parameter json: The subject's JSON text.
    /// - Returns: Its canonical text.
    package static func text(json: String) -> String { text(value(json)) }

    /// The subject as the baseline file writes it: its canonical text parsed back into JSON.
    ///
    /// - Parameter text: A canonical text (or any JSON text).
    /// - Returns: The JSON value; a string when `text` is not JSON.
    package static func value(_ text: String) -> OrderedJSON {
        (try? JSONParser.parse(Array(text.utf8)))?.orderedJSON ?? .string(text)
    }

    /// A subject's member as the baseline file writes it: a version 1 entry's place as a string, or the content as
    /// JSON; nil when the entry has neither.
    ///
    /// - Parameters:
    ///   - content: The subject's canonical text.
    ///   - place: Its place, for an entry read from a version 1 file.
    /// - Returns: The member's value.
    package static func value(content: String?, place: String?) -> OrderedJSON? {
        place.map(OrderedJSON.string) ?? content.map(value)
    }
}

/// A baseline entry of a coverage check of an app as its members (package access: the whole-app and Android entries
/// write their file's object and their description from this one list): its kind, what the gap is about first (its
/// domain or host: said bare in the description), then the others, in the file's order.
package struct BaselineEntryMembers {
    /// One member: its name, its text in the description and its value in the file (nil when the entry lacks it).
    package struct Member {
        let name: String
        let text: String?
        let json: OrderedJSON?

        /// A member whose value is a string.
        package static func string(_ name: String, _ value: String?) -> Member {
            Member(name: name, text: value, json: value.map(OrderedJSON.string))
        }

        /// A member that is a ``BaselineSubject``: its content, or a version 1 entry's place.
        package static func subject(_ name: String, content: String?, place: String?) -> Member {
            Member(name: name, text: place ?? content, json: BaselineSubject.value(content: content, place: place))
        }
    }

    private let members: [Member]

    /// The members of an entry of this kind, about `about` first, then the others.
    package init(kind: String, about: Member, _ others: [Member]) { members = [.string("kind", kind), about] + others }

    /// The entry as the file writes it: `kind`, then only the members it has.
    package var json: OrderedJSON {
        .object(members.compactMap { member in member.json.map { .init(member.name, $0) } })
    }

    /// `unclaimed example.com route=search`: the kind, what the gap is about, then each other member it has.
    package var description: String {
        (members.prefix(2).compactMap(\.text)
            + members.dropFirst(2).compactMap { member in member.text.map { "\(member.name)=\($0)" } })
            .joined(separator: " ")
    }
}

/// Any JSON value of a baseline file, decoded to its ``BaselineSubject`` text (package access).
package struct BaselineSubjectValue: Decodable, Sendable {
    /// The value's canonical text.
    package var text: String
    /// The value as read (its objects' keys sorted).
    var json: OrderedJSON

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes any JSON value.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the value is none of JSON's.
    package init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            json = .object(
                try object.allKeys.map { key in
                    .init(key.stringValue, try object.decode(BaselineSubjectValue.self, forKey: key).json)
                })
        } else if var array = try? decoder.unkeyedContainer() {
            var items: [OrderedJSON] = []
            while !array.isAtEnd { items.append(try array.decode(BaselineSubjectValue.self).json) }
            json = .array(items)
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                json = .null
            } else if let text = try? value.decode(String.self) {
                json = .string(text)
            } else if let flag = try? value.decode(Bool.self) {
                json = .bool(flag)
            } else if let number = try? value.decode(Int.self) {
                json = .integer(number)
            } else {
                json = .number(String(try value.decode(Double.self)))
            }
        }
        json = json.sortingKeys
        text = BaselineSubject.text(json)
    }

    /// A member that is a subject's content (an object) in version 2 and its place (a string: a pointer, a
    /// `line:column`) in version 1; both nil when the member is absent or null.
    ///
    /// - Parameters:
    ///   - container: The entry's container.
    ///   - key: The member's key.
    /// - Returns: The content's canonical text, or the place.
    /// - Throws: `DecodingError` when the member is neither.
    package static func decode<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, _ key: Key
    ) throws -> (content: String?, place: String?) {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return (nil, nil) }
        if let place = try? container.decode(String.self, forKey: key) { return (nil, place) }
        return (try container.decode(BaselineSubjectValue.self, forKey: key).text, nil)
    }
}

/// Ordered JSON encodes as itself (package access: the baselines' `Codable` entries encode their JSON this way, so
/// that `encode(to:)` and the file writer cannot disagree).
extension OrderedJSON: Encodable {
    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes the value: objects keep their members' order where the encoder does.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: MemberKey.self)
            for member in members { try container.encode(member.value, forKey: MemberKey(stringValue: member.key)) }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .integer(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let literal):
            var container = encoder.singleValueContainer()
            try container.encode(Double(literal) ?? 0)
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }
}

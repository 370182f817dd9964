import FileLocations

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
}

/// Any JSON value of a baseline file, decoded to its ``BaselineSubject`` text (package access).
package struct BaselineSubjectValue: Decodable, Sendable {
    /// The value's canonical text.
    package var text: String
    /// The value as read (its objects' keys sorted).
    package var json: OrderedJSON

    /// Decodes any JSON value.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the value is none of JSON's.
    package init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyCodingKey.self) {
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
}

/// Ordered JSON encodes as itself (package access: the baselines' `Codable` entries encode their JSON this way, so
/// that `encode(to:)` and the file writer cannot disagree).
extension OrderedJSON: Encodable {

    /// Encodes the value: objects keep their members' order where the encoder does.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for member in members { try container.encode(member.value, forKey: AnyCodingKey(member.key)) }
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

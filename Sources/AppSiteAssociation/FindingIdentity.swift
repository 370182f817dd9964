import FileLocations
import RichMediaKitSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A finding's stable identity: its code and the ordered facts it is about (the domain, the route's name, a rule's
/// or filter's content, the platform, ...), never its message, an example URL or a position in a file.
///
/// It is the one codec of a ``Baseline``'s entries: the object a baseline file holds for an entry is its JSON (the
/// code under ``codeName``, `kind` or `code`, and each fact under its name, in order), and a stale entry is printed
/// as its ``description``. Two runs over files that differ only in other rules, routes or filters give the same
/// identities for the unchanged findings. A fact about a piece of a file names it by content
/// (``Value/subject(_:)``: one line of JSON, object keys sorted, so that a file edited by hand in another key order
/// still matches); only an entry read from a version 1 file names it by ``Value/position(_:)``.
///
/// Identities are equal when their codes are and they have the same facts, in whatever order (a fact's name is
/// unique in an identity); the order is the file's and the description's. A report of your own can use
/// `FindingIdentity` itself as its ``BaselineReport/BaselineEntry``: read back alone, an identity takes its code
/// from `code` (else `kind`) and its other members as facts in name order. For example, the identity of code
/// `unclaimed` (written as `kind`) with the facts `domain` (shown bare) and `route` is written
/// `{"kind": "unclaimed", "domain": "example.com", "route": "search"}` and described
/// `unclaimed example.com route=search`.
public struct FindingIdentity: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A fact's value.
    ///
    /// Closed: a fact is a string, or a piece of a file by content or by position.
    public enum Value: Sendable, Hashable {
        /// A plain string: a domain, a route's name, a reason.
        case string(String)
        /// A piece of a file by content: its canonical text, one line of JSON with object keys sorted
        /// (`{"/": "/help/*", "exclude": true}`), written to the file as that JSON value.
        case subject(String)
        /// A piece of a file by position (a JSON pointer, a `line:column`), as a version 1 file named it.
        case position(String)

        /// The value's text in a description (a position that is the whole file: `/`).
        public var text: String {
            switch self {
            case .string(let text), .subject(let text): return text
            case .position(let place): return place.isEmpty ? "/" : place
            }
        }

        /// The value as the file writes it.
        var json: OrderedJSON {
            switch self {
            case .string(let text), .position(let text): return .string(text)
            case .subject(let text): return BaselineSubject.value(text)
            }
        }
    }

    /// How a fact is shown in the ``FindingIdentity/description``.
    ///
    /// Closed: named, bare, leading or a text of its own.
    public enum Shown: Sendable, Hashable {
        /// `name=value`.
        case named
        /// The value alone.
        case bare
        /// `value:` before the code (the file writes the fact before the code too), as a platform is.
        case leading
        /// This text in place of the fact.
        case text(String)
    }

    /// One fact a finding is about: a name and a value.
    public struct Fact: Sendable, Hashable {
        /// The fact's name: its key in the file (`domain`, `route`, `rule`).
        public var name: String
        /// The fact's value.
        public var value: Value
        /// How the description shows it (not part of the identity: see ``FindingIdentity/==(_:_:)``).
        public var shown: Shown

        /// A fact.
        ///
        /// - Parameters:
        ///   - name: Its name (its key in the file).
        ///   - value: Its value.
        ///   - shown: How the description shows it.
        public init(_ name: String, _ value: Value, shown: Shown = .named) {
            self.name = name
            self.value = value
            self.shown = shown
        }

        /// A string fact; nil when the value is.
        package static func string(_ name: String, _ value: String?, shown: Shown = .named) -> Fact? {
            value.map { Fact(name, .string($0), shown: shown) }
        }

        /// A fact about a piece of a file: its position when it has one (a version 1 entry), else its content; nil
        /// when it has neither.
        package static func subject(
            _ name: String, content: String?, position: String?, shown: Shown = .named
        ) -> Fact? {
            position.map { Fact(name, .position($0), shown: shown) }
                ?? content.map { Fact(name, .subject($0), shown: shown) }
        }

        /// The fact's text in the description, nil for a leading fact.
        var shownText: String? {
            switch shown {
            case .named: return "\(name)=\(value.text)"
            case .bare: return value.text
            case .leading: return nil
            case .text(let text): return text
            }
        }
    }

    /// The finding's code (`unclaimed`, `unknown-key`).
    public var code: String
    /// The member the file writes the code as: `kind` (the coverage checks' gaps) or `code` (the lint's
    /// diagnostics).
    public var codeName: String
    /// The facts the finding is about, in the file's order (a fact shown ``Shown/leading`` is written before the
    /// code).
    public var facts: [Fact]

    /// An identity.
    ///
    /// - Parameters:
    ///   - code: The finding's code.
    ///   - codeName: The member the file writes the code as.
    ///   - facts: The facts, in order; each name at most once.
    public init(code: String, codeName: String = "code", facts: [Fact]) {
        self.code = code
        self.codeName = codeName
        self.facts = facts
    }

    /// The value of the fact named `name`, if the identity has one.
    public subscript(name: String) -> Value? { facts.first { $0.name == name }?.value }

    /// Whether two identities are the same finding: the same code and the same facts' names and values, in any
    /// order (not how they are shown).
    public static func == (lhs: FindingIdentity, rhs: FindingIdentity) -> Bool {
        lhs.code == rhs.code && lhs.values == rhs.values
    }

    /// Hashes the code and the facts' names and values.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(values)
    }

    private var values: [String: Value] { Dictionary(facts.map { ($0.name, $0.value) }) { first, _ in first } }

    /// The entry as the baseline file writes it: the leading facts, the code, then the other facts, in order
    /// (`{"kind": "unclaimed", "domain": "example.com", "route": "search"}`).
    package var json: OrderedJSON {
        let member = { (fact: Fact) in OrderedJSON.Member(fact.name, fact.value.json) }
        return .object(
            facts.filter { $0.shown == .leading }.map(member) + [.init(codeName, .string(code))]
                + facts.filter { $0.shown != .leading }.map(member))
    }

    /// The entry as the commands print a stale one: the leading facts (`ios:`), the code, then each other fact as
    /// it is ``Shown`` (`unclaimed example.com route=search`).
    public var description: String {
        (facts.filter { $0.shown == .leading }.map { "\($0.value.text):" } + [code] + facts.compactMap(\.shownText))
            .joined(separator: " ")
    }

    /// Decodes an identity whose code is the member `codeName`; every other member is a fact, in name order (a
    /// string is a ``Value/string(_:)``, any other JSON, `null` too, a ``Value/subject(_:)``).
    ///
    /// - Parameters:
    ///   - decoder: The decoder.
    ///   - codeName: The member that holds the code.
    /// - Throws: `DecodingError` when the entry is not an object, or its code is missing or not a string.
    public init(from decoder: any Decoder, codeName: String) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        self.codeName = codeName
        code = try container.decode(String.self, forKey: AnyCodingKey(codeName))
        facts = try container.allKeys.filter { $0.stringValue != codeName }.sorted { $0.stringValue < $1.stringValue }
            .map { key in
                let value = try container.decode(BaselineSubjectValue.self, forKey: key)
                guard case .string(let text) = value.json else { return Fact(key.stringValue, .subject(value.text)) }
                return Fact(key.stringValue, .string(text))
            }
    }

    /// Decodes an identity whose code is `code`, else `kind`.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the entry is not an object, or its code is missing or not a string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        try self.init(
            from: decoder,
            codeName: container.contains(AnyCodingKey("code")) || !container.contains(AnyCodingKey("kind"))
                ? "code" : "kind")
    }

    /// Encodes the identity as the baseline file writes it (see ``codeName`` and ``facts``).
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension FindingIdentity {
    /// The string fact `name`; nil when it is absent or null.
    ///
    /// - Throws: A ``BaselineError`` when it is another JSON value.
    package func string(_ name: String) throws(BaselineError) -> String? {
        switch self[name] {
        case nil, .subject("null"): return nil
        case .string(let text), .position(let text): return text
        case .subject: throw .mistyped(name)
        }
    }

    /// The string fact `name`.
    ///
    /// - Throws: A ``BaselineError`` when it is absent or not a string.
    package func requiredString(_ name: String) throws(BaselineError) -> String {
        guard self[name] != nil else { throw .missing(name) }
        guard let text = try string(name) else { throw .mistyped(name) }
        return text
    }

    /// The fact `name` about a piece of a file: its content, or its position (a string: a version 1 entry); both
    /// nil when it is absent or null.
    package func subject(_ name: String) -> (content: String?, position: String?) {
        switch self[name] {
        case nil, .subject("null"): return (nil, nil)
        case .string(let place), .position(let place): return (nil, place)
        case .subject(let text): return (text, nil)
        }
    }

    /// The code as one of `kind`'s values.
    ///
    /// - Throws: A ``BaselineError`` when it is none of them.
    package func code<Kind: RawRepresentable<String>>(as kind: Kind.Type) throws(BaselineError) -> Kind {
        guard let value = Kind(rawValue: code) else {
            throw .invalid(codeName, "Cannot initialize \(Kind.self) from invalid String value \(code)")
        }
        return value
    }

    /// The identity without the fact `name`.
    package func removing(_ name: String) -> FindingIdentity {
        FindingIdentity(code: code, codeName: codeName, facts: facts.filter { $0.name != name })
    }
}

/// An entry whose one codec is its ``FindingIdentity``: a ``BaselineReport/BaselineEntry`` conforming to it is
/// encoded, decoded and described by its identity, with no code of its own (the package's entries conform, and
/// ``FindingIdentity`` itself does).
///
/// The defaults replace `Codable`'s synthesized members: `init(from:)` reads an identity (its code under
/// ``identityCodeName``) and makes the entry with ``init(identity:)``, reporting its ``BaselineError`` at the
/// member; `encode(to:)` and `description` are the identity's.
public protocol FindingIdentifying: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The entry's identity: its code and the facts its finding is about.
    var identity: FindingIdentity { get }

    /// The member the file writes the code as (`kind`, unless the entry says otherwise).
    static var identityCodeName: String { get }

    /// The entry of an identity, as a baseline file has it.
    ///
    /// - Parameter identity: The identity.
    /// - Throws: A ``BaselineError`` at the member (`/route`) that the entry needs and is missing, mistyped or
    ///   invalid.
    init(identity: FindingIdentity) throws(BaselineError)
}

extension FindingIdentifying {
    /// The code is written as `kind`.
    public static var identityCodeName: String { "kind" }

    /// Decodes the entry from its identity (see ``FindingIdentifying``).
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` at the member that is missing, mistyped or invalid.
    public init(from decoder: any Decoder) throws {
        self = try FindingIdentity.entry(from: decoder, Self.init(identity:))
    }

    /// Encodes the entry as its identity.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws { try identity.encode(to: encoder) }

    /// The identity's description.
    public var description: String { identity.description }
}

extension FindingIdentity {
    /// Decodes an identity (its code under `Entry.identityCodeName`) and makes the entry of it with `make`,
    /// reporting its `BaselineError` at the member (package access: the one decoding of every entry).
    ///
    /// - Parameters:
    ///   - decoder: The decoder.
    ///   - make: The entry of an identity.
    /// - Returns: The entry.
    /// - Throws: `DecodingError` at the member that is missing, mistyped or invalid.
    package static func entry<Entry: FindingIdentifying>(
        from decoder: any Decoder, _ make: (FindingIdentity) throws(BaselineError) -> Entry
    ) throws -> Entry {
        let identity = try FindingIdentity(from: decoder, codeName: Entry.identityCodeName)
        do {
            return try make(identity)
        } catch {
            let member = (error.fileLocation.pointer?.tokens ?? []).map { AnyCodingKey($0) }
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath + member, debugDescription: error.message))
        }
    }
}

extension FindingIdentity: FindingIdentifying {
    /// The identity itself.
    public var identity: FindingIdentity { self }

    /// The identity itself.
    ///
    /// - Parameter identity: The identity.
    public init(identity: FindingIdentity) { self = identity }
}

extension BaselineError {
    /// A member the entry needs is missing (`/route: missing required key `route``).
    package static func missing(_ member: String) -> BaselineError {
        .notABaseline(at: JSONPointer.root.appending(member), "missing required key `\(member)`")
    }

    /// A member that must be a string is not.
    package static func mistyped(_ member: String) -> BaselineError {
        .notABaseline(at: JSONPointer.root.appending(member), "expected a string")
    }

    /// A member's value is not one the entry has.
    package static func invalid(_ member: String, _ message: String) -> BaselineError {
        .notABaseline(at: JSONPointer.root.appending(member), message)
    }
}

extension RoutedLink {
    /// The query items of a routed link that are clean text, by decoded name, values in order of appearance: what
    /// the `[String: [String]]` dictionary of earlier versions held, read the same ways (`query["ref"]`,
    /// `for (name, values) in query`, `query == ["ref": ["push"]]`, `.count`, `.keys`).
    ///
    /// The query of a link from dispatch is the URL's query text, decoded when it is read: `query[name]` scans the
    /// query once and decodes only the matching items; iterating, counting or comparing groups all items once
    /// (names compare as `String`s do, so canonically equivalent names are one name) and iterates in the order of
    /// each name's first appearance. A query made from a dictionary (or edited) iterates in key order. Equality
    /// and hashing are the dictionary's: order never matters.
    public struct Query: Sendable {
        private var storage: Storage

        fileprivate enum Storage: Sendable {
            /// Entries sorted by key, keys unique, every value list non-empty or as given.
            case values([(key: String, value: [String])])
            case captured(RouteCaptures)
        }

        init(_ captures: RouteCaptures) {
            storage = .captured(captures)
        }

        /// A query with the items of `dictionary`.
        /// - Parameter dictionary: Values by item name.
        public init(_ dictionary: [String: [String]]) {
            storage = .values(dictionary.map { (key: $0.key, value: $0.value) }.sorted { $0.key < $1.key })
        }

        /// The values of the items named `name` in order of appearance, or `nil` when there is none; setting
        /// them (or `nil` to remove them) makes the query plain values.
        /// - Complexity: Reading: O(*n*) in the query's length for a link from dispatch (no other item is decoded).
        public subscript(name: String) -> [String]? {
            get {
                switch storage {
                case .values(let entries): entries.first { $0.key == name }?.value
                case .captured(let captures): captures.queryValues(named: name)
                }
            }
            set {
                var entries = self.entries.sorted { $0.key < $1.key }
                setSorted(&entries, name, newValue)
                storage = .values(entries)
            }
        }

        /// The item names, in iteration order.
        public var keys: [String] { entries.map(\.key) }

        /// The value lists, in iteration order.
        public var values: [[String]] { entries.map(\.value) }

        /// The grouped items in iteration order.
        private var entries: [(key: String, value: [String])] {
            switch storage {
            case .values(let entries): entries
            case .captured(let captures): captures.queryEntries()
            }
        }
    }
}

extension RoutedLink.Query: Collection {
    /// A position in the query.
    public struct Index: Comparable, Hashable, Sendable {
        let offset: Int

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
    }

    /// An item name and its values in order of appearance.
    public typealias Element = (key: String, value: [String])

    /// Iterates the grouped items (grouped once, when iteration starts).
    public typealias Iterator = IndexingIterator<[Element]>

    /// The first position.
    public var startIndex: Index { Index(offset: 0) }

    /// The position after the last.
    public var endIndex: Index { Index(offset: count) }

    /// The position after `index`.
    public func index(after index: Index) -> Index { Index(offset: index.offset + 1) }

    /// The name and values at `position`.
    /// - Complexity: O(*n*) in the query's length for a link from dispatch (the items are grouped again); iterate
    ///   to read them all.
    public subscript(position: Index) -> Element { entries[position.offset] }

    /// The number of distinct item names.
    /// - Complexity: O(*n*) in the query's length for a link from dispatch.
    public var count: Int { entries.count }

    /// Whether the query has no clean item.
    /// - Complexity: O(*n*) in the query's length for a link from dispatch; nothing is decoded.
    public var isEmpty: Bool {
        switch storage {
        case .values(let entries): entries.isEmpty
        case .captured(let captures): !captures.hasQueryItems
        }
    }

    /// Iterates the grouped items.
    public func makeIterator() -> Iterator { entries.makeIterator() }
}

extension RoutedLink.Query: Hashable {
    /// Whether both hold the same names with the same values (names in any order, values in order).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        [String: [String]](lhs) == [String: [String]](rhs)
    }

    /// Hashes the items without regard to the order of the names (consistent with ``==(_:_:)-(RoutedLink.Query,RoutedLink.Query)``).
    public func hash(into hasher: inout Hasher) {
        unorderedHash(entries, into: &hasher)
    }

    /// Whether the query holds exactly the names and values of `rhs`.
    public static func == (lhs: Self, rhs: [String: [String]]) -> Bool {
        [String: [String]](lhs) == rhs
    }

    /// Whether the query holds exactly the names and values of `lhs`.
    public static func == (lhs: [String: [String]], rhs: Self) -> Bool { rhs == lhs }

    /// Whether the query differs from `rhs`.
    public static func != (lhs: Self, rhs: [String: [String]]) -> Bool { !(lhs == rhs) }

    /// Whether the query differs from `lhs`.
    public static func != (lhs: [String: [String]], rhs: Self) -> Bool { !(rhs == lhs) }
}

/// Whether an optional query (as `decision.routed?.query`) equals an optional dictionary: both `nil`, or the same
/// names and values.
public func == (lhs: RoutedLink.Query?, rhs: [String: [String]]?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): true
    case (let lhs?, let rhs?): lhs == rhs
    default: false
    }
}

/// Whether an optional query differs from an optional dictionary.
public func != (lhs: RoutedLink.Query?, rhs: [String: [String]]?) -> Bool { !(lhs == rhs) }

/// Whether an optional dictionary equals an optional query.
public func == (lhs: [String: [String]]?, rhs: RoutedLink.Query?) -> Bool { rhs == lhs }

/// Whether an optional dictionary differs from an optional query.
public func != (lhs: [String: [String]]?, rhs: RoutedLink.Query?) -> Bool { !(rhs == lhs) }

extension RoutedLink.Query: ExpressibleByDictionaryLiteral {
    /// A query written as a dictionary literal (`["ref": ["push"]]`); names must be unique.
    public init(dictionaryLiteral elements: (String, [String])...) {
        self.init(Dictionary(uniqueKeysWithValues: elements))
    }
}

extension RoutedLink.Query: Codable {
    /// Decodes the query from an object of string arrays, as a `[String: [String]]` decodes.
    public init(from decoder: any Decoder) throws {
        self.init(try [String: [String]](from: decoder))
    }

    /// Encodes the query as an object of string arrays, as a `[String: [String]]` encodes.
    public func encode(to encoder: any Encoder) throws {
        try [String: [String]](self).encode(to: encoder)
    }
}

extension RoutedLink.Query: CustomStringConvertible, CustomDebugStringConvertible {
    /// The items as a dictionary prints them, in iteration order: `["ref": ["push"]]`.
    public var description: String { dictionaryText(entries) }

    /// The same as ``description``.
    public var debugDescription: String { description }
}

extension Dictionary where Key == String, Value == [String] {
    /// A dictionary with the item names and values of a routed link's query.
    /// - Parameter query: The query.
    public init(_ query: RoutedLink.Query) {
        self.init(uniqueKeysWithValues: query.map { ($0.key, $0.value) })
    }
}

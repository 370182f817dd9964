extension RoutedLink {
    /// The captured values of a routed link by parameter name (`**` for a catch-all), percent-decoded: what the
    /// `[String: String]` dictionary of earlier versions held, read the same ways (`parameters["id"]`,
    /// `for (name, value) in parameters`, `parameters == ["id": "7"]`, `.count`, `.keys`, `.values`).
    ///
    /// Parameters of a link from dispatch are the URL's byte ranges, decoded when a value is read: a value without
    /// `%` becomes a `String` directly (no allocation for up to 15 UTF-8 bytes), one with `%` is decoded into a
    /// new string. Iteration follows the pattern (path captures left to right, then query captures) and walks the
    /// URL once; parameters made from a dictionary (or edited) iterate in key order. Equality, hashing and
    /// `Codable` are those of the dictionary: order never matters.
    public struct Parameters: Sendable {
        private var storage: Storage

        fileprivate enum Storage: Sendable {
            /// Pairs sorted by key, keys unique.
            case values([(key: String, value: String)])
            case captured(RouteCaptures)
        }

        init(_ captures: RouteCaptures) {
            storage = .captured(captures)
        }

        /// Parameters with the values of `dictionary`.
        /// - Parameter dictionary: Values by name.
        public init(_ dictionary: [String: String]) {
            storage = .values(dictionary.map { (key: $0.key, value: $0.value) }.sorted { $0.key < $1.key })
        }

        /// The value named `name`, or `nil`; setting one (or `nil` to remove it) makes the parameters plain values.
        /// - Complexity: Reading: O(*n*) in the URL's path for parameters from dispatch (a walk to the value's
        ///   segment, then its decoding). Writing: O(*k*) in the number of parameters.
        public subscript(name: String) -> String? {
            get {
                switch storage {
                case .values(let pairs): pairs.first { $0.key == name }?.value
                case .captured(let captures): captures.value(named: name)
                }
            }
            set {
                var pairs = self.pairs
                setSorted(&pairs, name, newValue)
                storage = .values(pairs)
            }
        }

        /// The names, in iteration order.
        public var keys: [String] {
            switch storage {
            case .values(let pairs): pairs.map(\.key)
            case .captured(let captures): captures.plan.names
            }
        }

        /// The values, in iteration order.
        public var values: [String] { map(\.value) }

        /// The pairs in iteration order, sorted by key when the storage is plain values.
        private var pairs: [(key: String, value: String)] {
            switch storage {
            case .values(let pairs): pairs
            case .captured: map { $0 }.sorted { $0.key < $1.key }
            }
        }
    }
}

extension RoutedLink.Parameters: Collection {
    /// A position in the parameters.
    public struct Index: Comparable, Hashable, Sendable {
        let offset: Int

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
    }

    /// A name and its decoded value.
    public typealias Element = (key: String, value: String)

    /// The first position.
    public var startIndex: Index { Index(offset: 0) }

    /// The position after the last.
    public var endIndex: Index { Index(offset: count) }

    /// The position after `index`.
    public func index(after index: Index) -> Index { Index(offset: index.offset + 1) }

    /// The name and decoded value at `position`.
    /// - Complexity: O(*n*) in the URL's path for parameters from dispatch; iterate to read them all in one walk.
    public subscript(position: Index) -> Element {
        switch storage {
        case .values(let pairs):
            return pairs[position.offset]
        case .captured(let captures):
            var cursor = captures.firstSegment
            return (captures.plan.names[position.offset], captures.value(at: position.offset, cursor: &cursor))
        }
    }

    /// The number of parameters.
    /// - Complexity: O(1).
    public var count: Int {
        switch storage {
        case .values(let pairs): pairs.count
        case .captured(let captures): captures.count
        }
    }

    /// Whether there is no parameter.
    public var isEmpty: Bool { count == 0 }

    /// Iterates the pairs, decoding each value when it is reached (one walk over the URL's path).
    public func makeIterator() -> Iterator { Iterator(storage: storage) }

    /// Iterates the pairs of ``RoutedLink/Parameters``.
    public struct Iterator: IteratorProtocol {
        private let storage: Storage
        private var position = 0
        private var cursor: RouteCaptures.SegmentCursor?

        fileprivate init(storage: Storage) {
            self.storage = storage
        }

        /// The next name and decoded value, or `nil` at the end.
        public mutating func next() -> (key: String, value: String)? {
            switch storage {
            case .values(let pairs):
                guard position < pairs.count else { return nil }
                position += 1
                return pairs[position - 1]
            case .captured(let captures):
                guard position < captures.count else { return nil }
                var walk = cursor ?? captures.firstSegment
                let value = captures.value(at: position, cursor: &walk)
                cursor = walk
                position += 1
                return (captures.plan.names[position - 1], value)
            }
        }
    }
}

extension RoutedLink.Parameters: Hashable {
    /// Whether both hold the same names with the same values (in any order).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs == [String: String](rhs)
    }

    /// Hashes the pairs without regard to their order (consistent with ``==(_:_:)-(RoutedLink.Parameters,RoutedLink.Parameters)``).
    public func hash(into hasher: inout Hasher) {
        unorderedHash(self, into: &hasher)
    }

    /// Whether the parameters hold exactly the names and values of `rhs`.
    public static func == (lhs: Self, rhs: [String: String]) -> Bool {
        lhs.count == rhs.count && lhs.allSatisfy { rhs[$0.key] == $0.value }
    }

    /// Whether the parameters hold exactly the names and values of `lhs`.
    public static func == (lhs: [String: String], rhs: Self) -> Bool { rhs == lhs }

    /// Whether the parameters differ from `rhs`.
    public static func != (lhs: Self, rhs: [String: String]) -> Bool { !(lhs == rhs) }

    /// Whether the parameters differ from `lhs`.
    public static func != (lhs: [String: String], rhs: Self) -> Bool { !(rhs == lhs) }
}

/// Whether optional parameters (as `decision.routed?.parameters`) equal an optional dictionary: both `nil`, or
/// the same names and values.
public func == (lhs: RoutedLink.Parameters?, rhs: [String: String]?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): true
    case (let lhs?, let rhs?): lhs == rhs
    default: false
    }
}

/// Whether optional parameters differ from an optional dictionary.
public func != (lhs: RoutedLink.Parameters?, rhs: [String: String]?) -> Bool { !(lhs == rhs) }

/// Whether an optional dictionary equals optional parameters.
public func == (lhs: [String: String]?, rhs: RoutedLink.Parameters?) -> Bool { rhs == lhs }

/// Whether an optional dictionary differs from optional parameters.
public func != (lhs: [String: String]?, rhs: RoutedLink.Parameters?) -> Bool { !(rhs == lhs) }

extension RoutedLink.Parameters: ExpressibleByDictionaryLiteral {
    /// Parameters written as a dictionary literal (`["id": "7"]`); names must be unique.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(uniqueKeysWithValues: elements))
    }
}

extension RoutedLink.Parameters: Codable {
    /// Decodes the parameters from an object of strings, as a `[String: String]` decodes.
    public init(from decoder: any Decoder) throws {
        self.init(try [String: String](from: decoder))
    }

    /// Encodes the parameters as an object of strings, as a `[String: String]` encodes.
    public func encode(to encoder: any Encoder) throws {
        try [String: String](self).encode(to: encoder)
    }
}

extension RoutedLink.Parameters: CustomStringConvertible, CustomDebugStringConvertible {
    /// The pairs as a dictionary prints them, in iteration order: `["id": "7"]`.
    public var description: String { dictionaryText(self) }

    /// The same as ``description``.
    public var debugDescription: String { description }
}

extension Dictionary where Key == String, Value == String {
    /// A dictionary with the names and values of routed-link parameters.
    /// - Parameter parameters: The parameters.
    public init(_ parameters: RoutedLink.Parameters) {
        self.init(uniqueKeysWithValues: parameters.map { ($0.key, $0.value) })
    }
}

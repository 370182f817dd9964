extension AASAFile {
    /// A component (or a `defaults` dictionary): pattern keys and flags, each optional.
    ///
    /// A missing `/`, `?` or `#` means `*`; a missing flag falls back to the entry's `defaults`,
    /// then `applinks.defaults`, then `exclude: false`, `caseSensitive: true`, `percentEncoded: true`.
    public struct Component: Sendable, Equatable {
        /// The `/` path pattern.
        public var path: String?
        /// The `?` query pattern: a string or a dictionary. Nil when absent, and also when the
        /// dictionary held a non-string value (iOS then ignores it entirely).
        public var query: Query?
        /// The `#` fragment pattern.
        public var fragment: String?
        /// `exclude`.
        public var exclude: Bool?
        /// `caseSensitive`.
        public var caseSensitive: Bool?
        /// `percentEncoded`.
        public var percentEncoded: Bool?
        /// `comment`, ignored by iOS.
        public var comment: String?
        /// The JSON pointer of the component, e.g. `/applinks/details/0/components/1`.
        public var pointer: String

        /// Creates a component.
        ///
        /// - Parameters:
        ///   - path: `/`.
        ///   - query: `?`.
        ///   - fragment: `#`.
        ///   - exclude: `exclude`.
        ///   - caseSensitive: `caseSensitive`.
        ///   - percentEncoded: `percentEncoded`.
        ///   - comment: `comment`.
        ///   - pointer: The component's JSON pointer.
        public init(
            path: String? = nil, query: Query? = nil, fragment: String? = nil, exclude: Bool? = nil,
            caseSensitive: Bool? = nil, percentEncoded: Bool? = nil, comment: String? = nil, pointer: String = ""
        ) {
            self.path = path
            self.query = query
            self.fragment = fragment
            self.exclude = exclude
            self.caseSensitive = caseSensitive
            self.percentEncoded = percentEncoded
            self.comment = comment
            self.pointer = pointer
        }
    }

    /// A `?` pattern: the whole query string, or named items.
    ///
    /// Closed: the AASA format gives a `?` pattern as a string or as a dictionary of items; no case will be added.
    public enum Query: Sendable, Equatable {
        /// Matched against the whole raw query after `?`.
        case string(String)
        /// Every named item must match; items not named are ignored.
        case items([(name: String, pattern: String)])

        /// Compares two query patterns.
        ///
        /// - Parameters:
        ///   - lhs: A query pattern.
        ///   - rhs: Another query pattern.
        /// - Returns: Whether they are equal.
        public static func == (lhs: Query, rhs: Query) -> Bool {
            switch (lhs, rhs) {
            case (.string(let left), .string(let right)): return left == right
            case (.items(let left), .items(let right)):
                return left.map(\.name) == right.map(\.name) && left.map(\.pattern) == right.map(\.pattern)
            default: return false
            }
        }
    }
}

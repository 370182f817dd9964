/// A URL that matched a route: the route's name, the captured parameters and the query.
///
/// Two routed links are equal when their routes, parameters and queries are equal, however they were made.
/// A link from ``RouteTable/decision(for:)-(String)`` keeps the URL and the byte ranges the match found:
/// ``parameters`` and ``query`` decode a value when it is read (percent-decoding only a value with a `%` in
/// it), so dispatch builds no dictionary and no string. Each read decodes again, so keep a value in a local
/// when you use it several times.
public struct RoutedLink: Sendable, Hashable {
    /// The matched URL's captures, or, for a link made with values, a plan that carries them (so a link is two
    /// references either way, and copying one costs two retains).
    let captures: RouteCaptures

    /// The route's name.
    public var route: String { captures.plan.route }

    /// Captured values by parameter name (`**` for a catch-all), percent-decoded: read one with
    /// `parameters["id"]`, or iterate `(key, value)` pairs in the pattern's order.
    /// - Complexity: O(1); each value is decoded when it is read (see ``Parameters``).
    public var parameters: Parameters {
        if let given = captures.plan.given { return given.parameters }
        return Parameters(captures)
    }

    /// Every query item that is clean text, by name, values in order of appearance (repeated items keep all):
    /// read one with `query["ref"]`, or iterate `(key, value)` pairs in the order of each name's first appearance.
    /// - Complexity: O(1); items are decoded when they are read (see ``Query``).
    public var query: Query {
        if let given = captures.plan.given { return given.query }
        return Query(captures)
    }

    /// The URL the link was matched in (empty for a link made with values).
    var capturedURL: String { captures.url }

    /// Creates a routed link.
    /// - Parameters:
    ///   - route: The route's name.
    ///   - parameters: Captured values by name.
    ///   - query: Query values by name.
    public init(route: String, parameters: [String: String], query: [String: [String]] = [:]) {
        self.init(route: route, parameters: Parameters(parameters), query: Query(query))
    }

    /// Creates a routed link from the values of another (or edited ones).
    /// - Parameters:
    ///   - route: The route's name.
    ///   - parameters: Captured values by name.
    ///   - query: Query values by name.
    public init(route: String, parameters: Parameters, query: Query = [:]) {
        captures = RouteCaptures(plan: RouteCapturePlan(route: route, parameters: parameters, query: query))
    }

    /// A link from dispatch: values are decoded from `captures` when read.
    init(captures: RouteCaptures) {
        self.captures = captures
    }

    /// The first value of a query item, or `nil`.
    /// - Parameter name: The item name.
    /// - Returns: The value of its first occurrence (`query[name]?.first`).
    /// - Complexity: O(*n*) in the query's length for a link from dispatch (nothing else is decoded).
    public func queryValue(_ name: String) -> String? {
        if let given = captures.plan.given { return given.query[name]?.first }
        return captures.queryValue(name)
    }

    /// Whether two links have the same route, parameters and query.
    public static func == (lhs: RoutedLink, rhs: RoutedLink) -> Bool {
        lhs.route == rhs.route && lhs.parameters == rhs.parameters && lhs.query == rhs.query
    }

    /// Hashes the route, parameters and query (consistent with ``==(_:_:)``).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(route)
        hasher.combine(parameters)
        hasher.combine(query)
    }
}

extension RoutedLink: CustomReflectable {
    /// The route, parameters and query, so `print` and test failures show the values (as before they were
    /// decoded on read), not the matched URL's internals.
    public var customMirror: Mirror {
        Mirror(self, children: ["route": route, "parameters": parameters, "query": query], displayStyle: .struct)
    }
}

/// An order-independent hash of key-value pairs, as `Dictionary` hashes (so two collections with the same
/// pairs in a different order hash alike).
func unorderedHash<Key: Hashable, Value: Hashable>(
    _ pairs: some Sequence<(key: Key, value: Value)>, into hasher: inout Hasher
) {
    var combined = 0
    var count = 0
    for (key, value) in pairs {
        var element = Hasher()
        element.combine(key)
        element.combine(value)
        combined ^= element.finalize()
        count += 1
    }
    hasher.combine(count)
    hasher.combine(combined)
}

/// A dictionary's text for key-value pairs in the given order: `["id": "7"]`, `[:]` when empty.
func dictionaryText<Value>(_ pairs: some Sequence<(key: String, value: Value)>) -> String {
    let items = pairs.map { String(reflecting: $0.key) + ": " + String(reflecting: $0.value) }
    return items.isEmpty ? "[:]" : "[" + items.joined(separator: ", ") + "]"
}

/// Sets (or, with `nil`, removes) the value of `key` in `pairs`, which are sorted by key with unique keys, keeping
/// them so: the one rule behind assigning through ``RoutedLink/Parameters`` and ``RoutedLink/Query``.
func setSorted<Value>(_ pairs: inout [(key: String, value: Value)], _ key: String, _ value: Value?) {
    if let index = pairs.firstIndex(where: { $0.key == key }) {
        if let value { pairs[index].value = value } else { pairs.remove(at: index) }
    } else if let value {
        pairs.insert((key, value), at: pairs.firstIndex { $0.key > key } ?? pairs.count)
    }
}

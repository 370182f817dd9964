/// What to do with one URL: exactly one of route, browser, unhandled, external or reject.
///
/// | kind | when | what the app does |
/// |---|---|---|
/// | ``Kind/route`` | a route matched | call the handler with ``routed`` |
/// | ``Kind/browser`` | an http(s) URL no route handles | open ``url`` (always the original string) in the browser |
/// | ``Kind/unhandled`` | an owned scheme, no route | stay on the current screen |
/// | ``Kind/external`` | a scheme in `externalSchemes` | hand ``url`` to the system |
/// | ``Kind/reject`` | anything else | open nothing |
public struct LinkDecision: Sendable, Hashable {
    /// The five decisions.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A route matched.
        case route
        /// Open the original URL in the browser (the Safari fallback).
        case browser
        /// One of the app's own schemes, but no route matches.
        case unhandled
        /// Hand the URL to the system as it is.
        case external
        /// Open nothing.
        case reject
    }

    /// The decision.
    public let kind: Kind
    /// The URL exactly as it was given (for a push payload: its link, or `nil` when it has none).
    public let url: String?
    /// The matched route, its parameters and query, for ``Kind/route``.
    public let routed: RoutedLink?
    /// Why, for every kind but ``Kind/route``.
    public let reason: DecisionReason?

    /// Creates a decision (mostly useful in tests of code that consumes decisions).
    /// - Parameters:
    ///   - kind: The decision.
    ///   - url: The original URL.
    ///   - routed: The match, for ``Kind/route``.
    ///   - reason: Why, for the other kinds.
    public init(kind: Kind, url: String?, routed: RoutedLink? = nil, reason: DecisionReason? = nil) {
        self.kind = kind
        self.url = url
        self.routed = routed
        self.reason = reason
    }
}

/// A URL that matched a route: the route's name, the captured parameters and the query.
///
/// Two routed links are equal when their routes, parameters and queries are equal, however they were made.
/// A link from ``RouteTable/decision(for:)-(String)`` keeps the URL and decodes ``parameters`` and ``query``
/// when they are read (so dispatch stays cheap for callers that only need the route); each read decodes
/// again, so keep the dictionary in a local when you look it up several times.
public struct RoutedLink: Sendable, Hashable {
    /// The route's name.
    public let route: String
    private let storage: Storage

    /// Values given to the initializer, or the matched URL to decode them from.
    private enum Storage: Sendable {
        case values(parameters: [String: String], query: [String: [String]])
        case captured(RouteCaptures)
    }

    /// Captured values by parameter name (`**` for a catch-all), percent-decoded.
    /// - Complexity: O(*n*) in the URL's length for a link from dispatch (decoded on each read); O(1) otherwise.
    public var parameters: [String: String] {
        switch storage {
        case .values(let parameters, _): parameters
        case .captured(let captures): captures.parameters()
        }
    }

    /// Every query item that is clean text, by name, values in order of appearance (repeated items keep all).
    /// - Complexity: O(*n*) in the query's length for a link from dispatch (decoded on each read); O(1) otherwise.
    public var query: [String: [String]] {
        switch storage {
        case .values(_, let query): query
        case .captured(let captures): captures.query()
        }
    }

    /// Creates a routed link.
    /// - Parameters:
    ///   - route: The route's name.
    ///   - parameters: Captured values by name.
    ///   - query: Query values by name.
    public init(route: String, parameters: [String: String], query: [String: [String]] = [:]) {
        self.route = route
        self.storage = .values(parameters: parameters, query: query)
    }

    /// A link from dispatch: values are decoded from `captures` when read.
    init(route: String, captures: RouteCaptures) {
        self.route = route
        self.storage = .captured(captures)
    }

    /// The first value of a query item, or `nil`.
    /// - Parameter name: The item name.
    /// - Returns: The value of its first occurrence (`query[name]?.first`).
    /// - Complexity: O(*n*) in the query's length for a link from dispatch (no dictionary is built).
    public func queryValue(_ name: String) -> String? {
        switch storage {
        case .values(_, let query): query[name]?.first
        case .captured(let captures): captures.queryValue(name)
        }
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

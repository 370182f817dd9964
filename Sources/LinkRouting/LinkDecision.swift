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
public struct RoutedLink: Sendable, Hashable {
    /// The route's name.
    public let route: String
    /// Captured values by parameter name (`**` for a catch-all), percent-decoded.
    public let parameters: [String: String]
    /// Every query item that is clean text, by name, values in order of appearance (repeated items keep all).
    public let query: [String: [String]]

    /// Creates a routed link.
    /// - Parameters:
    ///   - route: The route's name.
    ///   - parameters: Captured values by name.
    ///   - query: Query values by name.
    public init(route: String, parameters: [String: String], query: [String: [String]] = [:]) {
        self.route = route
        self.parameters = parameters
        self.query = query
    }

    /// The first value of a query item, or `nil`.
    /// - Parameter name: The item name.
    /// - Returns: The value of its first occurrence.
    public func queryValue(_ name: String) -> String? {
        query[name]?.first
    }
}

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
    ///
    /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
    #if hasAttribute(nonexhaustive)
        @nonexhaustive
    #endif
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
    public var url: String? { urlIsRouted ? routed?.capturedURL : givenURL }
    /// The matched route, its parameters and query, for ``Kind/route``.
    public let routed: RoutedLink?
    /// Why, for every kind but ``Kind/route``.
    public let reason: DecisionReason?
    /// The URL, unless it is the one `routed` keeps (a decision from dispatch holds its URL once).
    private let givenURL: String?
    private let urlIsRouted: Bool

    /// Creates a decision (mostly useful in tests of code that consumes decisions).
    /// - Parameters:
    ///   - kind: The decision.
    ///   - url: The original URL.
    ///   - routed: The match, for ``Kind/route``.
    ///   - reason: Why, for the other kinds.
    public init(kind: Kind, url: String?, routed: RoutedLink? = nil, reason: DecisionReason? = nil) {
        self.kind = kind
        self.givenURL = url
        self.urlIsRouted = false
        self.routed = routed
        self.reason = reason
    }

    /// A route decision from dispatch: the URL is the one `routed` was matched in.
    init(routed: RoutedLink) {
        self.kind = .route
        self.givenURL = nil
        self.urlIsRouted = true
        self.routed = routed
        self.reason = nil
    }

    /// Whether both have the same kind, URL, match and reason.
    public static func == (lhs: LinkDecision, rhs: LinkDecision) -> Bool {
        lhs.kind == rhs.kind && lhs.url == rhs.url && lhs.routed == rhs.routed && lhs.reason == rhs.reason
    }

    /// Hashes the kind, URL, match and reason (consistent with ``==(_:_:)``).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(url)
        hasher.combine(routed)
        hasher.combine(reason)
    }
}

/// Why ``RouteTable/urls(for:parameters:)`` could not build a URL that round-trips.
public struct ReverseRoutingError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: String, Sendable, Hashable {
        case unknownRoute = "unknown-route"
        case missingParameter = "missing-parameter"
        case unexpectedParameter = "unexpected-parameter"
        case invalidValue = "invalid-value"
        case noTarget = "no-target"
        case shadowed = "shadowed"
        case urlTooLong = "url-too-long"
    }

    private let code: Code
    /// The route asked for.
    public let routeName: String
    /// The parameter at fault, if any.
    public let parameter: String?
    /// What is wrong.
    public let message: String

    private init(_ code: Code, route: String, parameter: String? = nil, _ message: String) {
        self.code = code
        self.routeName = route
        self.parameter = parameter
        self.message = message
    }

    /// A stable machine-readable code, such as `missing-parameter` or `invalid-value`.
    public var identifier: String { code.rawValue }

    /// `route `name`: message`.
    public var description: String { "route `\(routeName)`: \(message)" }

    static func unknownRoute(_ route: String) -> Self {
        Self(.unknownRoute, route: route, "no route has this name")
    }

    static func missingParameter(_ route: String, _ name: String) -> Self {
        Self(.missingParameter, route: route, parameter: name, "missing value for `\(name)`")
    }

    static func unexpectedParameter(_ route: String, _ name: String) -> Self {
        Self(.unexpectedParameter, route: route, parameter: name, "the route has no parameter `\(name)`")
    }

    static func invalidValue(_ route: String, _ name: String, _ why: String) -> Self {
        Self(.invalidValue, route: route, parameter: name, "value for `\(name)` \(why)")
    }

    static func noTarget(_ route: String) -> Self {
        Self(.noTarget, route: route, "no owned scheme or non-wildcard associated domain to build a URL on")
    }

    static func shadowed(_ route: String, url: String, by other: String) -> Self {
        Self(.shadowed, route: route, "`\(url)` would dispatch to \(other), so these values cannot reach the route")
    }

    /// A URL that percent-encoding made longer than dispatch accepts.
    static func urlTooLong(_ route: String, url: String, limit: Int) -> Self {
        Self(
            .urlTooLong, route: route,
            "the URL would be \(url.utf8.count) bytes once percent-encoded, over the \(limit)-byte limit of dispatch")
    }
}

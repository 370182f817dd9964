/// Why ``RouteTable/urls(for:parameters:)-(_,[String:String])`` could not build a URL that round-trips.
public struct ReverseRoutingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of a ``ReverseRoutingError``, without its details: compare it with the static members
    /// (`error.kind == .missingParameter`) or `switch` over it.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        fileprivate enum Code: String, Sendable, Hashable {
            case unknownRoute = "unknown-route"
            case missingParameter = "missing-parameter"
            case unexpectedParameter = "unexpected-parameter"
            case invalidValue = "invalid-value"
            case noTarget = "no-target"
            case shadowed = "shadowed"
            case urlTooLong = "url-too-long"
        }

        fileprivate let code: Code

        fileprivate init(_ code: Code) { self.code = code }

        /// No route has the name asked for (`unknown-route`).
        public static let unknownRoute = Self(.unknownRoute)
        /// A parameter of the route has no value (`missing-parameter`).
        public static let missingParameter = Self(.missingParameter)
        /// A value for a parameter the route does not have (`unexpected-parameter`).
        public static let unexpectedParameter = Self(.unexpectedParameter)
        /// A value the route would not accept (such as a `/` in a `*` segment) (`invalid-value`).
        public static let invalidValue = Self(.invalidValue)
        /// No owned scheme or non-wildcard associated domain to build a URL on (`no-target`).
        public static let noTarget = Self(.noTarget)
        /// The URL would dispatch to another route (`shadowed`).
        public static let shadowed = Self(.shadowed)
        /// The percent-encoded URL would be longer than dispatch accepts (`url-too-long`).
        public static let urlTooLong = Self(.urlTooLong)

        /// A stable machine-readable code, such as `unknown-route` (kebab-case, never changes meaning).
        public var identifier: String { code.rawValue }

        /// The ``identifier``.
        public var description: String { identifier }
    }

    /// The kind of problem.
    public let kind: Kind
    /// The route asked for.
    public let routeName: String
    /// The parameter at fault, if any.
    public let parameter: String?
    /// What is wrong.
    public let message: String

    private init(_ kind: Kind, route: String, parameter: String? = nil, _ message: String) {
        self.kind = kind
        self.routeName = route
        self.parameter = parameter
        self.message = message
    }

    /// A stable machine-readable code, such as `missing-parameter` or `invalid-value`.
    public var identifier: String { kind.identifier }

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

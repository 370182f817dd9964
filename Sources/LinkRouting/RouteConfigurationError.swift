import FileLocations

/// A problem in a route table's configuration: a bad pattern, a duplicate, an uncovered host, bad JSON.
///
/// The message names the route (when there is one) and says what is wrong; ``fileLocation`` says where in a routes
/// file: a JSON pointer such as `/routes/2/pattern`, or the line and column of a JSON syntax error (nil for tables
/// built in code).
///
/// <!-- snippet: RouteConfigurationErrorDocExample -->
/// ```swift
/// do {
///     _ = try RouteTable(json: data)
/// } catch {
///     print(error)  // /routes/1/pattern: route `help`: pattern `/help/**/x`: `**` must be the last segment
/// }
/// ```
public struct RouteConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of a ``RouteConfigurationError``, without its details: compare it with the static members
    /// (`error.kind == .duplicateName`) or `switch` over it.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        fileprivate enum Code: String, Sendable, Hashable {
            case invalidPattern = "invalid-pattern"
            case duplicateName = "duplicate-name"
            case duplicatePattern = "duplicate-pattern"
            case uncoveredHost = "uncovered-host"
            case unownedScheme = "unowned-scheme"
            case invalidScheme = "invalid-scheme"
            case invalidAssociatedDomain = "invalid-associated-domain"
            case invalidJSON = "invalid-json"
            case unknownRoute = "unknown-route"
        }

        fileprivate let code: Code

        fileprivate init(_ code: Code) { self.code = code }

        /// Pattern text that does not parse (`invalid-pattern`).
        public static let invalidPattern = Self(.invalidPattern)
        /// Two routes with the same name (`duplicate-name`).
        public static let duplicateName = Self(.duplicateName)
        /// Two routes whose patterns match exactly the same URLs (`duplicate-pattern`).
        public static let duplicatePattern = Self(.duplicatePattern)
        /// An https pattern on a host no associated domain covers (`uncovered-host`).
        public static let uncoveredHost = Self(.uncoveredHost)
        /// A custom-scheme pattern on a scheme the app does not own (`unowned-scheme`).
        public static let unownedScheme = Self(.unownedScheme)
        /// A bad entry in `schemes` or `externalSchemes` (`invalid-scheme`).
        public static let invalidScheme = Self(.invalidScheme)
        /// A bad entry in `associatedDomains` (`invalid-associated-domain`).
        public static let invalidAssociatedDomain = Self(.invalidAssociatedDomain)
        /// A routes file that is not valid JSON or does not have the expected shape (`invalid-json`).
        public static let invalidJSON = Self(.invalidJSON)
        /// A handler registered for a route name the table does not have (`unknown-route`).
        public static let unknownRoute = Self(.unknownRoute)

        /// A stable machine-readable code, such as `unknown-route` (kebab-case, never changes meaning).
        public var identifier: String { code.rawValue }

        /// The ``identifier``.
        public var description: String { identifier }
    }

    /// The kind of problem.
    public let kind: Kind
    /// The name of the route at fault, if the problem belongs to one route.
    public let routeName: String?
    /// Where the problem is in the routes file: a JSON pointer (`/routes/3/pattern`), or the line and column of a
    /// JSON syntax error; nil for tables built in code.
    public let fileLocation: FileLocation?
    /// Where the problem is in a table built in code (`schemes[2]`), if it belongs to one entry.
    private let codeLocation: String?
    /// What is wrong, without the location.
    public let message: String

    private init(
        _ kind: Kind, route: String? = nil, location: FileLocation? = nil, codeLocation: String? = nil,
        _ message: String
    ) {
        self.kind = kind
        self.routeName = route
        self.fileLocation = location
        self.codeLocation = codeLocation
        self.message = message
    }

    /// Where the problem is, as text: a JSON pointer (`/routes/3/pattern`), `line:column`, the entry of a table
    /// built in code (`schemes[2]`), or `nil`.
    @available(*, deprecated, message: "use fileLocation (a FileLocation: a JSON pointer or a line and column)")
    public var location: String? { place }

    /// The location as ``description`` writes it.
    private var place: String? { fileLocation.map(\.description) ?? codeLocation }

    /// A stable identifier of the kind of problem, such as `duplicate-name` or `uncovered-host`.
    public var identifier: String { kind.identifier }

    /// `location: route `name`: message`, leaving out the parts that are absent.
    public var description: String {
        var text = ""
        if let place { text += place + ": " }
        if let routeName { text += "route `\(routeName)`: " }
        return text + message
    }

    /// Returns a copy located at `pointer` in the routes file (the loader adds JSON pointers this way), unless it
    /// has a location already.
    func located(at pointer: JSONPointer) -> Self {
        guard fileLocation == nil, codeLocation == nil else { return self }
        return Self(kind, route: routeName, location: .pointer(pointer), message)
    }

    /// Returns a copy located at `pointer` in the routes file or, for a table built in code, at `entry`
    /// (`schemes[2]`), unless it has a location already.
    func located(at pointer: JSONPointer?, otherwise entry: String) -> Self {
        if let pointer { return located(at: pointer) }
        guard fileLocation == nil, codeLocation == nil else { return self }
        return Self(kind, route: routeName, codeLocation: entry, message)
    }

    /// Pattern text that does not parse.
    static func invalidPattern(route: String, _ message: String) -> Self {
        Self(.invalidPattern, route: route, message)
    }

    /// Two routes with the same name.
    static func duplicateName(route: String) -> Self {
        Self(.duplicateName, route: route, "the name is used by an earlier route")
    }

    /// Two routes whose patterns match exactly the same URLs.
    static func duplicatePattern(route: String, earlier: String) -> Self {
        Self(.duplicatePattern, route: route, "the pattern is the same as route `\(earlier)`'s")
    }

    /// An https pattern on a host no associated domain covers.
    static func uncoveredHost(route: String, host: String) -> Self {
        Self(.uncoveredHost, route: route, "the host `\(host)` is not covered by associatedDomains")
    }

    /// A custom-scheme pattern on a scheme the app does not own.
    static func unownedScheme(route: String, scheme: String) -> Self {
        Self(.unownedScheme, route: route, "the scheme `\(scheme)` is not listed in schemes")
    }

    /// A bad entry in `schemes` or `externalSchemes`.
    static func invalidScheme(_ scheme: String, _ message: String) -> Self {
        Self(.invalidScheme, "scheme `\(scheme)`: \(message)")
    }

    /// A bad entry in `associatedDomains`.
    static func invalidAssociatedDomain(_ entry: String, _ message: String) -> Self {
        Self(.invalidAssociatedDomain, "associated domain `\(entry)`: \(message)")
    }

    /// A handler registered for a route name the table does not have.
    static func unknownRoute(_ name: String) -> Self {
        Self(.unknownRoute, route: name, "no route has this name")
    }

    /// A routes file that is not valid JSON or does not have the expected shape.
    static func invalidJSON(at location: FileLocation?, _ message: String) -> Self {
        Self(.invalidJSON, location: location, message)
    }
}

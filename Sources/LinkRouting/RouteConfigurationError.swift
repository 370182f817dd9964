/// A problem in a route table's configuration: a bad pattern, a duplicate, an uncovered host, bad JSON.
///
/// The message names the route (when there is one) and says what is wrong; ``location`` says where: a JSON
/// pointer such as `/routes/2/pattern` for routes files, `line:column` for JSON syntax errors, or `nil` for
/// tables built in code.
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
    private enum Code: String, Sendable, Hashable {
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

    private let code: Code
    /// The name of the route at fault, if the problem belongs to one route.
    public let routeName: String?
    /// Where the problem is: a JSON pointer (`/routes/3/pattern`), `line:column`, or `nil`.
    public let location: String?
    /// What is wrong, without the location.
    public let message: String

    private init(_ code: Code, route: String? = nil, location: String? = nil, _ message: String) {
        self.code = code
        self.routeName = route
        self.location = location
        self.message = message
    }

    /// A stable identifier of the kind of problem, such as `duplicate-name` or `uncovered-host`.
    public var identifier: String { code.rawValue }

    /// `location: route `name`: message`, leaving out the parts that are absent.
    public var description: String {
        var text = ""
        if let location { text += location + ": " }
        if let routeName { text += "route `\(routeName)`: " }
        return text + message
    }

    /// Returns a copy located at `location` (the routes-file loader adds JSON pointers this way).
    func located(at location: String) -> Self {
        Self(code, route: routeName, location: self.location ?? location, message)
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
    static func invalidJSON(at location: String?, _ message: String) -> Self {
        Self(.invalidJSON, location: location, message)
    }
}

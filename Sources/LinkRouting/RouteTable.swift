import RichMediaKitSupport

/// An immutable, `Sendable` table of routes for deep links and universal links, and the dispatch over it.
///
/// Build a table once (in code with ``Builder``, or from a routes file with ``init(json:)-(Data)``), then query it
/// from any thread: ``decision(for:)-(String)`` says what to do with a URL, ``outcome(for:)`` does the same
/// without building parameter dictionaries, ``urls(for:parameters:)-(_,[String:String])`` goes the other way.
///
/// <!-- snippet: RouteTableDocExample -->
/// ```swift
/// var builder = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:example.com"])
/// builder.add("promotion", "/promotion/:id")
/// builder.add("product", "https://example.com/product/:sku<int>")
/// let table = try builder.build()
/// print(table.decision(for: "shop://promotion/7").routed?.parameters ?? [:])  // ["id": "7"]
/// ```
public struct RouteTable: Sendable {
    /// The routes, in registration order (``DispatchOutcome/routeIndex`` indexes this).
    public let routes: [Route]
    /// The custom URL schemes the app owns, lowercased.
    public let schemes: [String]
    /// The app's associated domains.
    public let associatedDomains: [AssociatedDomain]
    /// Schemes handed to the system as they are (`mailto`, `tel`, ...), lowercased.
    public let externalSchemes: [String]
    /// Whether literal path segments compare case-sensitively (scheme and host never do).
    public let caseSensitive: Bool

    /// The parsed patterns, parallel to ``routes``.
    package let patterns: [RoutePattern]
    let matcher: RouteMatcher
    /// What each route captures, parallel to ``routes`` (shared by the links dispatch makes).
    let capturePlans: [RouteCapturePlan]

    /// Schemes that can never be owned or external.
    private static let reservedSchemes = Set(URLSchemes.reserved)

    /// Builds and checks a table.
    ///
    /// - Parameters:
    ///   - schemes: The custom URL schemes the app owns (case-insensitive).
    ///   - associatedDomains: `applinks:` entitlement entries (or bare hosts); `*.host` covers subdomains only.
    ///   - externalSchemes: Schemes to hand to the system as they are.
    ///   - caseSensitive: Whether literal path segments compare case-sensitively.
    ///   - routes: The routes, in registration order (earlier wins ties).
    /// - Throws: ``RouteConfigurationError`` naming the route and what is wrong.
    /// - Complexity: O(total pattern length), plus sorting routes that end at the same trie node.
    public init(
        schemes: [String], associatedDomains: [String], externalSchemes: [String] = [], caseSensitive: Bool = true,
        routes: [Route]
    ) throws(RouteConfigurationError) {
        try self.init(
            schemes: schemes, associatedDomains: associatedDomains, externalSchemes: externalSchemes,
            caseSensitive: caseSensitive, routes: routes, locations: nil)
    }

    /// The designated initializer; `locations` are JSON pointers of each route (routes files).
    init(
        schemes: [String], associatedDomains: [String], externalSchemes: [String], caseSensitive: Bool,
        routes: [Route], locations: RouteFileLocations?
    ) throws(RouteConfigurationError) {
        var owned: [String] = []
        func checked(_ scheme: String, at location: JSONPointer?) throws(RouteConfigurationError) -> String {
            do {
                return RouteBytes.asciiLowercased(try Self.checkScheme(scheme))
            } catch {
                throw location.map { error.located(at: $0) } ?? error
            }
        }
        for (index, scheme) in schemes.enumerated() {
            let lowered = try checked(scheme, at: locations?.scheme(index))
            if owned.contains(lowered) {
                throw RouteConfigurationError.invalidScheme(scheme, "listed twice").located(
                    at: locations?.scheme(index), otherwise: "schemes[\(index)]")
            }
            owned.append(lowered)
        }
        var external: [String] = []
        for (index, scheme) in externalSchemes.enumerated() {
            let lowered = try checked(scheme, at: locations?.externalScheme(index))
            if owned.contains(lowered) {
                throw RouteConfigurationError.invalidScheme(scheme, "both owned and external").located(
                    at: locations?.externalScheme(index), otherwise: "externalSchemes[\(index)]")
            }
            if !external.contains(lowered) { external.append(lowered) }
        }
        var domains: [AssociatedDomain] = []
        for (index, entry) in associatedDomains.enumerated() {
            do {
                let domain = try AssociatedDomain(entry: entry)
                // One per host and wildcard, as before entries kept their mode: the first entry's mode is kept.
                if !domains.contains(where: { $0.host == domain.host && $0.isWildcard == domain.isWildcard }) {
                    domains.append(domain)
                }
            } catch {
                throw error.located(at: locations?.domain(index), otherwise: "associatedDomains[\(index)]")
            }
        }
        var patterns: [RoutePattern] = []
        var names: Set<String> = []
        var shapes: [String: String] = [:]
        for (index, route) in routes.enumerated() {
            let location = locations?.route(index)
            func fail(_ error: RouteConfigurationError, _ field: String) -> RouteConfigurationError {
                guard let location else { return error }
                return error.located(at: location.appending(field))
            }
            guard !route.name.isEmpty else {
                throw fail(.invalidPattern(route: route.name, "the route name is empty"), "name")
            }
            guard names.insert(route.name).inserted else { throw fail(.duplicateName(route: route.name), "name") }
            let pattern: RoutePattern
            do {
                pattern = try RoutePattern.parse(route.pattern)
            } catch {
                throw fail(
                    .invalidPattern(route: route.name, "pattern `\(route.pattern)`: \(error.message)"), "pattern")
            }
            switch pattern.binding {
            case .any:
                break
            case .scheme(let scheme):
                if !owned.contains(scheme) {
                    throw fail(.unownedScheme(route: route.name, scheme: scheme), "pattern")
                }
            case .host(let host):
                if !domains.contains(where: { $0.covers(host: host) }) {
                    throw fail(.uncoveredHost(route: route.name, host: host), "pattern")
                }
            }
            let shape = Self.shapeKey(pattern, caseSensitive: caseSensitive)
            if let earlier = shapes[shape] {
                throw fail(.duplicatePattern(route: route.name, earlier: earlier), "pattern")
            }
            shapes[shape] = route.name
            patterns.append(pattern)
        }
        self.routes = routes
        self.schemes = owned
        self.associatedDomains = domains
        self.externalSchemes = external
        self.caseSensitive = caseSensitive
        self.patterns = patterns
        self.capturePlans = zip(routes, patterns).map { RouteCapturePlan(route: $0.name, pattern: $1) }
        self.matcher = RouteMatcher(
            patterns: patterns, ownedSchemes: owned, externalSchemes: external, domains: domains,
            caseSensitive: caseSensitive)
    }

    /// The route with this name, and its index, or `nil`.
    /// - Parameter name: A route name.
    /// - Returns: The index into ``routes``.
    /// - Complexity: O(*n*) in the number of routes.
    public func routeIndex(named name: String) -> Int? {
        routes.firstIndex { $0.name == name }
    }

    private static func checkScheme(_ scheme: String) throws(RouteConfigurationError) -> String {
        let bytes = Array(scheme.utf8)
        guard let first = bytes.first, RouteBytes.isAlpha(first),
            bytes.allSatisfy({
                RouteBytes.isAlpha($0) || RouteBytes.isDigit($0) || $0 == UInt8(ascii: "+")
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            })
        else {
            throw .invalidScheme(scheme, "not a URL scheme name (letters, digits, `+`, `-`, `.`; no `:`)")
        }
        if reservedSchemes.contains(RouteBytes.asciiLowercased(scheme)) {
            throw .invalidScheme(scheme, "reserved: http(s) links are universal links; the others are never opened")
        }
        return scheme
    }

    /// A key equal for two patterns exactly when they match the same URLs the same way.
    private static func shapeKey(_ pattern: RoutePattern, caseSensitive: Bool) -> String {
        var key: String
        switch pattern.binding {
        case .any: key = "*"
        case .scheme(let scheme): key = "s:" + scheme
        case .host(let host): key = "h:" + host
        }
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                key +=
                    "/l:"
                    + (caseSensitive ? text : RouteBytes.asciiLowercased(text))
            case .parameter(_, let type): key += "/p:" + type.rawValue
            case .wildcard: key += "/*"
            case .catchAll: key += "/**"
            }
        }
        let constraints = pattern.query.map { constraint -> String in
            switch constraint {
            case .capture(let item, _, let type): return "c:" + item + "=" + type.rawValue
            case .equals(let item, let value): return "e:" + item + "=" + value
            }
        }
        return key + "?" + constraints.sorted().joined(separator: "&")
    }
}

extension RouteTable {
    /// The key under which ``urls(for:parameters:)-(_,[String:String])`` takes the text for `*` segments (they capture nothing).
    public static let wildcardKey = "*"

    /// Builds the URLs that reach a route with the values of a routed link's parameters (for example a link
    /// from dispatch, edited): the same as ``urls(for:parameters:)-(String,[String:String])``.
    /// - Parameters:
    ///   - name: The route's name.
    ///   - parameters: A value for every captured name.
    /// - Returns: The URLs, custom schemes first.
    /// - Throws: ``ReverseRoutingError``, as ``urls(for:parameters:)-(String,[String:String])`` throws.
    /// - Complexity: O(*n*) in the length of the URLs, plus one dispatch per URL.
    public func urls(for name: String, parameters: RoutedLink.Parameters) throws(ReverseRoutingError) -> [String] {
        try urls(for: name, parameters: [String: String](parameters))
    }

    /// Builds the URLs that reach a route with the given values (reverse routing).
    ///
    /// A `/` route gives one URL per owned scheme (`shop://promotion/7`), then one per associated domain
    /// without a wildcard (`https://example.com/promotion/7`), in the order of ``schemes`` and
    /// ``associatedDomains``; a bound route gives one URL. Values are percent-encoded (everything but
    /// RFC 3986 unreserved characters, so a `/` inside a value becomes `%2F`); a `**` value keeps its slashes
    /// unless they would make empty or dot segments (`a//b` becomes one segment `a%2F%2Fb`).
    /// Query constraints are emitted in pattern order. `*` segments take their text from ``wildcardKey``.
    /// Every URL is dispatched before it is returned, so it is guaranteed to come back to this route with
    /// these values.
    ///
    /// <!-- snippet: ReverseRoutingDocExample -->
    /// ```swift
    /// let urls = try table.urls(for: "promotion", parameters: ["id": "7"])
    /// // ["shop://promotion/7", "https://example.com/promotion/7"]
    /// ```
    /// - Parameters:
    ///   - name: The route's name.
    ///   - parameters: A value for every captured name (`**` for a catch-all, may be empty).
    /// - Returns: The URLs, custom schemes first.
    /// - Throws: ``ReverseRoutingError`` for an unknown route, missing or extra parameters, values a parameter
    ///   would not accept (empty, not digits for `<int>`, not a UUID for `<uuid>`, control characters, `.`
    ///   or `..`), when a more specific route would take the URL, or when percent-encoding makes a URL longer
    ///   than the 4,096 bytes dispatch accepts.
    /// - Complexity: O(*n*) in the length of the URLs, plus one dispatch per URL.
    public func urls(for name: String, parameters: [String: String]) throws(ReverseRoutingError) -> [String] {
        guard let index = routeIndex(named: name) else { throw .unknownRoute(name) }
        let pattern = patterns[index]
        let usesWildcard = pattern.segments.contains(.wildcard)
        let names = Set(pattern.parameterNames)
        for key in parameters.keys.sorted()
        where !names.contains(key) && !(usesWildcard && key == Self.wildcardKey) {
            throw .unexpectedParameter(name, key)
        }
        var segments: [String] = []
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                segments.append(Self.encoded(text))
            case .parameter(let parameter, let type):
                let value = try Self.value(parameters, parameter, type: type, route: name)
                segments.append(Self.encoded(value))
            case .wildcard:
                let value = try Self.value(parameters, Self.wildcardKey, type: .string, route: name)
                segments.append(Self.encoded(value))
            case .catchAll:
                guard let value = parameters[RoutePattern.catchAllName] else {
                    throw .missingParameter(name, RoutePattern.catchAllName)
                }
                if !value.isEmpty {
                    let parts = value.split(separator: "/", omittingEmptySubsequences: false)
                    if parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
                        // Slashes that would make empty or dot segments came from `%2F` inside one segment
                        // (`/help/a%2F%2Fb` captures `a//b`): keep the value one segment so it round-trips.
                        try Self.check(value, RoutePattern.catchAllName, type: .string, route: name)
                        segments.append(Self.encoded(value))
                    } else {
                        for part in parts {
                            try Self.check(String(part), RoutePattern.catchAllName, type: .string, route: name)
                            segments.append(Self.encoded(String(part)))
                        }
                    }
                }
            }
        }
        var query = ""
        for constraint in pattern.query {
            query += query.isEmpty ? "?" : "&"
            switch constraint {
            case .capture(let item, let parameter, let type):
                let value = try Self.value(parameters, parameter, type: type, route: name, inPath: false)
                query += Self.encoded(item) + "=" + Self.encoded(value)
            case .equals(let item, let value):
                query += Self.encoded(item) + "=" + Self.encoded(value)
            }
        }
        let path = segments.joined(separator: "/")
        var urls: [String] = []
        switch pattern.binding {
        case .any:
            urls += schemes.map { $0 + "://" + path + query }
            urls += associatedDomains.filter { !$0.isWildcard }.map { "https://" + $0.host + "/" + path + query }
        case .scheme(let scheme):
            urls.append(scheme + "://" + path + query)
        case .host(let host):
            urls.append("https://" + host + "/" + path + query)
        }
        guard !urls.isEmpty else { throw .noTarget(name) }
        var expected = parameters
        expected[Self.wildcardKey] = nil
        for url in urls {
            // Encoding can triple a value's length: say so rather than report the reject as a shadowing route.
            guard url.utf8.count <= RouteMatcher.maximumLength else {
                throw .urlTooLong(name, url: url, limit: RouteMatcher.maximumLength)
            }
            let decision = decision(for: url)
            guard decision.kind == .route, let routed = decision.routed, routed.route == name,
                routed.parameters == expected
            else {
                let other = decision.routed.map { "route `\($0.route)`" } ?? decision.kind.rawValue
                throw .shadowed(name, url: url, by: other)
            }
        }
        return urls
    }

    private static func value(
        _ parameters: [String: String], _ name: String, type: RoutePattern.ParameterType, route: String,
        inPath: Bool = true
    ) throws(ReverseRoutingError) -> String {
        guard let value = parameters[name] else { throw .missingParameter(route, name) }
        try check(value, name, type: type, route: route, inPath: inPath)
        return value
    }

    /// Checks that `value` survives dispatch; `.` and `..` only matter in the path (query values may be dots).
    private static func check(
        _ value: String, _ name: String, type: RoutePattern.ParameterType, route: String, inPath: Bool = true
    ) throws(ReverseRoutingError) {
        guard !value.isEmpty else { throw .invalidValue(route, name, "is empty") }
        guard !inPath || (value != "." && value != "..") else {
            throw .invalidValue(route, name, "is a dot segment")
        }
        let bytes = Array(value.utf8)
        // Check the encoded form: it decodes to exactly `value`, whatever `%` signs the value holds.
        let clean = Array(encoded(value).utf8).withUnsafeBufferPointer { RouteBytes.isCleanText($0, 0, $0.count) }
        guard clean else { throw .invalidValue(route, name, "contains control characters") }
        switch type {
        case .string:
            break
        case .int:
            guard bytes.allSatisfy(RouteBytes.isDigit) else {
                throw .invalidValue(route, name, "is not ASCII digits (`<int>`)")
            }
        case .uuid:
            guard bytes.withUnsafeBufferPointer({ RouteBytes.isUUIDSegment($0, 0, $0.count) }) else {
                throw .invalidValue(route, name, "is not a UUID (`<uuid>`)")
            }
        }
    }

    private static func encoded(_ text: String) -> String {
        var output = ""
        RouteBytes.appendPercentEncoded(text, to: &output)
        return output
    }
}

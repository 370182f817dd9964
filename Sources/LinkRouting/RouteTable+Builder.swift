extension RouteTable {
    /// Collects routes in code, then builds a checked ``RouteTable``.
    ///
    /// <!-- snippet: RouteTableBuilderDocExample -->
    /// ```swift
    /// var builder = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:example.com"])
    /// builder.add("promotion", "/promotion/:id")
    /// builder.add("help", "/help/**")
    /// let table = try builder.build()
    /// ```
    public struct Builder: Sendable {
        /// The custom URL schemes the app owns.
        public var schemes: [String]
        /// `applinks:` entitlement entries.
        public var associatedDomains: [String]
        /// Schemes handed to the system as they are.
        public var externalSchemes: [String]
        /// Whether literal path segments compare case-sensitively.
        public var caseSensitive: Bool
        /// The routes added so far, in registration order.
        public private(set) var routes: [Route] = []

        /// Starts an empty builder.
        /// - Parameters:
        ///   - schemes: The custom URL schemes the app owns.
        ///   - associatedDomains: `applinks:` entitlement entries.
        ///   - externalSchemes: Schemes handed to the system as they are.
        ///   - caseSensitive: Whether literal path segments compare case-sensitively.
        public init(
            schemes: [String] = [], associatedDomains: [String] = [], externalSchemes: [String] = [],
            caseSensitive: Bool = true
        ) {
            self.schemes = schemes
            self.associatedDomains = associatedDomains
            self.externalSchemes = externalSchemes
            self.caseSensitive = caseSensitive
        }

        /// Adds a route; earlier routes win ties.
        /// - Parameters:
        ///   - name: The route's unique name.
        ///   - pattern: The pattern, such as `/promotion/:id`.
        public mutating func add(_ name: String, _ pattern: String) {
            routes.append(Route(name: name, pattern: pattern))
        }

        /// Checks everything and freezes the table.
        /// - Returns: The table.
        /// - Throws: ``RouteConfigurationError`` naming the route and what is wrong.
        public func build() throws(RouteConfigurationError) -> RouteTable {
            try RouteTable(
                schemes: schemes, associatedDomains: associatedDomains, externalSchemes: externalSchemes,
                caseSensitive: caseSensitive, routes: routes)
        }
    }
}

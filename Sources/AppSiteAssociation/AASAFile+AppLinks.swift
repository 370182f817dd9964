extension AASAFile {
    /// The `applinks` section: the rules that decide which URLs open which app.
    public struct AppLinks: Sendable, Equatable {
        /// The legacy `apps` array; iOS requires it to be empty when present.
        public var apps: [String]?
        /// The `details` entries, in file order (a legacy dictionary becomes one entry per key).
        public var details: [Entry]
        /// Whether `details` was written as the legacy dictionary `{"<app ID>": {...}}`.
        public var detailsIsDictionary: Bool
        /// `applinks.defaults`: the lowest-precedence component keys.
        public var defaults: Component?
        /// The custom substitution variables, name to values, in file order.
        public var substitutionVariables: [(name: String, values: [String])]

        /// Creates an `applinks` section.
        ///
        /// - Parameters:
        ///   - apps: The legacy `apps` array.
        ///   - details: The entries.
        ///   - detailsIsDictionary: Whether `details` uses the legacy dictionary form.
        ///   - defaults: `applinks.defaults`.
        ///   - substitutionVariables: The custom variables.
        public init(
            apps: [String]? = nil, details: [Entry] = [], detailsIsDictionary: Bool = false, defaults: Component? = nil,
            substitutionVariables: [(name: String, values: [String])] = []
        ) {
            self.apps = apps
            self.details = details
            self.detailsIsDictionary = detailsIsDictionary
            self.defaults = defaults
            self.substitutionVariables = substitutionVariables
        }

        /// The custom variables as a dictionary (for a repeated name, the last definition wins).
        public var variables: [String: [String]] {
            var table: [String: [String]] = [:]
            for variable in substitutionVariables { table[variable.name] = variable.values }
            return table
        }

        /// Compares two sections.
        ///
        /// - Parameters:
        ///   - lhs: A section.
        ///   - rhs: Another section.
        /// - Returns: Whether they are equal, variables compared in order.
        public static func == (lhs: AppLinks, rhs: AppLinks) -> Bool {
            lhs.apps == rhs.apps && lhs.details == rhs.details && lhs.detailsIsDictionary == rhs.detailsIsDictionary
                && lhs.defaults == rhs.defaults
                && lhs.substitutionVariables.map(\.name) == rhs.substitutionVariables.map(\.name)
                && lhs.substitutionVariables.map(\.values) == rhs.substitutionVariables.map(\.values)
        }
    }

    /// The `{"apps": [...]}` shape of `webcredentials`, `appclips`, `activitycontinuation` and
    /// `messagefilter`.
    public struct AppList: Sendable, Equatable {
        /// The app IDs.
        public var apps: [String]

        /// Creates a list.
        ///
        /// - Parameter apps: The app IDs.
        public init(apps: [String]) {
            self.apps = apps
        }
    }
}

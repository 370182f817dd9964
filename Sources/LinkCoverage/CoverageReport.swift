import FileLocations
import RichMediaKitSupport

/// The answer of ``CoverageChecker/check(aasa:routes:domain:appID:allURLs:)``: which URLs the AASA file
/// and the route table disagree about.
///
/// Every example is a concrete URL that the AASA matcher and the router were both run on and that
/// really shows the gap.
public struct CoverageReport: Sendable, Hashable {
    /// A region of URLs that the AASA file sends to the app and that no route handles.
    public struct Unrouted: Sendable, Hashable {
        /// The JSON pointer of the AASA rule that claims the URLs.
        public var rule: String
        /// A shortest URL of the region.
        public var example: String
        /// The claiming rule's content, when the checker found the gap (not part of the gap's equality or JSON): how
        /// a baseline identifies the rule (`BaselineSubject`).
        package var ruleText: String?
        /// The corners of URL syntax the example depends on, when the checker found it (not part of the gap's
        /// identity): said in its finding, its text and HTML, and its JSON's `corners`.
        package var corners: [URLSyntaxCorner] = []

        /// Where the claiming rule is in the AASA file.
        public var fileLocation: FileLocation { .pointer(JSONPointer(known: rule)) }

        /// Whether the gaps are the same: rule and example.
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.rule == rhs.rule && lhs.example == rhs.example
        }

        /// Hashes the rule and example.
        ///
        /// - Parameter hasher: The hasher.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(rule)
            hasher.combine(example)
        }
    }

    /// A region of URLs that a route handles and that iOS will not send to the app.
    public struct Unclaimed: Sendable, Hashable {
        /// The name of the route that handles the URLs.
        public var route: String
        /// A shortest URL of the region.
        public var example: String
        /// The JSON pointer of the exclude rule that blocks the URLs, or nil when no rule matches them.
        public var rule: String?
        /// The blocking rule's content, when the checker found the gap (not part of the gap's equality or JSON): how
        /// a baseline identifies the rule.
        package var ruleText: String?

        /// The route's index in the routes file's `routes`, when the checker knew it (not part of the gap's
        /// identity or JSON): where its findings point.
        package var routeIndex: Int?
        /// The corners of URL syntax the example depends on, when the checker found it (not part of the gap's
        /// identity): said in its finding, its text and HTML, and its JSON's `corners`.
        package var corners: [URLSyntaxCorner] = []

        /// Where the blocking rule is in the AASA file, or nil when no rule matches the URLs.
        public var fileLocation: FileLocation? { rule.map { .pointer(JSONPointer(known: $0)) } }

        init(route: String, example: String, rule: String?, routeIndex: Int? = nil) {
            self.route = route
            self.example = example
            self.rule = rule
            self.routeIndex = routeIndex
        }

        /// Whether the gaps are the same: route, example and rule.
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.route == rhs.route && lhs.example == rhs.example && lhs.rule == rhs.rule
        }

        /// Hashes the route, example and rule.
        ///
        /// - Parameter hasher: The hasher.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(route)
            hasher.combine(example)
            hasher.combine(rule)
        }
    }

    /// A rule or route the check could not finish comparing: it reached its limit first (see
    /// ``CoverageChecker/stateLimit``), so gaps this rule or route is part of may be missing from the report. The gaps
    /// reported are exact all the same.
    public struct NotCompared: Sendable, Hashable {
        /// The JSON pointer of the AASA rule, or nil for a route.
        public var rule: String?
        /// The route's name, or nil for a rule.
        public var route: String?
        /// The rule as written (its JSON: `{"/": "*/products/*"}`), or the route's pattern.
        public var text: String

        /// The route's index in the routes file's `routes`, when the checker knew it (not part of the JSON): where its
        /// finding points.
        package var routeIndex: Int?

        /// Where the rule is in the AASA file, or nil for a route.
        public var fileLocation: FileLocation? { rule.map { .pointer(JSONPointer(known: $0)) } }

        /// A rule of the AASA file that was not compared.
        ///
        /// - Parameters:
        ///   - rule: The rule's JSON pointer.
        ///   - text: The rule as written.
        /// - Returns: The entry.
        public static func rule(_ rule: String, text: String) -> NotCompared {
            NotCompared(rule: rule, route: nil, text: text, routeIndex: nil)
        }

        /// A route that was not compared.
        ///
        /// - Parameters:
        ///   - route: The route's name.
        ///   - pattern: Its pattern.
        /// - Returns: The entry.
        public static func route(_ route: String, pattern: String) -> NotCompared {
            NotCompared(rule: nil, route: route, text: pattern, routeIndex: nil)
        }

        package init(rule: String?, route: String?, text: String, routeIndex: Int?) {
            self.rule = rule
            self.route = route
            self.text = text
            self.routeIndex = routeIndex
        }

        /// Whether the entries are the same: rule, route and text.
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.rule == rhs.rule && lhs.route == rhs.route && lhs.text == rhs.text
        }

        /// Hashes the rule, route and text.
        ///
        /// - Parameter hasher: The hasher.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(rule)
            hasher.combine(route)
            hasher.combine(text)
        }
    }

    /// The domain serving the AASA file.
    public var domain: String
    /// The app ID whose rules were checked.
    public var appID: String
    /// URLs the app opens for but cannot handle, one example per claiming rule.
    public var unrouted: [Unrouted]
    /// URLs the app handles but does not get, one example per route and blocking rule.
    public var unclaimed: [Unclaimed]
    /// The rules and routes the check could not finish comparing because it reached its limit (empty when it
    /// finished, which it does on every file the tests and documentation hold): rules first, in file order.
    public var notCompared: [NotCompared] = []
}

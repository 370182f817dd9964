import AppSiteAssociation
import RichMediaKitSupport

/// An Android coverage report is one a `Baseline` can accept gaps of: `link-router check --manifest ... --baseline
/// FILE` fails only on new ones.
///
/// A gap is identified by its kind, its host, the intent filter's content (for an unrouted gap or a gap about a
/// filter's host: its activity, `autoVerify`, and its `<data>` elements as written) or the route's name, and what
/// blocks it (the dynamic rule's content, and the reason: `no-filter`, `not-verified` or `excluded`), never by its
/// example URL, its message or a position: adding, deleting or reordering other filters or rules changes no identity.
/// Two filters (or rules) with the same content are the same. The file is small, reviewable JSON, one gap a line:
///
/// ```json
/// {
///   "version": 2,
///   "package": "com.example.app",
///   "gaps": [
///     {"kind": "unrouted", "host": "example.com", "filter": {"activity": ".MainActivity", "autoVerify": true, "data": [{"scheme": "https"}, {"host": "example.com"}]}},
///     {"kind": "unclaimed", "host": "example.com", "route": "help", "reason": "no-filter"}
///   ]
/// }
/// ```
///
/// A version 1 file (`"filter": "14:13"`, a line and column; `"rule"` a JSON pointer) is still read: its entry
/// accepts the gap of the filter or rule now at that place, and the run notes that the file should be written again.
extension AndroidCoverageReport: BaselineReport {
    /// One accepted gap: its kind and what it is about, without example, message or position.
    public struct BaselineEntry: FindingIdentifying, RulePointerEntry {
        /// The gap's kind.
        public var kind: Gap.Kind
        /// The host, if the gap has one.
        public var host: String?
        /// The intent filter's content, if the gap is about a filter: one line of JSON, keys sorted
        /// (`{"activity": ".MainActivity", "autoVerify": true, "data": [...]}`).
        public var filterContent: String?
        /// The route's name, if any.
        public var route: String?
        /// The content of the dynamic rule that blocks the URLs, if any (`{"/": "/internal/*", "exclude": true}`).
        public var ruleContent: String?
        /// For an unclaimed gap: what Android does instead (`no-filter`, `not-verified`, `excluded`).
        public var reason: String?
        /// The filter's place in the manifest (`line:column`), for an entry read from a version 1 file; nil in
        /// version 2.
        public var filterPosition: String?
        /// The dynamic rule's JSON pointer, for an entry read from a version 1 file; nil in version 2.
        public var rulePointer: String?

        /// The identity of a reported gap: its filter and rule by content (by place when the report does not know
        /// their content: a report made by hand).
        ///
        /// - Parameter gap: A gap of the report.
        public init(_ gap: AndroidCoverageReport.Gap) {
            kind = gap.kind
            host = gap.host
            route = gap.route
            reason = gap.reason?.rawValue
            filterContent = gap.filterText
            if gap.filterText == nil { filterPosition = gap.filterLocation.map(\.description) }
            ruleContent = gap.ruleText
            if gap.ruleText == nil { rulePointer = gap.rulePointer }
        }

        /// The entry a version 1 file has for a reported gap (its filter and rule by place).
        package static func positional(_ gap: AndroidCoverageReport.Gap) -> BaselineEntry {
            var entry = BaselineEntry(gap)
            entry.filterContent = nil
            entry.ruleContent = nil
            entry.filterPosition = gap.filterLocation.map(\.description)
            entry.rulePointer = gap.rulePointer
            return entry
        }

        /// The gap's identity: `kind`, then only the members it has, described as `unclaimed example.com
        /// route=search` (the kind, the host, then what the gap is about).
        public var identity: FindingIdentity {
            let facts: [FindingIdentity.Fact?] = [
                .string("host", host, shown: .bare),
                .subject("filter", content: filterContent, position: filterPosition), .string("route", route),
                .subject("rule", content: ruleContent, position: rulePointer), .string("reason", reason),
            ]
            return FindingIdentity(code: kind.rawValue, codeName: "kind", facts: facts.compactMap { $0 })
        }

        /// The entry of a gap's identity: a `filter` or `rule` that is a string is a version 1 place, an object its
        /// content.
        ///
        /// - Parameter identity: The identity.
        /// - Throws: A `BaselineError` for an unknown kind or a mistyped member.
        public init(identity: FindingIdentity) throws(BaselineError) {
            kind = try identity.code(as: Gap.Kind.self)
            host = try identity.string("host")
            route = try identity.string("route")
            reason = try identity.string("reason")
            (filterContent, filterPosition) = identity.subject("filter")
            (ruleContent, rulePointer) = identity.subject("rule")
        }
    }

    /// The scope the baseline file writes before its entries.
    public static var baselineScopeFields: [BaselineScope.Field] { [.packageName] }
    /// What the findings were found for.
    public var baselineScope: BaselineScope { BaselineScope(packageName: packageName) }

    /// Splits the report by what a baseline accepts (see `BaselineReport.baselineSplit(_:)`).
    public func baselineSplit(
        _ accepts: (_ identity: BaselineEntry, _ positional: BaselineEntry) -> Bool
    ) -> (new: AndroidCoverageReport, accepted: AndroidCoverageReport) {
        // What the check could not compare is never accepted: it stays new.
        baselineSplit(
            \.gaps, undecided: { $0.kind == .notCompared }, by: { accepts(BaselineEntry($0), .positional($0)) })
    }
}

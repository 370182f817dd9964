import AppSiteAssociation
import LinkCoverage
import RichMediaKitSupport

/// A whole-app report is one a `Baseline` can accept gaps of: `link-router check --entitlements ... --baseline
/// FILE` fails only on new ones.
///
/// A gap is identified by its kind and what it is about (domain, route, the AASA rule's content, scheme, entry, fetch
/// code, the key path of a value of the wrong type), never by its example URL, its message or a rule's position:
/// inserting, deleting or reordering other rules or routes changes no identity. A rule's content is one line of JSON,
/// keys sorted (`{"/": "/help/*", "exclude": true}`); two rules of a domain with the same content are the same rule.
/// The file is small, reviewable JSON, one gap a line:
///
/// ```json
/// {
///   "version": 2,
///   "appID": "ABCDE12345.com.example.app",
///   "gaps": [
///     {"kind": "unrouted", "domain": "example.com", "rule": {"/": "/help/*"}},
///     {"kind": "unclaimed", "domain": "example.com", "route": "search"},
///     {"kind": "unhandled-scheme", "scheme": "fb123"}
///   ]
/// }
/// ```
///
/// A version 1 file (`"rule"` a JSON pointer) is still read: its entry accepts the gap of the rule now at that
/// pointer, and the run notes that the file should be written again.
extension AppCoverageReport: BaselineReport {
    /// One accepted gap: its kind and what it is about, without example, message or position.
    public struct BaselineEntry: FindingIdentifying, RulePointerEntry {
        /// The gap's kind.
        public var kind: Gap.Kind
        /// The domain, if the gap has one.
        public var domain: String?
        /// The route's name, if any.
        public var route: String?
        /// The AASA rule's content, if any: one line of JSON, keys sorted.
        public var ruleContent: String?
        /// The URL scheme, if any.
        public var scheme: String?
        /// The associated-domain entry, if any.
        public var entry: String?
        /// The fetch finding's code, if any.
        public var code: String?
        /// The property list key path of a ``AppCoverageReport/Gap/Kind/wrongType`` gap, if any.
        public var keyPath: String?
        /// The AASA rule's JSON pointer, for an entry read from a version 1 file; nil in version 2.
        public var rulePointer: String?

        /// The identity of a reported gap: its rule by content (by pointer when the report does not know the
        /// content: a report made by hand).
        ///
        /// - Parameter gap: A gap of the report.
        public init(_ gap: AppCoverageReport.Gap) {
            kind = gap.kind
            domain = gap.domain
            route = gap.route
            ruleContent = gap.ruleText
            if gap.ruleText == nil { rulePointer = gap.rule }
            scheme = gap.scheme
            entry = gap.entry
            code = gap.code?.rawValue
            switch gap.place {
            case .entitlementsValue(let keyPath), .infoPlistValue(let keyPath): self.keyPath = keyPath
            case .entitlement, .entitlements, .infoPlistScheme, .routes, .aasa: keyPath = nil
            }
        }

        /// The entry a version 1 file has for a reported gap (its rule by pointer).
        static func positional(_ gap: AppCoverageReport.Gap) -> BaselineEntry {
            var entry = BaselineEntry(gap)
            entry.ruleContent = nil
            entry.rulePointer = gap.rule
            return entry
        }

        /// The gap's identity: `kind`, then only the members it has, described as `unclaimed example.com
        /// route=search` (the kind, the domain, then what the gap is about).
        public var identity: FindingIdentity {
            let facts: [FindingIdentity.Fact?] = [
                .string("domain", domain, shown: .bare), .string("route", route),
                .subject("rule", content: ruleContent, position: rulePointer), .string("scheme", scheme),
                .string("entry", entry), .string("code", code), .string("keyPath", keyPath),
            ]
            return FindingIdentity(code: kind.rawValue, codeName: "kind", facts: facts.compactMap { $0 })
        }

        /// The entry of a gap's identity: a `rule` that is a string is a version 1 pointer, an object the rule's
        /// content.
        ///
        /// - Parameter identity: The identity.
        /// - Throws: A `BaselineError` for an unknown kind or a mistyped member.
        public init(identity: FindingIdentity) throws(BaselineError) {
            kind = try identity.code(as: Gap.Kind.self)
            domain = try identity.string("domain")
            route = try identity.string("route")
            (ruleContent, rulePointer) = identity.subject("rule")
            scheme = try identity.string("scheme")
            entry = try identity.string("entry")
            code = try identity.string("code")
            keyPath = try identity.string("keyPath")
        }
    }

    /// The scope the baseline file writes before its entries.
    public static var baselineScopeFields: [BaselineScope.Field] { [.appID] }
    /// What the findings were found for.
    public var baselineScope: BaselineScope { BaselineScope(appID: appID) }

    /// Splits the report by what a baseline accepts (see `BaselineReport.baselineSplit(_:)`).
    public func baselineSplit(
        _ accepts: (_ identity: BaselineEntry, _ positional: BaselineEntry) -> Bool
    ) -> (new: AppCoverageReport, accepted: AppCoverageReport) {
        // What the check could not compare is never accepted: it stays new.
        baselineSplit(
            \.gaps, undecided: { $0.kind == .notCompared }, by: { accepts(BaselineEntry($0), .positional($0)) })
    }
}

import AppSiteAssociation
import LinkRouting
import RichMediaKitSupport

/// A coverage report is one a `Baseline` can accept gaps of: `link-router check --baseline FILE` fails only on new
/// ones.
///
/// Some gaps cannot be closed: a query-constrained route such as `/search?q=:q` is always partly unclaimed, and
/// an AASA rule for an `<int>` route cannot exclude non-digits. A baseline records them; checking against it
/// splits a report into new gaps, accepted gaps, and stale entries (accepted gaps that no longer exist, so the
/// file can shrink).
///
/// A gap is identified stably by its kind, the content of the AASA rule that claims it (unrouted) or the route's
/// name and the content of the exclude rule that blocks it (unclaimed) — never by the example URL, which may change
/// when unrelated patterns do, nor by the rule's position, which changes when other rules are inserted, deleted or
/// reordered. A rule's content is its patterns as written and its flags after the `defaults` that apply, as one line
/// of JSON with keys sorted; two rules with the same content are the same rule (they claim the same URLs). The file is
/// small, reviewable JSON, one gap a line:
///
/// ```json
/// {
///   "version": 2,
///   "domain": "example.com",
///   "appID": "ABCDE12345.com.example.app",
///   "gaps": [
///     {"kind": "unrouted", "rule": {"/": "/help/*"}},
///     {"kind": "unclaimed", "route": "search", "rule": null}
///   ]
/// }
/// ```
///
/// A version 1 file (`"rule"` a JSON pointer such as `"/applinks/details/0/components/3"`) is still read: its entry
/// accepts the gap of the rule now at that pointer, and the run notes that the file should be written again.

extension CoverageReport: BaselineReport {
    /// One accepted gap, identified without its example URL or any position.
    public struct BaselineEntry: FindingIdentifying, RulePointerEntry {
        /// Which question found the gap.
        ///
        /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
        #if hasAttribute(nonexhaustive)
            @nonexhaustive
        #endif
        public enum Kind: String, Sendable, Hashable, Codable {
            /// The AASA file sends URLs to the app that no route handles.
            case unrouted
            /// A route handles URLs that iOS does not send to the app.
            case unclaimed
        }

        /// Which question found the gap.
        public var kind: Kind
        /// For an unclaimed gap, the route's name; nil for an unrouted gap.
        public var route: String?
        /// For an unrouted gap, the content of the AASA rule that claims the URLs; for an unclaimed gap, the content
        /// of the exclude rule that blocks them, or nil when no rule matches them. One line of JSON, keys sorted:
        /// `{"/": "/help/*", "exclude": true}`. Nil too for an entry of a version 1 file that names its rule by
        /// pointer (``rulePointer``).
        public var ruleContent: String?
        /// The JSON pointer of the rule, for an entry read from a version 1 file (which named rules by position);
        /// nil for a version 2 entry. Such an entry accepts the gap of the rule now at that pointer.
        public var rulePointer: String?

        /// An unrouted gap: the rule with this content claims URLs no route handles.
        ///
        /// - Parameter ruleContent: The claiming rule's content (see ``ruleContent``).
        /// - Returns: The gap.
        public static func unrouted(ruleContent: String) -> BaselineEntry {
            BaselineEntry(
                kind: .unrouted, route: nil, ruleContent: BaselineSubject.text(json: ruleContent), rulePointer: nil)
        }

        /// An unclaimed gap: URLs the route `route` handles are blocked by the exclude rule with this content, or
        /// matched by no rule.
        ///
        /// - Parameters:
        ///   - route: The route's name.
        ///   - ruleContent: The blocking rule's content (see ``ruleContent``), or nil.
        /// - Returns: The gap.
        public static func unclaimed(route: String, ruleContent: String?) -> BaselineEntry {
            BaselineEntry(
                kind: .unclaimed, route: route, ruleContent: ruleContent.map(BaselineSubject.text(json:)),
                rulePointer: nil)
        }

        /// The identity of a reported unrouted gap: its rule's content (its pointer when the report does not know
        /// the content: a report decoded from JSON).
        ///
        /// - Parameter gap: A gap of the report.
        public init(_ gap: CoverageReport.Unrouted) {
            self =
                gap.ruleText.map { BaselineEntry(kind: .unrouted, route: nil, ruleContent: $0, rulePointer: nil) }
                ?? Self.positional(gap)
        }

        /// The identity of a reported unclaimed gap: its route and its blocking rule's content.
        ///
        /// - Parameter gap: A gap of the report.
        public init(_ gap: CoverageReport.Unclaimed) {
            self =
                gap.rule == nil || gap.ruleText != nil
                ? BaselineEntry(kind: .unclaimed, route: gap.route, ruleContent: gap.ruleText, rulePointer: nil)
                : Self.positional(gap)
        }

        /// The entry a version 1 file has for a reported gap (its rule by pointer).
        static func positional(_ gap: CoverageReport.Unrouted) -> BaselineEntry {
            BaselineEntry(kind: .unrouted, route: nil, ruleContent: nil, rulePointer: gap.rule)
        }

        /// The entry a version 1 file has for a reported gap (its rule by pointer).
        static func positional(_ gap: CoverageReport.Unclaimed) -> BaselineEntry {
            BaselineEntry(kind: .unclaimed, route: gap.route, ruleContent: nil, rulePointer: gap.rule)
        }

        init(kind: Kind, route: String?, ruleContent: String?, rulePointer: String?) {
            self.kind = kind
            self.route = route
            self.ruleContent = ruleContent
            self.rulePointer = rulePointer
        }

        /// The gap's identity: `kind`, then `route` (unclaimed only) and `rule` (its content as JSON; a version 1
        /// entry's pointer; null when an unclaimed gap has none), described as `unrouted {"/": "/help/*"}`,
        /// `unclaimed search (no rule)` or `unclaimed product excluded by {"/": "/products/*", "exclude": true}`.
        public var identity: FindingIdentity {
            let rule = FindingIdentity.Fact.subject("rule", content: ruleContent, position: rulePointer)
            let facts: [FindingIdentity.Fact?]
            switch kind {
            case .unrouted:
                facts = [
                    rule.map { .init("rule", $0.value, shown: .bare) }
                        ?? .init("rule", .subject("null"), shown: .text(""))
                ]
            case .unclaimed:
                let blocking: FindingIdentity.Fact =
                    rule.map { .init("rule", $0.value, shown: .text("excluded by \($0.value.text)")) }
                    ?? .init("rule", .subject("null"), shown: .text("(no rule)"))
                facts = [.string("route", route, shown: .bare), blocking]
            }
            return FindingIdentity(code: kind.rawValue, codeName: "kind", facts: facts.compactMap { $0 })
        }

        /// The entry of a gap's identity, requiring `rule` for unrouted gaps and `route` for unclaimed ones; a `rule`
        /// that is a string is a version 1 pointer, an object the rule's content.
        ///
        /// - Parameter identity: The identity.
        /// - Throws: A `BaselineError` for a missing, mistyped or unknown member.
        public init(identity: FindingIdentity) throws(BaselineError) {
            guard let kind = Kind(rawValue: identity.code) else {
                throw .invalid(
                    identity.codeName,
                    "expected \"unrouted\" or \"unclaimed\", not \(JSONQuoting.quoted(identity.code))")
            }
            self.kind = kind
            route = kind == .unclaimed ? try identity.requiredString("route") : nil
            switch identity["rule"] {
            case .string(let pointer), .position(let pointer): rulePointer = pointer
            case nil where kind == .unrouted: throw .missing("rule")
            case .subject(let content) where kind == .unrouted || content != "null": ruleContent = content
            case nil, .subject: break
            }
        }
    }

    /// The scope the baseline file writes before its entries.
    public static var baselineScopeFields: [BaselineScope.Field] { [.domain, .appID] }
    /// What the findings were found for.
    public var baselineScope: BaselineScope { BaselineScope(domain: domain, appID: appID) }

    /// Splits the report by what a baseline accepts (see `BaselineReport.baselineSplit(_:)`).
    public func baselineSplit(
        _ accepts: (_ identity: BaselineEntry, _ positional: BaselineEntry) -> Bool
    ) -> (new: CoverageReport, accepted: CoverageReport) {
        let unrouted = self.unrouted.partitioned { accepts(BaselineEntry($0), .positional($0)) }
        let unclaimed = self.unclaimed.partitioned { accepts(BaselineEntry($0), .positional($0)) }
        // What the check could not compare is never accepted: it stays in the new part.
        var new = CoverageReport(
            domain: domain, appID: appID, unrouted: unrouted.rejected, unclaimed: unclaimed.rejected)
        new.notCompared = notCompared
        return (
            new,
            CoverageReport(domain: domain, appID: appID, unrouted: unrouted.accepted, unclaimed: unclaimed.accepted)
        )
    }
}

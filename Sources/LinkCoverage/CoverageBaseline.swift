import AppSiteAssociation
import LinkRouting
import RichMediaKitSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The coverage gaps a team has accepted, so that `link-router check --baseline FILE` fails only on new ones.
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
///
/// <!-- snippet: CoverageBaselineDocExample -->
/// ```swift
/// let baseline = try CoverageBaseline(json: Array(baselineData))
/// let comparison = baseline.compare(report)
/// for gap in comparison.new.unrouted { print("new:", gap.rule, gap.example) }
/// for gap in comparison.new.unclaimed { print("new:", gap.route, gap.example) }
/// for gap in comparison.stale { print("stale:", gap) }
/// // new: help https://example.com/help/internal
/// // stale: unclaimed search (no rule)
/// ```
public struct CoverageBaseline: Sendable, Hashable, Codable {
    /// One accepted gap, identified without its example URL or any position.
    public struct Gap: Sendable, Hashable, Codable, CustomStringConvertible {
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

        /// The JSON pointer of the rule (version 1 entries only).
        @available(*, deprecated, renamed: "rulePointer", message: "version 2 baselines name rules by ruleContent")
        public var rule: String? {
            get { rulePointer }
            set { rulePointer = newValue }
        }

        /// An unrouted gap: the rule with this content claims URLs no route handles.
        ///
        /// - Parameter ruleContent: The claiming rule's content (see ``ruleContent``).
        /// - Returns: The gap.
        public static func unrouted(ruleContent: String) -> Gap {
            Gap(kind: .unrouted, route: nil, ruleContent: BaselineSubject.text(json: ruleContent), rulePointer: nil)
        }

        /// An unclaimed gap: URLs the route `route` handles are blocked by the exclude rule with this content, or
        /// matched by no rule.
        ///
        /// - Parameters:
        ///   - route: The route's name.
        ///   - ruleContent: The blocking rule's content (see ``ruleContent``), or nil.
        /// - Returns: The gap.
        public static func unclaimed(route: String, ruleContent: String?) -> Gap {
            Gap(
                kind: .unclaimed, route: route, ruleContent: ruleContent.map(BaselineSubject.text(json:)),
                rulePointer: nil)
        }

        /// An unrouted gap of a version 1 file: the rule at `rule` claims URLs no route handles.
        ///
        /// - Parameter rule: The JSON pointer of the claiming AASA rule.
        /// - Returns: The gap.
        @available(*, deprecated, renamed: "unrouted(ruleContent:)", message: "rules are identified by content")
        public static func unrouted(rule: String) -> Gap {
            Gap(kind: .unrouted, route: nil, ruleContent: nil, rulePointer: rule)
        }

        /// An unclaimed gap of a version 1 file: URLs the route `route` handles are blocked by `rule`, or matched by
        /// no rule.
        ///
        /// - Parameters:
        ///   - route: The route's name.
        ///   - rule: The JSON pointer of the blocking exclude rule, or nil.
        /// - Returns: The gap.
        @available(
            *, deprecated, renamed: "unclaimed(route:ruleContent:)", message: "rules are identified by content"
        )
        public static func unclaimed(route: String, rule: String?) -> Gap {
            Gap(kind: .unclaimed, route: route, ruleContent: nil, rulePointer: rule)
        }

        /// The identity of a reported unrouted gap: its rule's content (its pointer when the report does not know
        /// the content: a report decoded from JSON).
        ///
        /// - Parameter gap: A gap from a ``CoverageReport``.
        public init(_ gap: CoverageReport.Unrouted) {
            self =
                gap.ruleText.map { Gap(kind: .unrouted, route: nil, ruleContent: $0, rulePointer: nil) }
                ?? Self.positional(gap)
        }

        /// The identity of a reported unclaimed gap: its route and its blocking rule's content.
        ///
        /// - Parameter gap: A gap from a ``CoverageReport``.
        public init(_ gap: CoverageReport.Unclaimed) {
            self =
                gap.rule == nil || gap.ruleText != nil
                ? Gap(kind: .unclaimed, route: gap.route, ruleContent: gap.ruleText, rulePointer: nil)
                : Self.positional(gap)
        }

        /// The entry a version 1 file has for a reported gap (its rule by pointer).
        static func positional(_ gap: CoverageReport.Unrouted) -> Gap {
            Gap(kind: .unrouted, route: nil, ruleContent: nil, rulePointer: gap.rule)
        }

        /// The entry a version 1 file has for a reported gap (its rule by pointer).
        static func positional(_ gap: CoverageReport.Unclaimed) -> Gap {
            Gap(kind: .unclaimed, route: gap.route, ruleContent: nil, rulePointer: gap.rule)
        }

        private init(kind: Kind, route: String?, ruleContent: String?, rulePointer: String?) {
            self.kind = kind
            self.route = route
            self.ruleContent = ruleContent
            self.rulePointer = rulePointer
        }

        private enum CodingKeys: String, CodingKey {
            case kind, route, rule
        }

        /// Decodes a gap, requiring `rule` for unrouted gaps and `route` for unclaimed ones; a `rule` that is a
        /// string is a version 1 pointer, an object the rule's content.
        ///
        /// - Parameter decoder: The decoder.
        /// - Throws: `DecodingError` for a missing or mistyped key.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let kindName = try container.decode(String.self, forKey: .kind)
            guard let kind = Kind(rawValue: kindName) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .kind, in: container,
                    debugDescription: "expected \"unrouted\" or \"unclaimed\", not \(JSONQuoting.quoted(kindName))")
            }
            self.kind = kind
            route = kind == .unclaimed ? try container.decode(String.self, forKey: .route) : nil
            if let pointer = try? container.decode(String.self, forKey: .rule) {
                rulePointer = pointer
            } else if kind == .unrouted {
                ruleContent = try container.decode(BaselineSubjectValue.self, forKey: .rule).text
            } else {
                ruleContent = try container.decodeIfPresent(BaselineSubjectValue.self, forKey: .rule)?.text
            }
        }

        /// Encodes the gap: `kind`, then `route` (unclaimed only) and `rule` (its content as JSON; a version 1
        /// entry's pointer; null when an unclaimed gap has none).
        ///
        /// - Parameter encoder: The encoder.
        /// - Throws: What the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            try json.encode(to: encoder)
        }

        /// `unrouted {"/": "/help/*"}`, `unclaimed search (no rule)`, or
        /// `unclaimed product excluded by {"/": "/products/*", "exclude": true}` (a version 1 entry: the pointer).
        public var description: String {
            let rule = ruleContent ?? rulePointer
            switch kind {
            case .unrouted: return "unrouted \(rule ?? "")"
            case .unclaimed: return "unclaimed \(route ?? "")" + (rule.map { " excluded by \($0)" } ?? " (no rule)")
            }
        }

        var json: OrderedJSON {
            var members: [OrderedJSON.Member] = [.init("kind", .string(kind.rawValue))]
            if kind == .unclaimed { members.append(.init("route", .optional(route))) }
            members.append(
                .init("rule", rulePointer.map(OrderedJSON.string) ?? ruleContent.map(BaselineSubject.value) ?? .null))
            return .object(members)
        }
    }

    /// A report split by a baseline: see ``CoverageBaseline/compare(_:)``.
    public struct Comparison: Sendable, Hashable {
        /// The report's gaps that the baseline does not accept (the report's domain and app ID).
        public var new: CoverageReport
        /// The report's gaps that the baseline accepts.
        public var accepted: CoverageReport
        /// Accepted gaps that the report no longer has: the baseline can drop them.
        public var stale: [Gap]
    }

    /// The file format's version, written as `"version"`: 2 (version 1 files are still read; others are refused).
    public static let version = formatVersion

    /// The version of the file the baseline was read from (``version`` for one made from a report): 1 when its
    /// entries name rules by position.
    public var fileVersion: Int = formatVersion

    /// The domain the gaps were found for.
    public var domain: String
    /// The app ID the gaps were found for.
    public var appID: String
    /// The accepted gaps, in report order.
    public var gaps: [Gap]

    /// Creates a baseline.
    ///
    /// - Parameters:
    ///   - domain: The domain the gaps were found for.
    ///   - appID: The app ID the gaps were found for.
    ///   - gaps: The accepted gaps.
    public init(domain: String, appID: String, gaps: [Gap]) {
        self.domain = domain
        self.appID = appID
        self.gaps = gaps
    }

    /// A baseline accepting every gap of `report` (what `check --write-baseline` writes).
    ///
    /// - Parameter report: Today's report.
    public init(report: CoverageReport) {
        self.init(
            domain: report.domain, appID: report.appID,
            gaps: Self.distinct(report.unrouted.map(Gap.init) + report.unclaimed.map(Gap.init)))
    }

    /// Reads a baseline file.
    ///
    /// - Parameter json: The file's bytes.
    /// - Throws: `BaselineError` saying where the file is wrong.
    public init(json: some Collection<UInt8>) throws(BaselineError) {
        self = try Self.read(json: json)
    }

    private enum CodingKeys: String, CodingKey {
        case version, domain, appID, gaps
    }

    /// Decodes a baseline, refusing another ``version``.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a wrong version or a missing or mistyped key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fileVersion = try BaselineDecoding.checkVersion(container, key: .version, expected: Self.version)
        domain = try container.decode(String.self, forKey: .domain)
        appID = try container.decode(String.self, forKey: .appID)
        gaps = try container.decode([Gap].self, forKey: .gaps)
    }

    /// Encodes the baseline with its ``version``.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fileVersion, forKey: .version)
        try container.encode(domain, forKey: .domain)
        try container.encode(appID, forKey: .appID)
        try container.encode(gaps, forKey: .gaps)
    }

    /// The baseline file's text: pretty JSON, one gap a line, ending with a newline.
    public var json: String { fileText }

    /// Splits `report` into new gaps, accepted gaps and stale baseline entries.
    ///
    /// The domain and app ID are not compared: check ``domain`` and ``appID`` against the report first when a
    /// mismatch should be an error.
    /// - Parameter report: Today's report.
    /// - Returns: The comparison.
    /// - Complexity: O(*g* + *b*) for *g* gaps and *b* baseline entries.
    public func compare(_ report: CoverageReport) -> Comparison {
        let split = partition(
            report.unrouted.map(ReportedGap.unrouted) + report.unclaimed.map(ReportedGap.unclaimed), identity: \.gap,
            positional: \.positional)
        func part(_ gaps: [ReportedGap]) -> CoverageReport {
            CoverageReport(
                domain: report.domain, appID: report.appID, unrouted: gaps.compactMap(\.unrouted),
                unclaimed: gaps.compactMap(\.unclaimed))
        }
        // What the check could not compare is never accepted: it stays in the new part.
        var new = part(split.new)
        new.notCompared = report.notCompared
        return Comparison(new: new, accepted: part(split.accepted), stale: split.stale)
    }

    /// A gap of a report, either kind.
    private enum ReportedGap {
        case unrouted(CoverageReport.Unrouted)
        case unclaimed(CoverageReport.Unclaimed)

        var gap: Gap {
            switch self {
            case .unrouted(let gap): return Gap(gap)
            case .unclaimed(let gap): return Gap(gap)
            }
        }

        var positional: Gap {
            switch self {
            case .unrouted(let gap): return Gap.positional(gap)
            case .unclaimed(let gap): return Gap.positional(gap)
            }
        }

        var unrouted: CoverageReport.Unrouted? {
            if case .unrouted(let gap) = self { return gap }
            return nil
        }

        var unclaimed: CoverageReport.Unclaimed? {
            if case .unclaimed(let gap) = self { return gap }
            return nil
        }
    }
}

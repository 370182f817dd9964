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
/// A gap is identified stably by its kind, the AASA rule's pointer (unrouted) or the route's name (unclaimed),
/// and the blocking rule (unclaimed) — never by the example URL, which may change when unrelated patterns do.
/// The file is small, reviewable JSON, one gap a line:
///
/// ```json
/// {
///   "version": 1,
///   "domain": "example.com",
///   "appID": "ABCDE12345.com.example.app",
///   "gaps": [
///     {"kind": "unrouted", "rule": "/applinks/details/0/components/3"},
///     {"kind": "unclaimed", "route": "search", "rule": null}
///   ]
/// }
/// ```
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
    /// One accepted gap, identified without its example URL.
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
        /// For an unrouted gap, the pointer of the AASA rule that claims the URLs; for an unclaimed gap, the
        /// pointer of the exclude rule that blocks them, or nil when no rule matches them.
        public var rule: String?

        /// An unrouted gap: the rule at `rule` claims URLs no route handles.
        ///
        /// - Parameter rule: The JSON pointer of the claiming AASA rule.
        /// - Returns: The gap.
        public static func unrouted(rule: String) -> Gap {
            Gap(kind: .unrouted, route: nil, rule: rule)
        }

        /// An unclaimed gap: URLs the route `route` handles are blocked by `rule`, or matched by no rule.
        ///
        /// - Parameters:
        ///   - route: The route's name.
        ///   - rule: The JSON pointer of the blocking exclude rule, or nil.
        /// - Returns: The gap.
        public static func unclaimed(route: String, rule: String?) -> Gap {
            Gap(kind: .unclaimed, route: route, rule: rule)
        }

        /// The identity of a reported unrouted gap.
        ///
        /// - Parameter gap: A gap from a ``CoverageReport``.
        public init(_ gap: CoverageReport.Unrouted) {
            self = .unrouted(rule: gap.rule)
        }

        /// The identity of a reported unclaimed gap.
        ///
        /// - Parameter gap: A gap from a ``CoverageReport``.
        public init(_ gap: CoverageReport.Unclaimed) {
            self = .unclaimed(route: gap.route, rule: gap.rule)
        }

        private init(kind: Kind, route: String?, rule: String?) {
            self.kind = kind
            self.route = route
            self.rule = rule
        }

        private enum CodingKeys: String, CodingKey {
            case kind, route, rule
        }

        /// Decodes a gap, requiring `rule` for unrouted gaps and `route` for unclaimed ones.
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
            switch kind {
            case .unrouted:
                route = nil
                rule = try container.decode(String.self, forKey: .rule)
            case .unclaimed:
                route = try container.decode(String.self, forKey: .route)
                rule = try container.decodeIfPresent(String.self, forKey: .rule)
            }
        }

        /// Encodes the gap: `kind`, then `route` (unclaimed only) and `rule` (null when an unclaimed gap has none).
        ///
        /// - Parameter encoder: The encoder.
        /// - Throws: What the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            if kind == .unclaimed { try container.encode(route, forKey: .route) }
            try container.encode(rule, forKey: .rule)
        }

        /// `unrouted /applinks/details/0/components/3`, `unclaimed search (no rule)`, or
        /// `unclaimed product excluded by /applinks/details/0/components/0`.
        public var description: String {
            switch kind {
            case .unrouted: return "unrouted \(rule ?? "")"
            case .unclaimed: return "unclaimed \(route ?? "")" + (rule.map { " excluded by \($0)" } ?? " (no rule)")
            }
        }

        var json: OrderedJSON {
            var members: [OrderedJSON.Member] = [.init("kind", .string(kind.rawValue))]
            if kind == .unclaimed { members.append(.init("route", .optional(route))) }
            members.append(.init("rule", .optional(rule)))
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

    /// The file format's version, written as `"version"`; files of another version are refused.
    public static let version = formatVersion

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
        try BaselineDecoding.checkVersion(container, key: .version, expected: Self.version)
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
        try container.encode(Self.version, forKey: .version)
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
            report.unrouted.map(ReportedGap.unrouted) + report.unclaimed.map(ReportedGap.unclaimed), identity: \.gap)
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

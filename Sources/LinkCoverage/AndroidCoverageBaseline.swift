import AppSiteAssociation
import RichMediaKitSupport

/// The Android coverage gaps a team has accepted, so that `link-router check --manifest ... --baseline FILE` fails
/// only on new ones.
///
/// A gap is identified by its kind, its host, the intent filter's place in the manifest (`line:column`, for an
/// unrouted gap or a gap about a filter's host) or the route's name, and what blocks it (the dynamic rule's JSON
/// pointer, and the reason: `no-filter`, `not-verified` or `excluded`), never by its example URL or message. The
/// file is small, reviewable JSON, one gap a line:
///
/// ```json
/// {
///   "version": 1,
///   "package": "com.example.app",
///   "gaps": [
///     {"kind": "unrouted", "host": "example.com", "filter": "14:13"},
///     {"kind": "unclaimed", "host": "example.com", "route": "help", "reason": "no-filter"}
///   ]
/// }
/// ```
public struct AndroidCoverageBaseline: Sendable, Hashable, Codable {
    /// One accepted gap: its kind and what it is about, without example or message.
    public struct Gap: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The gap's kind.
        public var kind: AndroidCoverageReport.Gap.Kind
        /// The host, if the gap has one.
        public var host: String?
        /// The intent filter's place in the manifest, `line:column`, if the gap is about a filter.
        public var filter: String?
        /// The route's name, if any.
        public var route: String?
        /// The JSON pointer of the dynamic rule that blocks the URLs, if any.
        public var rule: String?
        /// For an unclaimed gap: what Android does instead (`no-filter`, `not-verified`, `excluded`).
        public var reason: String?

        /// The identity of a reported gap.
        ///
        /// - Parameter gap: A gap of an ``AndroidCoverageReport``.
        public init(_ gap: AndroidCoverageReport.Gap) {
            kind = gap.kind
            host = gap.host
            filter = gap.filterLocation.map(\.description)
            route = gap.route
            rule = gap.rulePointer
            reason = gap.reason?.rawValue
        }

        private enum CodingKeys: String, CodingKey {
            case kind, host, filter, route, rule, reason
        }

        /// Encodes the gap: `kind`, then only the members it has.
        ///
        /// - Parameter encoder: The encoder.
        /// - Throws: What the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encodeIfPresent(host, forKey: .host)
            try container.encodeIfPresent(filter, forKey: .filter)
            try container.encodeIfPresent(route, forKey: .route)
            try container.encodeIfPresent(rule, forKey: .rule)
            try container.encodeIfPresent(reason, forKey: .reason)
        }

        private var parts: [(String, String?)] {
            [("host", host), ("filter", filter), ("route", route), ("rule", rule), ("reason", reason)]
        }

        /// `unclaimed example.com route=search`: the kind, the host, then what the gap is about.
        public var description: String {
            ([kind.rawValue] + (host.map { [$0] } ?? [])
                + parts.dropFirst().compactMap { name, value in value.map { "\(name)=\($0)" } })
                .joined(separator: " ")
        }

        var json: OrderedJSON {
            var members: [OrderedJSON.Member] = [.init("kind", .string(kind.rawValue))]
            for (name, value) in parts { if let value { members.append(.init(name, .string(value))) } }
            return .object(members)
        }
    }

    /// A report split by a baseline: see ``AndroidCoverageBaseline/compare(_:)``.
    public struct Comparison: Sendable, Hashable {
        /// The report's gaps that the baseline does not accept.
        public var new: AndroidCoverageReport
        /// How many of the report's gaps the baseline accepts.
        public var accepted: Int
        /// Accepted gaps that the report no longer has.
        public var stale: [Gap]

        /// The baseline's part of the text output, printed after the report of the new gaps: a blank line, how
        /// many gaps the baseline accepted, then its stale entries.
        ///
        /// - Parameter file: The baseline file's name as the user gave it.
        /// - Returns: The lines joined with `\n`, starting with an empty line (no trailing newline).
        public func renderedText(file: String) -> String {
            BaselineText.rendered(file: file, accepted: accepted, noun: "gap", stale: stale.map(\.description))
        }
    }

    /// The file format's version, written as `"version"`; files of another version are refused.
    public static let version = formatVersion

    /// The package the gaps were found for.
    public var packageName: String
    /// The accepted gaps, in report order.
    public var gaps: [Gap]

    /// A baseline accepting every gap of `report`.
    ///
    /// - Parameter report: Today's report.
    public init(report: AndroidCoverageReport) {
        packageName = report.packageName
        // What the check could not compare is never accepted.
        gaps = Self.distinct(report.gaps.filter { $0.kind != .notCompared }.map(Gap.init))
    }

    /// Reads a baseline file.
    ///
    /// - Parameter json: The file's bytes.
    /// - Throws: `BaselineError` saying where the file is wrong.
    public init(json: some Collection<UInt8>) throws(BaselineError) {
        self = try Self.read(json: json)
    }

    private enum CodingKeys: String, CodingKey {
        case version
        case packageName = "package"
        case gaps
    }

    /// Decodes a baseline, refusing another ``version``.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a wrong version or a missing or mistyped key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try BaselineDecoding.checkVersion(container, key: .version, expected: Self.version)
        packageName = try container.decode(String.self, forKey: .packageName)
        gaps = try container.decode([Gap].self, forKey: .gaps)
    }

    /// Encodes the baseline with its ``version``.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.version, forKey: .version)
        try container.encode(packageName, forKey: .packageName)
        try container.encode(gaps, forKey: .gaps)
    }

    /// The baseline file's text: pretty JSON, one gap a line, ending with a newline.
    public var json: String { fileText }

    /// Splits `report` into new gaps, the number accepted, and stale baseline entries.
    ///
    /// - Parameter report: Today's report.
    /// - Returns: The comparison.
    /// - Complexity: O(*g* + *b*) for *g* gaps and *b* baseline entries.
    public func compare(_ report: AndroidCoverageReport) -> Comparison {
        // What the check could not compare is never accepted: it stays new.
        let split = partition(report.gaps.filter { $0.kind != .notCompared }, identity: Gap.init)
        var new = report
        new.gaps = split.new + report.gaps.filter { $0.kind == .notCompared }
        return Comparison(new: new, accepted: split.accepted.count, stale: split.stale)
    }
}

/// An Android coverage baseline is one of the package's baselines: a gap is identified by its kind and what it is
/// about.
extension AndroidCoverageBaseline: FindingBaseline {
    package static var entriesKey: String { "gaps" }
    package static var noun: String { "gap" }
    package var entries: [Gap] { gaps }
    package var scope: [OrderedJSON.Member] { [.init("package", .string(packageName))] }
    package static func json(_ entry: Gap) -> OrderedJSON { entry.json }

    package static func staleMessage(_ entry: Gap) -> String {
        "The accepted gap \(entry) no longer exists; remove it from the baseline."
    }

    package func split(_ report: AndroidCoverageReport) -> (new: AndroidCoverageReport, accepted: Int, stale: [Gap]) {
        let comparison = compare(report)
        return (comparison.new, comparison.accepted, comparison.stale)
    }
}

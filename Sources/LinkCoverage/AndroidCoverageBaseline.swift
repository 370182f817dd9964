import AppSiteAssociation
import RichMediaKitSupport

/// The Android coverage gaps a team has accepted, so that `link-router check --manifest ... --baseline FILE` fails
/// only on new ones.
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
public struct AndroidCoverageBaseline: Sendable, Hashable, Codable {
    /// One accepted gap: its kind and what it is about, without example, message or position.
    public struct Gap: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The gap's kind.
        public var kind: AndroidCoverageReport.Gap.Kind
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

        /// The filter's place of a version 1 entry.
        @available(*, deprecated, renamed: "filterPosition", message: "version 2 baselines name filters by content")
        public var filter: String? {
            get { filterPosition }
            set { filterPosition = newValue }
        }

        /// The dynamic rule's pointer of a version 1 entry.
        @available(*, deprecated, renamed: "rulePointer", message: "version 2 baselines name rules by content")
        public var rule: String? {
            get { rulePointer }
            set { rulePointer = newValue }
        }

        /// The identity of a reported gap: its filter and rule by content (by place when the report does not know
        /// their content: a report made by hand).
        ///
        /// - Parameter gap: A gap of an ``AndroidCoverageReport``.
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
        package static func positional(_ gap: AndroidCoverageReport.Gap) -> Gap {
            var entry = Gap(gap)
            entry.filterContent = nil
            entry.ruleContent = nil
            entry.filterPosition = gap.filterLocation.map(\.description)
            entry.rulePointer = gap.rulePointer
            return entry
        }

        private enum CodingKeys: String, CodingKey {
            case kind, host, filter, route, rule, reason
        }

        /// Decodes a gap: a `filter` or `rule` that is a string is a version 1 place, an object its content.
        ///
        /// - Parameter decoder: The decoder.
        /// - Throws: `DecodingError` for a missing or mistyped key.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kind = try container.decode(AndroidCoverageReport.Gap.Kind.self, forKey: .kind)
            host = try container.decodeIfPresent(String.self, forKey: .host)
            route = try container.decodeIfPresent(String.self, forKey: .route)
            reason = try container.decodeIfPresent(String.self, forKey: .reason)
            (filterContent, filterPosition) = try BaselineSubjectValue.decode(container, .filter)
            (ruleContent, rulePointer) = try BaselineSubjectValue.decode(container, .rule)
        }

        /// Encodes the gap as the file writes it: `kind`, then only the members it has.
        ///
        /// - Parameter encoder: The encoder.
        /// - Throws: What the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            try json.encode(to: encoder)
        }

        private var parts: [(String, OrderedJSON?)] {
            [
                ("host", host.map(OrderedJSON.string)),
                ("filter", filterPosition.map(OrderedJSON.string) ?? filterContent.map(BaselineSubject.value)),
                ("route", route.map(OrderedJSON.string)),
                ("rule", rulePointer.map(OrderedJSON.string) ?? ruleContent.map(BaselineSubject.value)),
                ("reason", reason.map(OrderedJSON.string)),
            ]
        }

        /// `unclaimed example.com route=search`: the kind, the host, then what the gap is about.
        public var description: String {
            let named: [(String, String?)] = [
                ("filter", filterPosition ?? filterContent), ("route", route), ("rule", rulePointer ?? ruleContent),
                ("reason", reason),
            ]
            return
                ([kind.rawValue] + (host.map { [$0] } ?? [])
                + named.compactMap { name, value in value.map { "\(name)=\($0)" } })
                .joined(separator: " ")
        }

        var json: OrderedJSON {
            var members: [OrderedJSON.Member] = [.init("kind", .string(kind.rawValue))]
            for (name, value) in parts { if let value { members.append(.init(name, value)) } }
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

    /// The file format's version, written as `"version"`: 2 (version 1 files are still read; others are refused).
    public static let version = formatVersion

    /// The version of the file the baseline was read from (``version`` for one made from a report): 1 when its
    /// entries name filters and rules by place.
    public var fileVersion: Int = formatVersion

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
        fileVersion = try BaselineDecoding.checkVersion(container, key: .version, expected: Self.version)
        packageName = try container.decode(String.self, forKey: .packageName)
        gaps = try container.decode([Gap].self, forKey: .gaps)
    }

    /// Encodes the baseline with its ``version``.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fileVersion, forKey: .version)
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
        let split = partition(
            report.gaps.filter { $0.kind != .notCompared }, identity: Gap.init, positional: Gap.positional)
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

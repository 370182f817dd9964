import AppSiteAssociation
import RichMediaKitSupport

/// The whole-app gaps a team has accepted, so that `link-router check --entitlements ... --baseline FILE` fails
/// only on new ones.
///
/// A gap is identified by its kind and what it is about (domain, route, rule pointer, scheme, entry, fetch code, the
/// key path of a value of the wrong type), never by its example URL or message. The file is small, reviewable JSON,
/// one gap a line:
///
/// ```json
/// {
///   "version": 1,
///   "appID": "ABCDE12345.com.example.app",
///   "gaps": [
///     {"kind": "unclaimed", "domain": "example.com", "route": "search"},
///     {"kind": "unhandled-scheme", "scheme": "fb123"}
///   ]
/// }
/// ```
public struct AppCoverageBaseline: Sendable, Hashable, Codable {
    /// One accepted gap: its kind and what it is about, without example or message.
    public struct Gap: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The gap's kind.
        public var kind: AppCoverageReport.Gap.Kind
        /// The domain, if the gap has one.
        public var domain: String?
        /// The route's name, if any.
        public var route: String?
        /// The AASA rule's pointer, if any.
        public var rule: String?
        /// The URL scheme, if any.
        public var scheme: String?
        /// The associated-domain entry, if any.
        public var entry: String?
        /// The fetch finding's code, if any.
        public var code: String?
        /// The property list key path of a ``AppCoverageReport/Gap/Kind/wrongType`` gap, if any.
        public var keyPath: String?

        /// The identity of a reported gap.
        ///
        /// - Parameter gap: A gap of an ``AppCoverageReport``.
        public init(_ gap: AppCoverageReport.Gap) {
            kind = gap.kind
            domain = gap.domain
            route = gap.route
            rule = gap.rule
            scheme = gap.scheme
            entry = gap.entry
            code = gap.code
            switch gap.place {
            case .entitlementsValue(let keyPath), .infoPlistValue(let keyPath): self.keyPath = keyPath
            case .entitlement, .entitlements, .infoPlistScheme, .routes, .aasa: keyPath = nil
            }
        }

        private enum CodingKeys: String, CodingKey {
            case kind, domain, route, rule, scheme, entry, code, keyPath
        }

        /// Encodes the gap: `kind`, then only the members it has.
        ///
        /// - Parameter encoder: The encoder.
        /// - Throws: What the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encodeIfPresent(domain, forKey: .domain)
            try container.encodeIfPresent(route, forKey: .route)
            try container.encodeIfPresent(rule, forKey: .rule)
            try container.encodeIfPresent(scheme, forKey: .scheme)
            try container.encodeIfPresent(entry, forKey: .entry)
            try container.encodeIfPresent(code, forKey: .code)
            try container.encodeIfPresent(keyPath, forKey: .keyPath)
        }

        /// `unclaimed example.com route=search`: the kind, then what the gap is about.
        public var description: String {
            let parts: [(String, String?)] = [
                ("route", route), ("rule", rule), ("scheme", scheme), ("entry", entry), ("code", code),
                ("keyPath", keyPath),
            ]
            return
                ([kind.rawValue] + (domain.map { [$0] } ?? [])
                + parts.compactMap { name, value in
                    value.map { "\(name)=\($0)" }
                }).joined(separator: " ")
        }

        var json: OrderedJSON {
            var members: [OrderedJSON.Member] = [.init("kind", .string(kind.rawValue))]
            let parts: [(String, String?)] = [
                ("domain", domain), ("route", route), ("rule", rule), ("scheme", scheme), ("entry", entry),
                ("code", code), ("keyPath", keyPath),
            ]
            for (name, value) in parts { if let value { members.append(.init(name, .string(value))) } }
            return .object(members)
        }
    }

    /// A report split by a baseline: see ``AppCoverageBaseline/compare(_:)``.
    public struct Comparison: Sendable, Hashable {
        /// The report's gaps that the baseline does not accept.
        public var new: AppCoverageReport
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

    /// The app ID the gaps were found for.
    public var appID: String
    /// The accepted gaps, in report order.
    public var gaps: [Gap]

    /// A baseline accepting every gap of `report`.
    ///
    /// - Parameter report: Today's report.
    public init(report: AppCoverageReport) {
        appID = report.appID
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
        case version, appID, gaps
    }

    /// Decodes a baseline, refusing another ``version``.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a wrong version or a missing or mistyped key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try BaselineDecoding.checkVersion(container, key: .version, expected: Self.version)
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
        try container.encode(appID, forKey: .appID)
        try container.encode(gaps, forKey: .gaps)
    }

    /// The baseline file's text: pretty JSON, one gap a line, ending with a newline.
    public var json: String { fileText }

    /// Splits `report` into new gaps, the number accepted, and stale baseline entries.
    ///
    /// - Parameter report: Today's report.
    /// - Returns: The comparison.
    /// - Complexity: O(*g* + *b*) for *g* gaps and *b* baseline entries.
    public func compare(_ report: AppCoverageReport) -> Comparison {
        // What the check could not compare is never accepted: it stays new.
        let split = partition(report.gaps.filter { $0.kind != .notCompared }, identity: Gap.init)
        var new = report
        new.gaps = split.new + report.gaps.filter { $0.kind == .notCompared }
        return Comparison(new: new, accepted: split.accepted.count, stale: split.stale)
    }
}

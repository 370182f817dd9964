import AppSiteAssociation
import LinkCoverage
import RichMediaKitSupport

/// The whole-app gaps a team has accepted, so that `link-router check --entitlements ... --baseline FILE` fails
/// only on new ones.
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
public struct AppCoverageBaseline: Sendable, Hashable, Codable {
    /// One accepted gap: its kind and what it is about, without example, message or position.
    public struct Gap: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The gap's kind.
        public var kind: AppCoverageReport.Gap.Kind
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

        /// The AASA rule's pointer of a version 1 entry.
        @available(*, deprecated, renamed: "rulePointer", message: "version 2 baselines name rules by ruleContent")
        public var rule: String? {
            get { rulePointer }
            set { rulePointer = newValue }
        }

        /// The identity of a reported gap: its rule by content (by pointer when the report does not know the
        /// content: a report made by hand).
        ///
        /// - Parameter gap: A gap of an ``AppCoverageReport``.
        public init(_ gap: AppCoverageReport.Gap) {
            kind = gap.kind
            domain = gap.domain
            route = gap.route
            ruleContent = gap.ruleText
            if gap.ruleText == nil { rulePointer = gap.rule }
            scheme = gap.scheme
            entry = gap.entry
            code = gap.code
            switch gap.place {
            case .entitlementsValue(let keyPath), .infoPlistValue(let keyPath): self.keyPath = keyPath
            case .entitlement, .entitlements, .infoPlistScheme, .routes, .aasa: keyPath = nil
            }
        }

        /// The entry a version 1 file has for a reported gap (its rule by pointer).
        static func positional(_ gap: AppCoverageReport.Gap) -> Gap {
            var entry = Gap(gap)
            entry.ruleContent = nil
            entry.rulePointer = gap.rule
            return entry
        }

        private enum CodingKeys: String, CodingKey {
            case kind, domain, route, rule, scheme, entry, code, keyPath
        }

        /// Decodes a gap: a `rule` that is a string is a version 1 pointer, an object the rule's content.
        ///
        /// - Parameter decoder: The decoder.
        /// - Throws: `DecodingError` for a missing or mistyped key.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kind = try container.decode(AppCoverageReport.Gap.Kind.self, forKey: .kind)
            domain = try container.decodeIfPresent(String.self, forKey: .domain)
            route = try container.decodeIfPresent(String.self, forKey: .route)
            (ruleContent, rulePointer) = try BaselineSubjectValue.decode(container, .rule)
            scheme = try container.decodeIfPresent(String.self, forKey: .scheme)
            entry = try container.decodeIfPresent(String.self, forKey: .entry)
            code = try container.decodeIfPresent(String.self, forKey: .code)
            keyPath = try container.decodeIfPresent(String.self, forKey: .keyPath)
        }

        /// Encodes the gap as the file writes it: `kind`, then only the members it has.
        ///
        /// - Parameter encoder: The encoder.
        /// - Throws: What the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            try json.encode(to: encoder)
        }

        /// `unclaimed example.com route=search`: the kind, then what the gap is about.
        public var description: String {
            let parts: [(String, String?)] = [
                ("route", route), ("rule", rulePointer ?? ruleContent), ("scheme", scheme), ("entry", entry),
                ("code", code), ("keyPath", keyPath),
            ]
            return
                ([kind.rawValue] + (domain.map { [$0] } ?? [])
                + parts.compactMap { name, value in
                    value.map { "\(name)=\($0)" }
                }).joined(separator: " ")
        }

        var json: OrderedJSON {
            var members: [OrderedJSON.Member] = [.init("kind", .string(kind.rawValue))]
            let parts: [(String, OrderedJSON?)] = [
                ("domain", domain.map(OrderedJSON.string)), ("route", route.map(OrderedJSON.string)),
                ("rule", rulePointer.map(OrderedJSON.string) ?? ruleContent.map(BaselineSubject.value)),
                ("scheme", scheme.map(OrderedJSON.string)), ("entry", entry.map(OrderedJSON.string)),
                ("code", code.map(OrderedJSON.string)), ("keyPath", keyPath.map(OrderedJSON.string)),
            ]
            for (name, value) in parts { if let value { members.append(.init(name, value)) } }
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

    /// The file format's version, written as `"version"`: 2 (version 1 files are still read; others are refused).
    public static let version = formatVersion

    /// The version of the file the baseline was read from (``version`` for one made from a report): 1 when its
    /// entries name rules by pointer.
    public var fileVersion: Int = formatVersion

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
        fileVersion = try BaselineDecoding.checkVersion(container, key: .version, expected: Self.version)
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
        let split = partition(
            report.gaps.filter { $0.kind != .notCompared }, identity: Gap.init, positional: Gap.positional)
        var new = report
        new.gaps = split.new + report.gaps.filter { $0.kind == .notCompared }
        return Comparison(new: new, accepted: split.accepted.count, stale: split.stale)
    }
}

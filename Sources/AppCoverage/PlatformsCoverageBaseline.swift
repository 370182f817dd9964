import AppSiteAssociation
import LinkCoverage
import RichMediaKitSupport

/// The gaps of both platforms a team has accepted, so that `link-router check --entitlements ... --manifest ...
/// --baseline FILE` fails only on new ones.
///
/// Each entry says its platform: `ios` (identified as ``AppCoverageBaseline`` identifies it), `android` (as
/// `AndroidCoverageBaseline` does) or `both` (a difference: its kind, host, route, reason and the blocking rule's
/// content), never by example URL, message or position:
///
/// ```json
/// {
///   "version": 2,
///   "appID": "ABCDE12345.com.example.app",
///   "package": "com.example.app",
///   "gaps": [
///     {"platform": "ios", "kind": "unclaimed", "domain": "example.com", "route": "legacy"},
///     {"platform": "both", "kind": "opens-only-on-ios", "host": "example.com", "route": "help", "reason": "no-filter"}
///   ]
/// }
/// ```
///
/// A version 1 file (rules by JSON pointer, filters by `line:column`) is still read: its entry accepts the gap at
/// that place today, and the run notes that the file should be written again.
public struct PlatformsCoverageBaseline: Sendable, Hashable, Codable {
    /// One accepted gap: an iOS gap, an Android gap, or a difference between the platforms.
    public struct Gap: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The iOS gap, when the entry is one.
        public var ios: AppCoverageBaseline.Gap?
        /// The Android gap, when the entry is one.
        public var android: AndroidCoverageBaseline.Gap?
        /// The difference's kind, when the entry is one.
        public var difference: PlatformDifference.Kind?
        /// The difference's host.
        public var host: String?
        /// The difference's route.
        public var route: String?
        /// What blocks the difference's URLs on the other platform (``PlatformDifference/reason``).
        public var reason: String?
        /// The content of the blocking rule (an AASA exclude rule or a dynamic rule), if any: one line of JSON, keys
        /// sorted.
        public var ruleContent: String?
        /// The JSON pointer of the blocking rule, for a difference's entry read from a version 1 file; nil in
        /// version 2.
        public var rulePointer: String?

        /// The blocking rule's pointer of a version 1 difference's entry.
        @available(*, deprecated, renamed: "rulePointer", message: "version 2 baselines name rules by ruleContent")
        public var rule: String? {
            get { rulePointer }
            set { rulePointer = newValue }
        }

        /// An iOS gap's entry.
        ///
        /// - Parameter gap: A gap of the iOS report.
        public init(ios gap: AppCoverageReport.Gap) { ios = AppCoverageBaseline.Gap(gap) }

        /// An Android gap's entry.
        ///
        /// - Parameter gap: A gap of the Android report.
        public init(android gap: AndroidCoverageReport.Gap) { android = AndroidCoverageBaseline.Gap(gap) }

        /// A difference's entry.
        ///
        /// - Parameter difference: A difference of the report.
        public init(_ difference: PlatformDifference) {
            self.difference = difference.kind
            host = difference.host
            route = difference.route
            reason = difference.reason
            ruleContent = difference.ruleText
            if difference.ruleText == nil { rulePointer = difference.rule }
        }

        /// The entry a version 1 file has for an iOS gap.
        static func positional(ios gap: AppCoverageReport.Gap) -> Gap {
            var entry = Gap(ios: gap)
            entry.ios = AppCoverageBaseline.Gap.positional(gap)
            return entry
        }

        /// The entry a version 1 file has for an Android gap.
        static func positional(android gap: AndroidCoverageReport.Gap) -> Gap {
            var entry = Gap(android: gap)
            entry.android = AndroidCoverageBaseline.Gap.positional(gap)
            return entry
        }

        /// The entry a version 1 file has for a difference.
        static func positional(_ difference: PlatformDifference) -> Gap {
            var entry = Gap(difference)
            entry.ruleContent = nil
            entry.rulePointer = difference.rule
            return entry
        }

        private enum CodingKeys: String, CodingKey {
            case platform, kind, host, route, reason, rule
        }

        /// Decodes an entry by its `platform`.
        ///
        /// - Parameter decoder: The decoder.
        /// - Throws: `DecodingError` for an unknown platform or a missing or mistyped key.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch try container.decode(String.self, forKey: .platform) {
            case "ios": ios = try AppCoverageBaseline.Gap(from: decoder)
            case "android": android = try AndroidCoverageBaseline.Gap(from: decoder)
            case "both":
                difference = try container.decode(PlatformDifference.Kind.self, forKey: .kind)
                host = try container.decode(String.self, forKey: .host)
                route = try container.decode(String.self, forKey: .route)
                reason = try container.decode(String.self, forKey: .reason)
                (ruleContent, rulePointer) = try BaselineSubjectValue.decode(container, .rule)
            default:
                throw DecodingError.dataCorruptedError(
                    forKey: .platform, in: container, debugDescription: "the platform is ios, android or both")
            }
        }

        /// Encodes the entry: `platform`, then the gap's members.
        ///
        /// - Parameter encoder: The encoder.
        /// - Throws: What the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            try json.encode(to: encoder)
        }

        /// `ios: unclaimed example.com route=search`, `both: opens-only-on-ios example.com route=help
        /// reason=no-filter`: the platform, then the gap.
        public var description: String {
            if let ios { return "ios: \(ios)" }
            if let android { return "android: \(android)" }
            let parts = [("route", route), ("reason", reason), ("rule", rulePointer ?? ruleContent)].compactMap {
                name, value in
                value.map { "\(name)=\($0)" }
            }
            return "both: " + ([difference?.rawValue ?? "", host ?? ""] + parts).joined(separator: " ")
        }

        var json: OrderedJSON {
            func platform(_ name: String, _ json: OrderedJSON) -> OrderedJSON {
                guard case .object(let members) = json else { return json }
                return .object([.init("platform", .string(name))] + members)
            }
            if let ios { return platform("ios", AppCoverageBaseline.json(ios)) }
            if let android { return platform("android", AndroidCoverageBaseline.json(android)) }
            let parts: [(String, OrderedJSON?)] = [
                ("kind", difference.map { .string($0.rawValue) }), ("host", host.map(OrderedJSON.string)),
                ("route", route.map(OrderedJSON.string)), ("reason", reason.map(OrderedJSON.string)),
                ("rule", rulePointer.map(OrderedJSON.string) ?? ruleContent.map(BaselineSubject.value)),
            ]
            return .object(
                [.init("platform", .string("both"))]
                    + parts.compactMap { name, value in value.map { .init(name, $0) } })
        }
    }

    /// The file format's version, written as `"version"`: 2 (version 1 files are still read; others are refused).
    public static let version = formatVersion

    /// The version of the file the baseline was read from (``version`` for one made from a report): 1 when its
    /// entries name rules and filters by place.
    public var fileVersion: Int = formatVersion

    /// The iOS app the gaps were found for.
    public var appID: String
    /// The Android package the gaps were found for.
    public var packageName: String
    /// The accepted gaps, in report order.
    public var gaps: [Gap]

    /// A baseline accepting every gap and difference of `report`.
    ///
    /// - Parameter report: Today's report.
    public init(report: PlatformsCoverageReport) {
        appID = report.ios.appID
        packageName = report.android.packageName
        gaps = Self.distinct(Self.entries(of: report))
    }

    /// Reads a baseline file.
    ///
    /// - Parameter json: The file's bytes.
    /// - Throws: `BaselineError` saying where the file is wrong.
    public init(json: some Collection<UInt8>) throws(BaselineError) {
        self = try Self.read(json: json)
    }

    private enum CodingKeys: String, CodingKey {
        case version, appID
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
        appID = try container.decode(String.self, forKey: .appID)
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
        try container.encode(appID, forKey: .appID)
        try container.encode(packageName, forKey: .packageName)
        try container.encode(gaps, forKey: .gaps)
    }

    /// The baseline file's text: pretty JSON, one gap a line, ending with a newline.
    public var json: String { fileText }

    /// A report split by a baseline: see ``PlatformsCoverageBaseline/compare(_:)``.
    public struct Comparison: Sendable, Hashable {
        /// The report's gaps and differences that the baseline does not accept.
        public var new: PlatformsCoverageReport
        /// How many of the report's gaps and differences the baseline accepts.
        public var accepted: Int
        /// Accepted gaps that the report no longer has.
        public var stale: [Gap]
    }

    /// Splits `report` into new gaps and differences, the number accepted, and stale baseline entries.
    ///
    /// - Parameter report: Today's report.
    /// - Returns: The comparison.
    /// - Complexity: O(*g* + *b*) for *g* gaps and differences and *b* baseline entries.
    public func compare(_ report: PlatformsCoverageReport) -> Comparison {
        let ios = partition(report.ios.gaps, identity: Gap.init(ios:), positional: Gap.positional(ios:))
        let android = partition(report.android.gaps, identity: Gap.init(android:), positional: Gap.positional(android:))
        let differences = partition(report.differences, identity: Gap.init, positional: Gap.positional)
        var new = report
        new.ios.gaps = ios.new
        new.android.gaps = android.new
        new.differences = differences.new
        // An entry is stale when it matches nothing on its own side.
        let stale = gaps.filter { entry in
            if entry.ios != nil { return ios.stale.contains(entry) }
            if entry.android != nil { return android.stale.contains(entry) }
            return differences.stale.contains(entry)
        }
        return Comparison(
            new: new, accepted: ios.accepted.count + android.accepted.count + differences.accepted.count,
            stale: Self.distinct(stale))
    }

    private static func entries(of report: PlatformsCoverageReport) -> [Gap] {
        report.ios.gaps.map(Gap.init(ios:)) + report.android.gaps.map(Gap.init(android:))
            + report.differences.map(Gap.init)
    }
}

/// A both-platforms baseline is one of the package's baselines.
extension PlatformsCoverageBaseline: FindingBaseline {
    package static var entriesKey: String { "gaps" }
    package static var noun: String { "gap" }
    package var entries: [Gap] { gaps }
    package var scope: [OrderedJSON.Member] {
        [.init("appID", .string(appID)), .init("package", .string(packageName))]
    }
    package static func json(_ entry: Gap) -> OrderedJSON { entry.json }

    package static func staleMessage(_ entry: Gap) -> String {
        "The accepted gap \(entry) no longer exists; remove it from the baseline."
    }

    package func split(
        _ report: PlatformsCoverageReport
    ) -> (new: PlatformsCoverageReport, accepted: Int, stale: [Gap]) {
        let comparison = compare(report)
        return (comparison.new, comparison.accepted, comparison.stale)
    }
}

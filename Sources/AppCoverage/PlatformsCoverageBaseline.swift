import AppSiteAssociation
import LinkCoverage
import RichMediaKitSupport

/// The gaps of both platforms a team has accepted, so that `link-router check --entitlements ... --manifest ...
/// --baseline FILE` fails only on new ones.
///
/// Each entry says its platform: `ios` (identified as ``AppCoverageBaseline`` identifies it), `android` (as
/// `AndroidCoverageBaseline` does) or `both` (a difference: its kind, host, route, reason and blocking rule), never
/// by example URL or message:
///
/// ```json
/// {
///   "version": 1,
///   "appID": "ABCDE12345.com.example.app",
///   "package": "com.example.app",
///   "gaps": [
///     {"platform": "ios", "kind": "unclaimed", "domain": "example.com", "route": "legacy"},
///     {"platform": "both", "kind": "opens-only-on-ios", "host": "example.com", "route": "help", "reason": "no-filter"}
///   ]
/// }
/// ```
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
        /// The JSON pointer of the blocking rule, if any.
        public var rule: String?

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
            rule = difference.rule
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
                rule = try container.decodeIfPresent(String.self, forKey: .rule)
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
            var container = encoder.container(keyedBy: CodingKeys.self)
            if let ios {
                try container.encode("ios", forKey: .platform)
                try ios.encode(to: encoder)
            } else if let android {
                try container.encode("android", forKey: .platform)
                try android.encode(to: encoder)
            } else {
                try container.encode("both", forKey: .platform)
                try container.encodeIfPresent(difference, forKey: .kind)
                try container.encodeIfPresent(host, forKey: .host)
                try container.encodeIfPresent(route, forKey: .route)
                try container.encodeIfPresent(reason, forKey: .reason)
                try container.encodeIfPresent(rule, forKey: .rule)
            }
        }

        /// `ios: unclaimed example.com route=search`, `both: opens-only-on-ios example.com route=help
        /// reason=no-filter`: the platform, then the gap.
        public var description: String {
            if let ios { return "ios: \(ios)" }
            if let android { return "android: \(android)" }
            let parts = [("route", route), ("reason", reason), ("rule", rule)].compactMap { name, value in
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
            let parts = [
                ("kind", difference?.rawValue), ("host", host), ("route", route), ("reason", reason), ("rule", rule),
            ]
            return .object(
                [.init("platform", .string("both"))]
                    + parts.compactMap { name, value in value.map { .init(name, .string($0)) } })
        }
    }

    /// The file format's version, written as `"version"`; files of another version are refused.
    public static let version = formatVersion

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
        try BaselineDecoding.checkVersion(container, key: .version, expected: Self.version)
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
        try container.encode(Self.version, forKey: .version)
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
        let ios = partition(report.ios.gaps, identity: Gap.init(ios:))
        let android = partition(report.android.gaps, identity: Gap.init(android:))
        let differences = partition(report.differences, identity: Gap.init)
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

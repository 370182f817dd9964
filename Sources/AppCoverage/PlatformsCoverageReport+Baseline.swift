import AppSiteAssociation
import LinkCoverage
import RichMediaKitSupport

/// A both-platforms report is one a `Baseline` can accept gaps of: `link-router check --entitlements ...
/// --manifest ... --baseline FILE` fails only on new ones.
///
/// Each entry says its platform: `ios` (identified as ``AppCoverageReport/BaselineEntry`` identifies it), `android`
/// (as `AndroidCoverageReport.BaselineEntry` does) or `both` (a difference: its kind, host, route, reason and the blocking rule's
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
extension PlatformsCoverageReport: BaselineReport {
    /// One accepted gap: a platform's gap (an iOS gap, an Android gap), or a difference between the platforms.
    public struct BaselineEntry: FindingIdentifying, RulePointerEntry {
        /// The key of the platform whose gap the entry is (`ios`, `android`); nil for a difference (package access).
        package var platform: String?
        /// The platform's gap's identity, as its own entry identifies it; nil for a difference (package access).
        package var gap: FindingIdentity?
        /// The iOS gap, when the entry is one.
        public var ios: AppCoverageReport.BaselineEntry? {
            get { self[AppCoverageReport.self] }
            set { self[AppCoverageReport.self] = newValue }
        }
        /// The Android gap, when the entry is one.
        public var android: AndroidCoverageReport.BaselineEntry? {
            get { self[AndroidCoverageReport.self] }
            set { self[AndroidCoverageReport.self] = newValue }
        }
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

        /// An iOS gap's entry.
        ///
        /// - Parameter gap: A gap of the iOS report.
        public init(ios gap: AppCoverageReport.Gap) { ios = AppCoverageReport.BaselineEntry(gap) }

        /// An Android gap's entry.
        ///
        /// - Parameter gap: A gap of the Android report.
        public init(android gap: AndroidCoverageReport.Gap) { android = AndroidCoverageReport.BaselineEntry(gap) }

        /// The entry of a platform's gap: the platform's key and the identity its own entry gives the gap.
        init(platform: String, gap: FindingIdentity) {
            self.platform = platform
            self.gap = gap
        }

        /// The entry of the platform `Report`'s gap, when the entry is one.
        private subscript<Report: PlatformCheckReport>(_: Report.Type) -> Report.BaselineEntry? {
            get { platform == Report.platformKey ? gap.flatMap { try? Report.BaselineEntry(identity: $0) } : nil }
            set {
                guard let newValue else {
                    if platform == Report.platformKey { (platform, gap) = (nil, nil) }
                    return
                }
                (platform, gap) = (Report.platformKey, newValue.identity)
            }
        }

        /// A difference's entry.
        ///
        /// - Parameter difference: A difference of the report.
        public init(_ difference: PlatformDifference) {
            self.difference = difference.kind
            host = difference.host
            route = difference.route
            reason = difference.reason.rawValue
            ruleContent = difference.ruleText
            if difference.ruleText == nil { rulePointer = difference.rule }
        }

        /// The entry a version 1 file has for a difference.
        static func positional(_ difference: PlatformDifference) -> BaselineEntry {
            var entry = BaselineEntry(difference)
            entry.ruleContent = nil
            entry.rulePointer = difference.rule
            return entry
        }

        /// The entry's identity: `platform` first, then the gap's (a difference's: `kind`, `host`, `route`,
        /// `reason`, `rule`), described as `ios: unclaimed example.com route=search` or `both: opens-only-on-ios
        /// example.com route=help reason=no-filter`.
        public var identity: FindingIdentity {
            let difference: [FindingIdentity.Fact?] = [
                .string("host", host, shown: .bare), .string("route", route), .string("reason", reason),
                .subject("rule", content: ruleContent, position: rulePointer),
            ]
            let gap =
                self.gap
                ?? FindingIdentity(
                    code: self.difference?.rawValue ?? "", codeName: "kind", facts: difference.compactMap { $0 })
            return FindingIdentity(
                code: gap.code, codeName: gap.codeName,
                facts: [.init("platform", .string(platform ?? "both"), shown: .leading)] + gap.facts)
        }

        /// The entry of an identity, by its `platform` (`ios`, `android` or `both`).
        ///
        /// - Parameter identity: The identity.
        /// - Throws: A `BaselineError` for an unknown platform or a missing or mistyped member.
        public init(identity: FindingIdentity) throws(BaselineError) {
            try self.init(identity: identity, platforms: PlatformsCoverageReport.shippedPlatforms)
        }

        /// The entry of an identity whose `platform` is the key of one of `platforms`, or `both`.
        init(identity: FindingIdentity, platforms: [any PlatformCheckReport.Type]) throws(BaselineError) {
            let gap = identity.removing("platform")
            let key = try identity.requiredString("platform")
            let known = platforms.first { $0.platformKey == key }
            if let known {
                self.gap = try PlatformsCoverageReport.entry(of: known, gap)
                platform = key
            } else if key == "both" {
                difference = PlatformDifference.Kind(rawValue: gap.code)
                host = try gap.requiredString("host")
                route = try gap.requiredString("route")
                reason = try gap.requiredString("reason")
                (ruleContent, rulePointer) = gap.subject("rule")
            } else {
                let keys = platforms.map { $0.platformKey }.joined(separator: ", ")
                throw .invalid("platform", "the platform is \(keys) or both")
            }
        }

        /// Decodes the entry from its identity, its platform one of those the decoder's `platformsKey` names
        /// (iOS and Android when it names none).
        ///
        /// - Parameter decoder: The decoder.
        /// - Throws: `DecodingError` at the member that is missing, mistyped or invalid.
        public init(from decoder: any Decoder) throws {
            let platforms =
                decoder.userInfo[PlatformsCoverageReport.platformsKey] as? [any PlatformCheckReport.Type]
                ?? PlatformsCoverageReport.shippedPlatforms
            self = try FindingIdentity.entry(from: decoder) { identity throws(BaselineError) in
                try BaselineEntry(identity: identity, platforms: platforms)
            }
        }
    }

    /// The platforms `link-router check` runs, whose entries a baseline file read without naming its platforms may
    /// have.
    static let shippedPlatforms: [any PlatformCheckReport.Type] = [AppCoverageReport.self, AndroidCoverageReport.self]

    /// The decoder's `userInfo` key of the platforms (`[any PlatformCheckReport.Type]`) whose entries a baseline
    /// file may have (see `Baseline/init(json:platforms:)`).
    static let platformsKey = CodingUserInfoKey(rawValue: "linkPlatforms")!

    /// The scope the baseline file writes before its entries.
    public static var baselineScopeFields: [BaselineScope.Field] { [.appID, .packageName] }
    /// What the findings were found for: each platform's scope's members (the app ID, the package).
    public var baselineScope: BaselineScope {
        var scope = BaselineScope()
        for platform in platforms {
            for field in BaselineScope.Field.allCases where platform.baselineScope[field] != nil {
                scope[field] = platform.baselineScope[field]
            }
        }
        return scope
    }

    /// Splits the report by what a baseline accepts (see `BaselineReport.baselineSplit(_:)`): each platform's gaps
    /// as its own report splits them (what it could not compare stays new), then the differences.
    public func baselineSplit(
        _ accepts: (_ identity: BaselineEntry, _ positional: BaselineEntry) -> Bool
    ) -> (new: PlatformsCoverageReport, accepted: PlatformsCoverageReport) {
        var new = self
        var accepted = self
        for (index, platform) in platforms.enumerated() {
            let key = type(of: platform).platformKey
            (new.platforms[index], accepted.platforms[index]) = platform.platformSplit {
                accepts(BaselineEntry(platform: key, gap: $0), BaselineEntry(platform: key, gap: $1))
            }
        }
        (new.differences, accepted.differences) = differences.partitioned {
            accepts(BaselineEntry($0), .positional($0))
        }
        return (new, accepted)
    }
}

extension Baseline where Report == PlatformsCoverageReport {
    /// Reads a baseline file whose entries may be of `platforms` (package access: a platform beside iOS and
    /// Android).
    ///
    /// - Parameters:
    ///   - json: The file's bytes.
    ///   - platforms: The platforms' reports' types.
    /// - Throws: `BaselineError` saying where the file is wrong.
    package init(json: some Collection<UInt8>, platforms: [any PlatformCheckReport.Type]) throws(BaselineError) {
        try self.init(json: json, userInfo: [PlatformsCoverageReport.platformsKey: platforms])
    }
}

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
    /// One accepted gap: an iOS gap, an Android gap, or a difference between the platforms.
    public struct BaselineEntry: FindingIdentifying, RulePointerEntry {
        /// The iOS gap, when the entry is one.
        public var ios: AppCoverageReport.BaselineEntry?
        /// The Android gap, when the entry is one.
        public var android: AndroidCoverageReport.BaselineEntry?
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

        /// The entry a version 1 file has for an iOS gap.
        static func positional(ios gap: AppCoverageReport.Gap) -> BaselineEntry {
            var entry = BaselineEntry(ios: gap)
            entry.ios = AppCoverageReport.BaselineEntry.positional(gap)
            return entry
        }

        /// The entry a version 1 file has for an Android gap.
        static func positional(android gap: AndroidCoverageReport.Gap) -> BaselineEntry {
            var entry = BaselineEntry(android: gap)
            entry.android = AndroidCoverageReport.BaselineEntry.positional(gap)
            return entry
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
            let (platform, gap): (String, FindingIdentity)
            if let ios {
                (platform, gap) = ("ios", ios.identity)
            } else if let android {
                (platform, gap) = ("android", android.identity)
            } else {
                let code = self.difference?.rawValue ?? ""
                (platform, gap) = (
                    "both", FindingIdentity(code: code, codeName: "kind", facts: difference.compactMap { $0 })
                )
            }
            return FindingIdentity(
                code: gap.code, codeName: gap.codeName,
                facts: [.init("platform", .string(platform), shown: .leading)] + gap.facts)
        }

        /// The entry of an identity, by its `platform`.
        ///
        /// - Parameter identity: The identity.
        /// - Throws: A `BaselineError` for an unknown platform or a missing or mistyped member.
        public init(identity: FindingIdentity) throws(BaselineError) {
            let gap = identity.removing("platform")
            switch try identity.requiredString("platform") {
            case "ios": ios = try AppCoverageReport.BaselineEntry(identity: gap)
            case "android": android = try AndroidCoverageReport.BaselineEntry(identity: gap)
            case "both":
                difference = PlatformDifference.Kind(rawValue: gap.code)
                host = try gap.requiredString("host")
                route = try gap.requiredString("route")
                reason = try gap.requiredString("reason")
                (ruleContent, rulePointer) = gap.subject("rule")
            default: throw .invalid("platform", "the platform is ios, android or both")
            }
        }
    }

    /// The scope the baseline file writes before its entries.
    public static var baselineScopeFields: [BaselineScope.Field] { [.appID, .packageName] }
    /// What the findings were found for.
    public var baselineScope: BaselineScope {
        BaselineScope(appID: ios.appID, packageName: android.packageName)
    }

    /// Splits the report by what a baseline accepts (see `BaselineReport.baselineSplit(_:)`).
    public func baselineSplit(
        _ accepts: (_ identity: BaselineEntry, _ positional: BaselineEntry) -> Bool
    ) -> (new: PlatformsCoverageReport, accepted: PlatformsCoverageReport) {
        let ios = self.ios.gaps.partitioned { accepts(BaselineEntry(ios: $0), .positional(ios: $0)) }
        let android = self.android.gaps.partitioned {
            accepts(BaselineEntry(android: $0), .positional(android: $0))
        }
        let differences = self.differences.partitioned { accepts(BaselineEntry($0), .positional($0)) }
        var new = self
        var accepted = self
        (new.ios.gaps, accepted.ios.gaps) = ios
        (new.android.gaps, accepted.android.gaps) = android
        (new.differences, accepted.differences) = differences
        return (new, accepted)
    }
}

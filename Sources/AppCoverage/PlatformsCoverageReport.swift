import FileLocations
import LinkCoverage
import RichMediaKitSupport

/// Both platforms in one report (``PlatformsCoverageChecker``): the iOS whole-app check's, the Android check's, and
/// the URLs that open the app on one platform only.
///
/// The text is a verdict line, then an `iOS` section (the whole-app check's text), an `Android` section (the
/// Android check's text) and a `Differences` section; the JSON is `{"ok", "ios", "android", "differences"}`, each
/// platform's object as its own check encodes it; the findings are iOS's, each message starting `iOS: `, Android's,
/// each starting `Android: `, then one per difference. Each is written by looping over the platforms' reports, in
/// order, each section, key and prefix the platform's own.
public struct PlatformsCoverageReport: CheckReport, StandaloneTextCheckReport, Sendable, Hashable {
    /// Each platform's own check report, in report order (package access).
    package var platforms: [any PlatformCheckReport]
    /// The URLs a route handles that open the app on one platform and not on the other, by host.
    public var differences: [PlatformDifference]

    /// The iOS whole-app check's report.
    public var ios: AppCoverageReport {
        get { platform(AppCoverageReport.self) }
        set { setPlatform(newValue) }
    }

    /// The Android check's report.
    public var android: AndroidCoverageReport {
        get { platform(AndroidCoverageReport.self) }
        set { setPlatform(newValue) }
    }

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - ios: The iOS whole-app check's report.
    ///   - android: The Android check's report.
    ///   - differences: The differences between the platforms.
    public init(ios: AppCoverageReport, android: AndroidCoverageReport, differences: [PlatformDifference]) {
        self.init(platforms: [ios, android], differences: differences)
    }

    /// A report of the platforms' own reports, in report order, and their differences (package access).
    package init(platforms: [any PlatformCheckReport], differences: [PlatformDifference]) {
        self.platforms = platforms
        self.differences = differences
    }

    /// The report of the platform `Report`, which the report must have.
    private func platform<Report: PlatformCheckReport>(_: Report.Type) -> Report {
        guard let report = platforms.lazy.compactMap({ $0 as? Report }).first else {
            preconditionFailure("the report has no \(Report.platformName) platform")
        }
        return report
    }

    /// Replaces the report of `report`'s platform, or adds it.
    private mutating func setPlatform<Report: PlatformCheckReport>(_ report: Report) {
        guard let index = platforms.firstIndex(where: { $0 is Report }) else { return platforms.append(report) }
        platforms[index] = report
    }

    /// Whether the reports are equal: the same platforms' reports, in order, and the same differences.
    public static func == (lhs: PlatformsCoverageReport, rhs: PlatformsCoverageReport) -> Bool {
        lhs.differences == rhs.differences
            && lhs.platforms.map { AnyHashable($0) } == rhs.platforms.map { AnyHashable($0) }
    }

    /// Hashes the platforms' reports and the differences.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(platforms.map { AnyHashable($0) })
        hasher.combine(differences)
    }

    /// Whether every platform's check is clean and no URL opens the app on one platform only.
    public var isClean: Bool { platforms.allSatisfy(\.isClean) && differences.isEmpty }

    /// One rule per code: the platforms', in order (a code several use says what it means on each), then the
    /// differences'.
    public var findingRules: [FindingRule] {
        var byCode: [(code: String, rules: [(platform: String, rule: FindingRule)])] = []
        for platform in platforms {
            for rule in platform.findingRules {
                let named = (type(of: platform).platformName, rule)
                guard let index = byCode.firstIndex(where: { $0.code == rule.code }) else {
                    byCode.append((rule.code, [named]))
                    continue
                }
                byCode[index].rules.append(named)
            }
        }
        var rules = byCode.map { code, rules in
            func each(_ text: (FindingRule) -> String) -> String {
                rules.map { "\($0.platform): \(text($0.rule))" }.joined(separator: " ")
            }
            return rules.count == 1
                ? rules[0].rule
                : FindingRule(code: code, summary: each(\.summary), help: each(\.help), severity: .error)
        }
        rules += [
            FindingRule(
                code: PlatformDifference.Kind.opensOnlyOnIOS.rawValue,
                summary: "A URL a route handles opens the app on iOS and the browser on Android.",
                help: "Make the manifest's intent filters and the host's assetlinks.json open it too, or exclude it "
                    + "from the AASA file. See Docs/Coverage.md.", severity: .error),
            FindingRule(
                code: PlatformDifference.Kind.opensOnlyOnAndroid.rawValue,
                summary: "A URL a route handles opens the app on Android and Safari on iOS.",
                help: "Make the entitlements and the host's AASA file open it too, or keep Android's filters and "
                    + "dynamic rules from claiming it. See Docs/Coverage.md.", severity: .error),
        ]
        let known = Set(rules.map(\.code))
        return rules + FindingRule.rules(for: differenceFindings.filter { !known.contains($0.code) })
    }

    /// Each platform's findings, each message starting with its name (`iOS: ...`), then one error per difference, at
    /// the place that blocks the URL and at the route.
    public var locatedFindings: [LocatedFinding] {
        platforms.flatMap { platform in
            platform.locatedFindings.map { finding in
                var finding = finding
                finding.message = "\(type(of: platform).platformName): \(finding.message)"
                return finding
            }
        } + differenceFindings
    }

    /// One error per difference.
    private var differenceFindings: [LocatedFinding] {
        differences.map { difference in
            LocatedFinding(
                code: difference.kind.rawValue, severity: .error, message: difference.message,
                places: [difference.place] + (difference.counterpart.map { [$0] } ?? []))
        }
    }

    /// The verdict line, then each platform's section (its name, then its report's text) and the Differences section.
    ///
    /// Control characters are shown as `\u{XX}`.
    /// - Returns: The lines joined with `\n` (no trailing newline).
    public func renderedText() -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        let noGaps = platforms.allSatisfy { $0.gapCount == 0 } && differences.isEmpty
        var lines = [
            "\(isClean ? "ok" : noGaps ? "incomplete" : "gaps"): "
                + platforms.flatMap { $0.pageSubjects.map(\.name) }.joined(separator: " and ") + ": "
                + platforms.map { count($0.gapCount, "\(type(of: $0).platformName) gap") + ", " }.joined()
                + count(differences.count, "difference") + " between the platforms"
        ]
        for platform in platforms {
            lines += ["", type(of: platform).platformName]
            lines += platform.renderedText(files: [:]).split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init)
        }
        lines += ["", "Differences"]
        if differences.isEmpty {
            lines.append("none: every URL a route handles opens the app on both platforms or on neither")
        } else {
            lines += differences.map { "\($0.kind.rawValue): \($0.message)" }
        }
        return lines.map(TerminalText.visible).joined(separator: "\n")
    }

    /// Encodes `{"ok", each platform's report under its key, "differences"}`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encodeVerdict(of: self)
        for platform in platforms {
            try container.encode(platform, forKey: AnyCodingKey(type(of: platform).platformKey))
        }
        try container.encode(differences, forKey: AnyCodingKey("differences"))
    }
}

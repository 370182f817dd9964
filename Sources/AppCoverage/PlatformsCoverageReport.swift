import FileLocations
import LinkCoverage
import RichMediaKitSupport

/// Both platforms in one report (``PlatformsCoverageChecker``): the iOS whole-app check's, the Android check's, and
/// the URLs that open the app on one platform only.
///
/// The text is a verdict line, then an `iOS` section (the whole-app check's text), an `Android` section (the
/// Android check's text) and a `Differences` section; the JSON is `{"ok", "ios", "android", "differences"}`, each
/// platform's object as its own check encodes it; the findings are iOS's, each message starting `iOS: `, Android's,
/// each starting `Android: `, then one per difference.
public struct PlatformsCoverageReport: CheckReport, Sendable, Hashable {
    /// The iOS whole-app check's report.
    public var ios: AppCoverageReport
    /// The Android check's report.
    public var android: AndroidCoverageReport
    /// The URLs a route handles that open the app on one platform and not on the other, by host.
    public var differences: [PlatformDifference]

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - ios: The iOS whole-app check's report.
    ///   - android: The Android check's report.
    ///   - differences: The differences between the platforms.
    public init(ios: AppCoverageReport, android: AndroidCoverageReport, differences: [PlatformDifference]) {
        self.ios = ios
        self.android = android
        self.differences = differences
    }

    /// Whether both platforms' checks are clean and no URL opens the app on one platform only.
    public var isClean: Bool { ios.isClean && android.isClean && differences.isEmpty }

    /// One rule per code: iOS's, Android's (a code both use says what it means on each), then the differences'.
    public var findingRules: [FindingRule] {
        var rules = ios.findingRules
        for rule in android.findingRules {
            guard let index = rules.firstIndex(where: { $0.code == rule.code }) else {
                rules.append(rule)
                continue
            }
            let shared = rules[index]
            rules[index] = FindingRule(
                code: rule.code, summary: "iOS: \(shared.summary) Android: \(rule.summary)",
                help: "iOS: \(shared.help) Android: \(rule.help)", severity: .error)
        }
        return rules + [
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
    }

    /// iOS's findings (`iOS: ...`), Android's (`Android: ...`), then one error per difference, at the place that
    /// blocks the URL and at the route.
    public var locatedFindings: [LocatedFinding] {
        func named(_ platform: String, _ findings: [LocatedFinding]) -> [LocatedFinding] {
            findings.map { finding in
                var finding = finding
                finding.message = "\(platform): \(finding.message)"
                return finding
            }
        }
        return named("iOS", ios.locatedFindings) + named("Android", android.locatedFindings)
            + differences.map { difference in
                LocatedFinding(
                    code: difference.kind.rawValue, severity: .error, message: difference.message,
                    places: [difference.place] + (difference.counterpart.map { [$0] } ?? []))
            }
    }

    /// ``renderedText()``: the text names its files itself.
    ///
    /// - Parameter files: Not used.
    /// - Returns: The lines joined with `\n`.
    public func renderedText(files: [ReportFile: String]) -> String { renderedText() }

    /// The verdict line, then the iOS, Android and Differences sections.
    ///
    /// Control characters are shown as `\u{XX}`.
    /// - Returns: The lines joined with `\n` (no trailing newline).
    public func renderedText() -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var lines = [
            "\(isClean ? "ok" : ios.gaps.isEmpty && android.gaps.isEmpty && differences.isEmpty ? "incomplete" : "gaps"): "
                + "\(ios.appID) and \(android.packageName): "
                + "\(count(ios.gaps.count, "iOS gap")), \(count(android.gaps.count, "Android gap")), "
                + count(differences.count, "difference") + " between the platforms"
        ]
        lines +=
            ["", "iOS"] + ios.renderedText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines +=
            ["", "Android"]
            + android.renderedText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines += ["", "Differences"]
        if differences.isEmpty {
            lines.append("none: every URL a route handles opens the app on both platforms or on neither")
        } else {
            lines += differences.map { "\($0.kind.rawValue): \($0.message)" }
        }
        return lines.map(TerminalText.visible).joined(separator: "\n")
    }

    private enum CodingKeys: String, VerdictCodingKey {
        case ok, ios, android, differences
    }

    /// Encodes `{"ok", "ios", "android", "differences"}`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeVerdict(of: self)
        try container.encode(ios, forKey: .ios)
        try container.encode(android, forKey: .android)
        try container.encode(differences, forKey: .differences)
    }
}

import AppCoverage
import FileLocations
import LinkCoverage
import RichMediaKitSupport

/// One URL walked on both platforms (`link-router doctor URL --entitlements FILE --manifest FILE`): iOS's chain
/// and Android's, each with its first broken link.
///
/// The text gives one verdict line per platform under the URL, then each platform's chain; the JSON is `{"url",
/// "ok", "ios": {...}, "android": {...}}`, each platform's object as the single-platform walk encodes it
/// (``DoctorReport``); the findings are both platforms', each message starting `iOS: ` or `Android: `. Each part is
/// written by one loop over the walks, in order, so a report of other platforms is written the same way.
public struct PlatformsDoctorReport: CheckReport, StandaloneTextCheckReport, Sendable, Hashable {
    /// One platform's walk, with the platform's name (in the text and the findings) and key (in the JSON).
    package struct Walk: Sendable, Hashable {
        /// The platform's name (``DoctorPlatform/name``).
        package var name: String
        /// The platform's key (``DoctorPlatform/key``).
        package var key: String
        /// The platform's walk of the URL.
        package var report: DoctorReport
    }

    /// Every platform's walk, in order.
    package var walks: [Walk]

    /// iOS's walk (``LinkDoctor``).
    public var ios: DoctorReport {
        get { walks[index(AppCoverageReport.platformKey)].report }
        set { walks[index(AppCoverageReport.platformKey)].report = newValue }
    }
    /// Android's walk (``AndroidLinkDoctor``).
    public var android: DoctorReport {
        get { walks[index(AndroidCoverageReport.platformKey)].report }
        set { walks[index(AndroidCoverageReport.platformKey)].report = newValue }
    }

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - ios: iOS's walk of the URL.
    ///   - android: Android's walk of the same URL.
    public init(ios: DoctorReport, android: DoctorReport) {
        self.init([
            Walk(name: AppCoverageReport.platformName, key: AppCoverageReport.platformKey, report: ios),
            Walk(name: AndroidCoverageReport.platformName, key: AndroidCoverageReport.platformKey, report: android),
        ])
    }

    /// Creates a report of `walks`, in order.
    package init(_ walks: [Walk]) { self.walks = walks }

    /// Walks `url` on every platform, in order.
    ///
    /// - Parameters:
    ///   - url: The URL, as a user would tap it.
    ///   - platforms: The platforms.
    /// - Returns: The report.
    package static func walk(_ url: String, platforms: [any DoctorPlatform]) -> PlatformsDoctorReport {
        PlatformsDoctorReport(
            platforms.map { platform in
                var report = platform.walk(url)
                if report.platform.rawValue != platform.key { report.platformKey = platform.key }
                return Walk(name: platform.name, key: platform.key, report: report)
            })
    }

    /// The index of the walk whose key is `key` (a report made of other platforms has no iOS or Android walk).
    private func index(_ key: String) -> Int {
        guard let index = walks.firstIndex(where: { $0.key == key }) else { preconditionFailure("no \(key) walk") }
        return index
    }

    /// The URL diagnosed (the first walk's, which is every walk's).
    public var url: String { walks.first?.report.url ?? "" }

    /// Whether the URL opens the app, and a route handles it, on every platform.
    public var ok: Bool { walks.allSatisfy(\.report.ok) }

    /// Every walk's findings, in the platforms' order (iOS's first), each message starting with its platform's name.
    public var locatedFindings: [LocatedFinding] {
        walks.flatMap { walk in
            walk.report.locatedFindings.map { finding in
                var finding = finding
                finding.message = "\(walk.name): \(finding.message)"
                return finding
            }
        }
    }

    /// Whether every walk is ``DoctorReport/ok``.
    public var isClean: Bool { ok }

    /// The URL, one verdict line per platform (the verdicts aligned two spaces after the longest name), then each
    /// platform's chain under its name.
    ///
    /// Control characters are shown as `\u{XX}`, as in ``DoctorReport/renderedText()``.
    /// - Returns: The lines joined with `\n` (no trailing newline).
    public func renderedText() -> String {
        let width = (walks.map(\.name.count).max() ?? 0) + ":  ".count
        var lines = [url] + walks.map { "  " + ($0.name + ":").padding(to: width) + $0.report.verdictLine }
        for walk in walks {
            lines += ["", walk.name] + walk.report.stepLines
        }
        return lines.map(TerminalText.visible).joined(separator: "\n")
    }

    /// Encodes `{"url", "ok"}`, then each platform's walk under its key (`"ios"`, `"android"`).
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(url, forKey: AnyCodingKey("url"))
        try container.encodeVerdict(of: self)
        for walk in walks {
            try container.encode(walk.report, forKey: AnyCodingKey(walk.key))
        }
    }
}

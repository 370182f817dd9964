import FileLocations
import RichMediaKitSupport

/// One URL walked on both platforms (`link-router doctor URL --entitlements FILE --manifest FILE`): iOS's chain
/// and Android's, each with its first broken link.
///
/// The text gives one verdict line per platform under the URL, then each platform's chain; the JSON is `{"url",
/// "ok", "ios": {...}, "android": {...}}`, each platform's object as the single-platform walk encodes it
/// (``DoctorReport``); the findings are both platforms', each message starting `iOS: ` or `Android: `.
public struct PlatformsDoctorReport: CheckReport, Sendable, Hashable {
    /// iOS's walk (``LinkDoctor``).
    public var ios: DoctorReport
    /// Android's walk (``AndroidLinkDoctor``).
    public var android: DoctorReport

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - ios: iOS's walk of the URL.
    ///   - android: Android's walk of the same URL.
    public init(ios: DoctorReport, android: DoctorReport) {
        self.ios = ios
        self.android = android
    }

    /// The URL diagnosed (iOS's walk's, which is Android's).
    public var url: String { ios.url }

    /// Whether the URL opens the app, and a route handles it, on both platforms.
    public var ok: Bool { ios.ok && android.ok }

    /// Both walks' findings, iOS's first, each message starting with its platform's name.
    public var locatedFindings: [LocatedFinding] {
        let named = [("iOS", ios), ("Android", android)]
        return named.flatMap { platform, report in
            report.locatedFindings.map { finding in
                var finding = finding
                finding.message = "\(platform): \(finding.message)"
                return finding
            }
        }
    }

    /// Whether both walks are ``DoctorReport/ok``.
    public var isClean: Bool { ok }

    /// The URL, one verdict line per platform, then each platform's chain under its name.
    ///
    /// - Parameter files: Not used: the text names its files itself.
    /// - Returns: The lines joined with `\n` (no trailing newline).
    public func renderedText(files: [ReportFile: String]) -> String { renderedText() }

    /// The URL, one verdict line per platform, then each platform's chain under its name.
    ///
    /// Control characters are shown as `\u{XX}`, as in ``DoctorReport/renderedText()``.
    /// - Returns: The lines joined with `\n` (no trailing newline).
    public func renderedText() -> String {
        var lines = [url, "  iOS:      " + ios.verdictLine, "  Android:  " + android.verdictLine]
        for (name, report) in [("iOS", ios), ("Android", android)] {
            lines += ["", name] + report.stepLines
        }
        return lines.map(TerminalText.visible).joined(separator: "\n")
    }

    private enum CodingKeys: String, VerdictCodingKey {
        case url, ok, ios, android
    }

    /// Encodes `{"url", "ok", "ios", "android"}`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encodeVerdict(of: self)
        try container.encode(ios, forKey: .ios)
        try container.encode(android, forKey: .android)
    }
}

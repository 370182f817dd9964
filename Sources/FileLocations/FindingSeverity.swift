/// How serious a finding is: the one severity of every check, lint and fetch in the link modules.
///
/// Every finding type names it under its own name, as a type alias (``LocatedFinding/Severity``,
/// `AASADiagnostic.Severity`, `AppLinkDiagnostic.Severity`, `AASAFetchFinding.Severity`,
/// `AndroidLinkDiagnostic.Severity`), so `AASADiagnostic.Severity.info` and `LocatedFinding.Severity.error` are this
/// type. Its raw value is what the commands' text and JSON write (`error`, `warning`, `info`); the writers map it to
/// their own vocabulary: SARIF's `level` `note`, GitHub's `::notice`, Xcode's `note:` for ``info``.
///
/// Severities are ordered by urgency, errors first: `.error < .warning < .info`, so sorting findings by severity
/// lists errors first (the order `AndroidLinkDiagnostic.Severity` always had).
///
/// Closed: a finding is an error, a warning or information; no case will be added.
public enum FindingSeverity: String, Sendable, Hashable, CaseIterable, Comparable, Codable, CustomStringConvertible {
    /// A problem that fails the check: the tool will not do what the author meant, or nothing at all.
    case error
    /// Legal, but probably a mistake; it does not fail the check (unless the report says otherwise, see
    /// ``CheckReport/isClean``).
    case warning
    /// Worth knowing, nothing to fix: a decision, something a check could not check, a stale baseline entry. It
    /// never fails a check.
    case info

    /// Information: the name `LocatedFinding.Severity` had for ``info`` before 0.2.0.
    @available(*, deprecated, renamed: "info", message: "`note` is `info`, as in every other finding's severity")
    public static var note: FindingSeverity { .info }

    /// The severity's raw value: `error`, `warning` or `info`, as the commands write it.
    public var description: String { rawValue }

    private var urgency: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .info: 2
        }
    }

    /// Whether `lhs` is more urgent than `rhs`: errors come before warnings, warnings before information.
    ///
    /// - Parameters:
    ///   - lhs: A severity.
    ///   - rhs: Another.
    /// - Returns: Whether `lhs` sorts first.
    public static func < (lhs: FindingSeverity, rhs: FindingSeverity) -> Bool { lhs.urgency < rhs.urgency }

    /// Decodes a severity from its raw value; `note` (how `LocatedFinding.Severity` encoded information before
    /// 0.2.0) reads as ``info``. (It encodes as its raw value.)
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` for any other string.
    public init(from decoder: any Decoder) throws {
        let text = try String(from: decoder)
        guard let severity = FindingSeverity(rawValue: text == "note" ? "info" : text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "unknown severity `\(text)` (expected error, warning or info)"))
        }
        self = severity
    }
}

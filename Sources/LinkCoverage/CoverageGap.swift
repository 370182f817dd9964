import FileLocations
import RichMediaKitSupport

/// The kinds of gap of the whole-app and Android coverage checks: each kind's code (its raw value), what it finds and
/// how to fix it (package access: the two reports say them the same way).
package protocol CoverageGapKind: CaseIterable, RawRepresentable where RawValue == String {
    /// What the kind finds, in one sentence: its rule's summary.
    var summary: String { get }
    /// How to fix what the kind finds: its rule's help.
    var help: String { get }
}

extension CoverageGapKind {
    /// One error rule per kind, in the order the kinds are declared.
    package static var findingRules: [FindingRule] {
        allCases.map { FindingRule(code: $0.rawValue, summary: $0.summary, help: $0.help, severity: .error) }
    }
}

/// The report of the whole-app or Android coverage check (package access): its findings are its gaps, one error
/// each, and its rules its gap kinds.
package protocol CoverageGapReport: CheckReport {
    /// The report's gap.
    associatedtype Gap: CoverageGap
    /// Every gap, in report order.
    var gaps: [Gap] { get }
}

extension CoverageGapReport {
    /// One rule per gap kind, in the order of the kinds.
    public var findingRules: [FindingRule] { Gap.Kind.findingRules }

    /// One error per gap, in report order.
    public var locatedFindings: [LocatedFinding] { gaps.map(\.locatedFinding) }
}

/// A gap of the whole-app or Android coverage check, as its finding and its text say it (package access: the two
/// reports write their gaps the same way).
package protocol CoverageGap {
    /// The kinds of gap.
    associatedtype Kind: CoverageGapKind
    /// What kind of gap it is.
    var kind: Kind { get }
    /// What the gap is, in a sentence.
    var message: String { get }
    /// The corners of URL syntax its example depends on.
    var corners: [URLSyntaxCorner] { get }
    /// Where its finding points: the file that holds the mistake, then the other file, if it has a counterpart.
    var reportPlaces: [LocatedFinding.Place] { get }
}

extension CoverageGap {
    /// The gap as an error finding, with the fix its URL-syntax corners call for.
    package var locatedFinding: LocatedFinding {
        LocatedFinding(
            code: kind.rawValue, severity: .error, message: message, fix: URLSyntaxCorner.fix(corners),
            places: reportPlaces)
    }

    /// The gap as the text shows it: `kind: message`, then a `fix:` line when its URL-syntax corners call for one.
    package var textLines: [String] {
        var lines = ["\(kind.rawValue): \(message)"]
        if let fix = URLSyntaxCorner.fix(corners) { lines.append("  fix: \(fix)") }
        return lines
    }
}

extension Array where Element: CoverageGap {
    /// The text of a coverage check of an app (package access: the whole-app and Android reports print it this way):
    /// `<verdict>: <subject>: N gaps, C of T <noun>s checked<more>`, the places considered under `<noun>s:` (one
    /// aligned row each), then each gap's lines; control characters shown as `\u{XX}`.
    ///
    /// - Parameters:
    ///   - verdict: `ok`, `gaps` or `incomplete`.
    ///   - subject: What was checked (the app ID, the package).
    ///   - noun: What a place is (`domain`, `host`).
    ///   - checked: How many places were checked.
    ///   - total: How many count.
    ///   - more: What the counts' line adds.
    ///   - rows: One row a place: its cells.
    /// - Returns: The lines joined with `\n` (no trailing newline).
    package func renderedText(
        verdict: String, subject: String, noun: String, checked: Int, of total: Int, more: String = "",
        rows: [[String]]
    ) -> String {
        var lines = [
            "\(verdict): \(subject): \(count) gap\(count == 1 ? "" : "s"), \(checked) of \(total) \(noun)"
                + "\(total == 1 ? "" : "s") checked" + more
        ]
        if !rows.isEmpty {
            lines += ["", "\(noun)s:"] + TextColumns.align(rows.map { $0.map(TerminalText.visible) }, indent: "  ")
        }
        if !isEmpty { lines += [""] + flatMap(\.textLines) }
        return lines.map(TerminalText.visible).joined(separator: "\n")
    }
}

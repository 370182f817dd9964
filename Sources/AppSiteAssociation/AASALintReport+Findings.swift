import FileLocations
import RichMediaKitSupport

/// A lint report is a check's report: one finding per diagnostic, located at the diagnostic's place in the AASA file
/// (`.aasa`): its line and column for a syntax error, else its JSON pointer's value. It is clean when no
/// diagnostic is an error.
extension AASALintReport: CheckReport {
    /// One finding per diagnostic, in report order.
    public var locatedFindings: [LocatedFinding] { diagnostics.map(\.locatedFinding) }

    /// One rule per code, in order of first appearance, with the description and help of Docs/AASA.md.
    public var findingRules: [FindingRule] {
        var seen = Set<AASADiagnostic.Code>()
        return diagnostics.filter { seen.insert($0.code).inserted }.map {
            $0.code.findingRule(fallbackHelp: $0.fix, severity: $0.severity)
        }
    }

    /// ``renderedText(file:)`` with the name of `.aasa` (`<stdin>` when none is given).
    ///
    /// - Parameter files: The name of the AASA file.
    /// - Returns: The lines joined with `\n`.
    public func renderedText(files: [ReportFile: String]) -> String {
        renderedText(file: files[.aasa] ?? "<stdin>")
    }
}

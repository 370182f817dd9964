import CommandLineToolkit
import Foundation
import LinkRouter
import RichMediaKitSupport

/// The checking commands' one output path (the toolkit's ``ReportOutput``, as `link-router`), and their baselines:
/// `--baseline FILE` and `--write-baseline FILE` of `check` and `aasa lint`, for every kind of baseline.
enum CheckOutput {
    /// Writes reports and picks exit statuses.
    static let output = ReportOutput(toolName: "link-router")

    /// A baseline given with `--baseline`.
    struct Given<Baseline: FindingBaseline> {
        /// The path as given.
        var path: String
        /// The baseline.
        var baseline: Baseline
        /// The file's bytes (its stale entries are located in them).
        var bytes: [UInt8]
    }

    /// Reads `--baseline FILE`, if given, and checks that it is for this run (`scope`).
    /// - Throws: ``CommandFailure/input(_:)`` naming the file and where it is wrong, or what `scope` throws (exit 2).
    static func baseline<Baseline: FindingBaseline>(
        _ arguments: ParsedArguments, _ parse: ([UInt8]) throws(BaselineError) -> Baseline,
        scope: (String, Baseline) throws(CommandFailure) -> Void = { _, _ in }
    ) throws(CommandFailure) -> Given<Baseline>? {
        guard let path = arguments[Options.baseline] else { return nil }
        guard path != "-" else { throw .usage("`--baseline` needs a file, not standard input") }
        let bytes = try InputFile.read(path, limit: 64 << 20)
        let baseline: Baseline
        do {
            baseline = try parse(bytes)
        } catch {
            throw .input("\(error.fileLocation.written(after: path)): not a baseline file: \(error.message)")
        }
        try scope(path, baseline)
        return Given(path: path, baseline: baseline, bytes: bytes)
    }

    /// Writes the report as the format chosen, after `--write-baseline FILE` (if given) recorded its findings and a
    /// `--baseline` (if given) kept only the new ones; returns the exit status (0 when only a baseline was written).
    ///
    /// - Parameters:
    ///   - report: Today's report.
    ///   - given: The baseline given with `--baseline`.
    ///   - arguments: The parsed arguments (for `--write-baseline`).
    ///   - command: The command as typed after `link-router` (for the message on standard error).
    ///   - format: The format chosen.
    ///   - inputs: The files read.
    ///   - html: The command's page, from the report shown, the baseline's summary and the files read.
    /// - Throws: ``CommandFailure/input(_:)`` when a file cannot be written.
    static func write<Baseline: FindingBaseline>(
        _ report: Baseline.Report, baseline given: Given<Baseline>?, arguments: ParsedArguments, command: String,
        format: ReportFormat, inputs: ReportInputs,
        html: ((Baseline.Report, BaselineSummary?, ReportInputs) -> String)? = nil
    ) throws(CommandFailure) -> ExitStatus {
        if let path = arguments[Options.writeBaseline] {
            let written = Baseline(report: report)
            try write(written.fileText, to: path)
            Console.error(
                "link-router \(command): wrote \(written.entries.count) accepted \(Baseline.noun)(s) to \(path)")
        }
        var shown = report
        var summary: BaselineSummary?
        var inputs = inputs
        if let given {
            let split = given.baseline.split(report)
            shown = split.new
            summary = given.baseline.summary(
                path: given.path, accepted: split.accepted, stale: split.stale,
                acceptedFindings: Baseline.acceptedFindings(of: report, new: split.new))
            inputs.add(.baseline, name: given.path, annotationPath: given.path, bytes: given.bytes)
        }
        try output.write(
            shown, as: format, inputs: inputs, baseline: summary,
            html: html.map { page in { page($0, summary, inputs) } })
        return exitStatus(shown, onlyWritesBaseline: arguments[Options.writeBaseline] != nil && given == nil)
    }

    /// The exit status of a check that wrote `shown`: 1 when it is not clean, else 0; 0 when the command only wrote a
    /// baseline, unless the check reached its limit (a `not-compared` finding): the baseline cannot hold the gaps it
    /// did not find, so that stays 1. Never 2: that is for bad usage and unreadable or invalid files.
    ///
    /// - Parameters:
    ///   - shown: The report written (after a `--baseline`).
    ///   - onlyWritesBaseline: Whether the run only recorded a baseline (`--write-baseline` without `--baseline`).
    /// - Returns: The status.
    static func exitStatus(_ shown: some CheckReport, onlyWritesBaseline: Bool) -> ExitStatus {
        let unfinished = shown.locatedFindings.contains { $0.code == CoverageReport.notComparedRule.code }
        return output.exitStatus(shown, onlyWritesBaseline: onlyWritesBaseline && !unfinished)
    }

    /// Writes `text` to `path`, replacing the file; `option` names the option that gave the path.
    /// - Throws: ``CommandFailure/input(_:)`` when the file cannot be written (exit 2).
    static func write(_ text: String, to path: String, option: String = "write-baseline") throws(CommandFailure) {
        guard path != "-" else { throw .usage("`--\(option)` needs a file, not standard output") }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .input("\(path): cannot write: \(error.localizedDescription)")
        }
    }
}

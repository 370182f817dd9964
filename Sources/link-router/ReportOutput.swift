import CommandLineToolkit
import Foundation
import LinkRouter
import RichMediaKitSupport

/// Writing findings as SARIF or GitHub annotations, and reading and writing baseline files, for `check`,
/// `aasa lint` and `aasa diff`.
enum ReportOutput {
    /// A SARIF 2.1.0 log of `findings`.
    static func sarif(rules: [ReportRule], findings: [ReportFinding]) -> String {
        SARIFLog.document(toolName: "link-router", rules: rules, findings: findings)
    }

    /// Prints `findings` (and notes for stale baseline entries, if any) as a SARIF log or GitHub workflow commands.
    static func printAnnotations(
        _ format: ReportFormat, rules: [ReportRule], findings: [ReportFinding],
        stale: (rule: ReportRule, findings: [ReportFinding])? = nil
    ) {
        var rules = rules
        var findings = findings
        if let stale, !stale.findings.isEmpty {
            rules.append(stale.rule)
            findings += stale.findings
        }
        if format == .sarif {
            Console.out(sarif(rules: rules, findings: findings))
        } else {
            printGitHub(findings)
        }
    }

    /// Prints one GitHub workflow command per finding (nothing when there are none).
    static func printGitHub(_ findings: [ReportFinding]) {
        guard !findings.isEmpty else { return }
        Console.out(findings.map(GitHubWorkflowCommands.command(for:)).joined(separator: "\n"))
    }

    /// The path to use in annotations: nil for standard input.
    static func annotationPath(_ path: String) -> String? {
        path == "-" ? nil : path
    }

    /// Reads a baseline file.
    /// - Throws: ``CommandFailure/input(_:)`` naming the file and where it is wrong (exit 2).
    static func readBaseline<Baseline>(
        _ path: String, _ parse: ([UInt8]) throws(BaselineError) -> Baseline
    ) throws(CommandFailure) -> (baseline: Baseline, bytes: [UInt8]) {
        guard path != "-" else { throw .usage("`--baseline` needs a file, not standard input") }
        let bytes = try InputFile.read(path, limit: 64 << 20)
        do {
            return (try parse(bytes), bytes)
        } catch {
            throw .input("\(error.fileLocation.written(after: path)): not a baseline file: \(error.message)")
        }
    }

    /// Writes `text` to `path`, replacing the file.
    /// - Throws: ``CommandFailure/input(_:)`` when the file cannot be written (exit 2).
    static func write(_ text: String, to path: String) throws(CommandFailure) {
        guard path != "-" else { throw .usage("`--write-baseline` needs a file, not standard output") }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .input("\(path): cannot write: \(error.localizedDescription)")
        }
    }
}

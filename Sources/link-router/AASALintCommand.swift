import CommandLineToolkit
import LinkRouter

/// `link-router aasa lint FILE`: print the linter's diagnostics; exit 1 when there are errors.
enum AASALintCommand {
    static let format = Options.reportFormat(
        "Text (default) or {\"errors\", \"warnings\", \"infos\", \"diagnostics\": [{\"severity\", \"code\",\n"
            + "\"pointer\", \"message\", \"hint\", \"fix\", \"places\"}]} (\"line\" and \"column\" before \"fix\"\n"
            + "for JSON syntax errors; \"fix\" is \"hint\"; a place is {\"file\", \"pointer\", \"line\",\n"
            + "\"column\"}; with --baseline also \"baseline\").\n" + Options.annotationFormatsHelp,
        [.text, .json, .sarif, .github, .xcode])

    static let spec = CommandSpec(
        leadingOperands: "FILE",
        discussion: """
            Diagnostics for an AASA file: JSON syntax (line and column), the 128 KB limit, wrong types,
            app IDs, variables, patterns and rule order; each with a code, JSON pointer and fix hint.
            --write-baseline FILE records today's diagnostics (by code and what they are about by content,
            never by position); --baseline FILE then reports only new ones.
            """,
        options: [
            .optional(Options.contentType), .optional(Options.baseline), .optional(Options.writeBaseline),
            .optional(format).onNewUsageLine,
        ],
        exitStatus: ExitStatusText(
            success: "no errors (warnings alone; with --write-baseline alone: always)",
            findings: "errors (with --baseline: new errors)"),
        epilogue: "FILE `-` reads standard input.", operandsReadStandardInput: true)

    static let command = Command(
        "lint", summary: "diagnostics for an AASA file, with JSON pointers and fix hints", spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> ExitStatus {
        guard let path = arguments.positionals.first else { throw .usage("missing FILE (`-` reads standard input)") }
        guard arguments.positionals.count == 1 else {
            throw .usage("`aasa lint` takes one FILE, got \(arguments.positionals.count)")
        }
        let bytes = try InputFile.read(path, limit: AASAFileOption.readLimit)
        var report = AASALinter.lint(
            bytes, contentType: arguments[Options.contentType], passes: [.unreachableRules])
        if let misplaced = AASALinter.fileLocation(path) { report.diagnostics.insert(misplaced, at: 0) }
        let baseline = try CheckOutput.baseline(arguments) { bytes throws(BaselineError) in
            try Baseline<AASALintReport>(json: bytes)
        }
        var inputs = ReportInputs()
        inputs.add(.aasa, path: path, bytes: bytes)
        return try CheckOutput.write(
            report, baseline: baseline, arguments: arguments, command: "aasa lint", format: arguments[format] ?? .text,
            inputs: inputs)
    }
}

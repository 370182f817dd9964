import CommandLineToolkit
import LinkRouter
import RichMediaKitSupport

/// `link-router aasa lint FILE`: print the linter's diagnostics; exit 1 when there are errors.
enum AASALintCommand {
    static let format = Options.reportFormat(
        "Text (default) or {\"errors\", \"warnings\", \"diagnostics\": [{\"severity\", \"code\", \"pointer\",\n"
            + "\"message\", \"hint\"}]} (with \"line\" and \"column\" for JSON syntax errors; with --baseline also\n"
            + "\"baseline\").\n" + Options.annotationFormatsHelp,
        [.text, .json, .sarif, .github])

    static let spec = CommandSpec(
        leadingOperands: "FILE",
        discussion: """
            Diagnostics for an AASA file: JSON syntax (line and column), the 128 KB limit, wrong types,
            app IDs, variables, patterns and rule order; each with a code, JSON pointer and fix hint.
            --write-baseline FILE records today's diagnostics (by code and pointer); --baseline FILE then
            reports only new ones.
            """,
        options: [
            .optional(Options.contentType), .optional(Options.baseline), .optional(Options.writeBaseline),
            .optional(format).onNewUsageLine,
        ],
        exitStatus: ExitStatusText(
            success: "no errors (warnings alone; with --write-baseline alone: always)",
            findings: "errors (with --baseline: new errors)"),
        epilogue: "FILE `-` reads standard input.")

    static let command = Command(
        "lint", summary: "diagnostics for an AASA file, with JSON pointers and fix hints", spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> ExitStatus {
        guard let path = arguments.positionals.first else { throw .usage("missing FILE (`-` reads standard input)") }
        guard arguments.positionals.count == 1 else {
            throw .usage("`aasa lint` takes one FILE, got \(arguments.positionals.count)")
        }
        let bytes = try InputFile.read(path, limit: AASAFileOption.readLimit)
        let report = AASALinter.lint(
            bytes, contentType: arguments[Options.contentType], passes: [.unreachableRules])
        let baseline = try arguments[Options.baseline].map { path throws(CommandFailure) in
            let (baseline, bytes) = try ReportOutput.readBaseline(path) { bytes throws(BaselineError) in
                try AASALintBaseline(json: bytes)
            }
            return (path: path, baseline: baseline, bytes: bytes)
        }
        if let path = arguments[Options.writeBaseline] {
            let written = AASALintBaseline(report: report)
            try ReportOutput.write(written.json, to: path)
            Console.error("link-router aasa lint: wrote \(written.diagnostics.count) accepted diagnostic(s) to \(path)")
        }
        let comparison = baseline.map { $0.baseline.compare(report) }
        let shown = comparison.map { AASALintReport(diagnostics: $0.new, file: report.file) } ?? report
        switch arguments[format] ?? .text {
        case .json:
            var value = try json(shown)
            if let baseline, let comparison {
                let stale: [OrderedJSON] = comparison.stale.map {
                    .object([.init("code", .string($0.code)), .init("pointer", .string($0.pointer))])
                }
                value = value.appending([
                    .init(
                        "baseline",
                        .object([
                            .init("file", .string(baseline.path)),
                            .init("accepted", .integer(comparison.accepted.count)), .init("stale", .array(stale)),
                        ]))
                ])
            }
            Console.out(value.compact)
        case .text:
            Console.out(shown.renderedText(file: InputFile.displayName(path)))
            if let baseline, let comparison { Console.out(comparison.renderedText(file: baseline.path)) }
        case .sarif, .github:
            let (rules, findings) = AASALintReport.findings(
                shown.diagnostics, path: ReportOutput.annotationPath(path), bytes: bytes)
            let stale = baseline.flatMap { baseline in
                comparison.map { baseline.baseline.staleFindings($0.stale, path: baseline.path, bytes: baseline.bytes) }
            }
            ReportOutput.printAnnotations(arguments[format] ?? .text, rules: rules, findings: findings, stale: stale)
        case .html, .svg:
            throw .unsupported(arguments[format] ?? .text, by: "aasa lint")
        }
        if arguments[Options.writeBaseline] != nil, baseline == nil { return .success }
        return shown.errorCount > 0 ? .findings : .success
    }

    /// `{"errors": n, "warnings": n, "diagnostics": [...]}`: the library's `Codable` shape.
    static func json(_ report: AASALintReport) throws(CommandFailure) -> OrderedJSON {
        try OrderedJSON.encoding(report)
    }
}

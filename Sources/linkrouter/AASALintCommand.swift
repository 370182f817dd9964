import CommandLineToolkit
import LinkRouter

/// `linkrouter aasa lint FILE`: print the linter's diagnostics; exit 1 when there are errors.
enum AASALintCommand {
    static let format = Options.format(
        "Text (default) or {\"errors\", \"warnings\", \"diagnostics\": [{\"severity\", \"code\", \"pointer\",\n"
            + "\"message\", \"hint\"}]} (with \"line\" and \"column\" for JSON syntax errors).")

    static let spec = CommandSpec(
        usage: ["FILE [--content-type TYPE] [--format text|json]"],
        discussion: """
            Diagnostics for an AASA file: JSON syntax (line and column), the 128 KB limit, wrong types,
            app IDs, variables, patterns and rule order; each with a code, JSON pointer and fix hint.
            """,
        options: [.optional(Options.contentType), .optional(format)],
        epilogue:
            "FILE `-` reads standard input. Exit status: 1 when there are errors (warnings alone: 0), 2 on bad usage"
            + "\nor an unreadable file.")

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
        switch arguments[format] ?? .text {
        case .json: Console.out(json(report).compact)
        case .text: Console.out(text(report, file: InputFile.displayName(path)))
        }
        return report.errorCount > 0 ? .findings : .success
    }

    /// `{"errors": n, "warnings": n, "diagnostics": [...]}`.
    static func json(_ report: AASALintReport) -> JSONValue {
        .object([
            ("errors", .integer(report.errorCount)),
            ("warnings", .integer(report.warningCount)),
            (
                "diagnostics",
                .array(
                    report.diagnostics.map { diagnostic in
                        var members: [(String, JSONValue)] = [
                            ("severity", .string(diagnostic.severity.rawValue)),
                            ("code", .string(diagnostic.code.rawValue)),
                            ("pointer", .string(diagnostic.pointer)),
                            ("message", .string(AASACommand.locatedMessage(diagnostic))),
                            ("hint", .string(diagnostic.hint)),
                        ]
                        if let line = diagnostic.line, let column = diagnostic.column {
                            members += [("line", .integer(line)), ("column", .integer(column))]
                        }
                        return .object(members)
                    })
            ),
        ])
    }

    /// One `FILE:line:column:` or `FILE: /pointer:` line per diagnostic with its fix hint, then a summary.
    static func text(_ report: AASALintReport, file: String) -> String {
        var lines: [String] = []
        for diagnostic in report.diagnostics {
            let location: String
            if let line = diagnostic.line, let column = diagnostic.column {
                location = "\(file):\(line):\(column):"
            } else if diagnostic.pointer.isEmpty {
                location = "\(file):"
            } else {
                location = "\(file): \(diagnostic.pointer):"
            }
            let head = "\(location) \(diagnostic.severity.rawValue)[\(diagnostic.code.rawValue)]: \(diagnostic.message)"
            lines.append(Console.visible(head))
            lines.append(Console.visible("  fix: \(diagnostic.hint)"))
        }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        lines.append(
            Console.visible("\(file): \(count(report.errorCount, "error")), \(count(report.warningCount, "warning"))"))
        return lines.joined(separator: "\n")
    }
}

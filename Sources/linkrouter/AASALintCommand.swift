import LinkRouter

/// `linkrouter aasa lint FILE`: print the linter's diagnostics; exit 1 when there are errors.
enum AASALintCommand {
    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> Int32 {
        for option in ["domain", "app-id"] where arguments.value(option) != nil {
            throw .usage("`--\(option)` applies to `aasa match` only")
        }
        if arguments.flags.contains("explain") { throw .usage("`--explain` applies to `aasa match` only") }
        try AASACommand.reject(["routes"], flags: ["all-urls"], for: "lint", in: arguments)
        let format = try arguments.format()
        let path = try AASACommand.fileOperand(arguments)
        guard arguments.positionals.count == 2 else {
            throw .usage("`aasa lint` takes one FILE, got \(arguments.positionals.count - 1)")
        }
        let bytes = try InputFile.read(path, limit: AASACommand.readLimit)
        let report = AASALinter.lint(bytes, contentType: arguments.value("content-type"), passes: [.unreachableRules])
        switch format {
        case .json: Console.out(json(report).compact)
        case .text: Console.out(text(report, file: InputFile.displayName(path)))
        }
        return report.errorCount > 0 ? 1 : 0
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

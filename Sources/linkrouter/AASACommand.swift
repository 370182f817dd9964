import LinkRouter

/// `linkrouter aasa lint|match`: check an apple-app-site-association file, or decide URLs against it.
///
/// Exit status: `lint` 1 when the file has errors (warnings alone: 0); `match` 0 whatever the decisions;
/// both 2 for usage errors and unreadable files, and `match` 2 for a file that cannot be loaded at all.
enum AASACommand: Subcommand {
    static let name = "aasa"
    static let summary = "lint an apple-app-site-association file, or decide URLs against it"
    static let help = """
        USAGE: linkrouter aasa lint FILE [--content-type TYPE] [--format text|json]
               linkrouter aasa match FILE --domain HOST --app-id ID [--explain] [--format text|json] URL...

        lint   Diagnostics for an AASA file: JSON syntax (line and column), the 128 KB limit, wrong types,
               app IDs, variables, patterns and rule order; each with a code, JSON pointer and fix hint.
        match  What iOS decides for each URL: match (the app opens), exclude or no_match, with the
               deciding rule's JSON pointer and the reason.

        OPTIONS:
          --content-type TYPE  lint: the Content-Type the server sends; anything but application/json warns.
          --domain HOST        match: the domain serving the file (host, or host:port).
          --app-id ID          match: the app ID, e.g. ABCDE12345.com.example.app.
          --explain            match: list every rule tried and which part (/, ?, #, domain) failed.
          --format text|json   Text (default) or JSON:
                               lint  {"errors", "warnings", "diagnostics": [{"severity", "code", "pointer",
                                     "message", "hint"}]}
                               match [{"url", "domain", "appID", "decision", "rule", "reason"}], with
                                     "tried": [{"rule", "result", "failed", "detail"}] under --explain.
          -h, --help           Show this help.

        FILE `-` reads standard input; so does a URL argument `-` (one URL a line), but not both.
        Exit status: lint 1 when there are errors (warnings alone: 0); match 0 whatever the decisions;
        2 on bad usage, an unreadable file, or (match) a file that is not a JSON object under 128 KB.

        EXAMPLES:
          linkrouter aasa lint Docs/Examples/apple-app-site-association
          linkrouter aasa match Docs/Examples/apple-app-site-association --domain example.com \\
              --app-id ABCDE12345.com.example.app --explain https://example.com/help/internal/x
        """
    static let spec = ArgumentSpec(options: ["format", "domain", "app-id", "content-type"], flags: ["explain"])

    /// The most read from a file or standard input (the 128 KB limit is then reported by the linter).
    static let readLimit = 64 << 20

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> Int32 {
        guard let action = arguments.positionals.first else {
            throw .usage("missing action: `lint` or `match`")
        }
        switch action {
        case "lint": return try AASALintCommand.run(arguments)
        case "match": return try AASAMatchCommand.run(arguments)
        default: throw .usage("unknown action `\(action)`: use `lint` or `match`")
        }
    }

    /// The FILE operand after the action.
    static func fileOperand(_ arguments: ParsedArguments) throws(CommandFailure) -> String {
        guard arguments.positionals.count >= 2 else { throw .usage("missing FILE (`-` reads standard input)") }
        return arguments.positionals[1]
    }

    /// `line L, column C: message` for syntax diagnostics, else the message.
    static func locatedMessage(_ diagnostic: AASADiagnostic) -> String {
        guard let line = diagnostic.line, let column = diagnostic.column else { return diagnostic.message }
        return "line \(line), column \(column): \(diagnostic.message)"
    }
}

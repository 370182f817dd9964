import LinkRouter

/// `linkrouter aasa lint|match|diff|generate|fetch`: check an apple-app-site-association file, decide URLs
/// against it, compare two versions of it, write one from a routes file, or verify a deployed one.
///
/// Exit status: `lint` 1 when the file has errors (warnings alone: 0); `match` 0 whatever the decisions;
/// `diff` 1 when the files open the app for different URLs; `generate` 0; `fetch` 1 when the deployed file
/// has errors; all 2 for usage errors and
/// unreadable files, and `match`/`diff` 2 for a file that cannot be loaded at all.
enum AASACommand: Subcommand {
    static let name = "aasa"
    static let summary = "lint, match, diff, generate or fetch apple-app-site-association files"
    static let help = """
        USAGE: linkrouter aasa lint FILE [--content-type TYPE] [--format text|json]
               linkrouter aasa match FILE --domain HOST --app-id ID [--explain] [--format text|json] URL...
               linkrouter aasa diff OLD NEW --domain HOST --app-id ID [--all-urls] [--format text|json]
               linkrouter aasa generate --routes FILE --app-id ID [--domain HOST]
               linkrouter aasa fetch DOMAIN [--origin URL] [--cdn URL | --no-cdn] [--save FILE]
                                    [--routes FILE --app-id ID] [--format text|json]

        lint   Diagnostics for an AASA file: JSON syntax (line and column), the 128 KB limit, wrong types,
               app IDs, variables, patterns and rule order; each with a code, JSON pointer and fix hint.
        match  What iOS decides for each URL: match (the app opens), exclude or no_match, with the
               deciding rule's JSON pointer and the reason.
        diff   The URLs that open the app under NEW and not OLD (gained) or the reverse (lost), decided
               exactly from the patterns: one shortest example per changed region, with the rule that
               decides it in each file.
        generate  An AASA file claiming exactly what the routes handle, as far as AASA patterns can
               express it (exclusions where `*` would match more than a route parameter); check it
               with `linkrouter check`.
        fetch  Verify the deployed file as iOS fetches it: https://DOMAIN/.well-known/apple-app-site-association,
               then /apple-app-site-association only if that is not found (404); only 200 counts,
               redirects are not followed (an error), 10 s timeout, at most 128 KB, Content-Type
               application/json; then every lint diagnostic of the body, Apple's CDN copy
               (https://app-site-association.cdn-apple.com/a/v1/DOMAIN: a miss or a stale copy is a
               warning, the difference shown as `aasa diff` shows it) and, with --routes and --app-id,
               the coverage check as `linkrouter check` does it.

        OPTIONS:
          --content-type TYPE  lint: the Content-Type the server sends; anything but application/json warns.
          --domain HOST        match, diff: the domain serving the file (host, or host:port);
                               generate: also use routes bound to this https host.
          --app-id ID          match, diff, generate, fetch: the app ID, e.g. ABCDE12345.com.example.app.
          --explain            match: list every rule tried and which part (/, ?, #, domain) failed.
          --routes FILE        generate, fetch: the routes file (JSON). `-` reads standard input.
          --origin URL         fetch: the base replacing https://DOMAIN (https; http only for 127.0.0.0/8,
                               [::1], localhost).
          --cdn URL            fetch: the base replacing Apple's CDN (the request is URL/DOMAIN).
          --no-cdn             fetch: leave Apple's CDN out.
          --save FILE          fetch: write the body that was checked to FILE.
          --all-urls           diff: also compare non-canonical URLs (see `linkrouter check --help`).
          --format text|json   Text (default) or JSON:
                               lint  {"errors", "warnings", "diagnostics": [{"severity", "code", "pointer",
                                     "message", "hint"}]}
                               match [{"url", "domain", "appID", "decision", "rule", "reason"}], with
                                     "tried": [{"rule", "result", "failed", "detail"}] under --explain.
                               diff  {"gained": [{"example", "old", "new"}], "lost": [...]}
                               generate  always the AASA file (JSON).
                               fetch {"domain", "ok", "errors", "warnings", "origin": [{"url", "status",
                                     "contentType", "location", "bytes", "truncated", "failure"}],
                                     "servedFrom", "cdn": {"request", "state", "differences"}, "coverage",
                                     "findings": [{"severity", "code", "source", "url", "pointer", "message",
                                     "hint"}]} (sorted keys; absent values left out).
          -h, --help           Show this help.

        FILE `-` reads standard input; so does a URL argument `-` (one URL a line), but not both.
        Exit status: lint 1 when there are errors (warnings alone: 0); match 0 whatever the decisions;
        diff 1 when something changed; generate 0; fetch 1 when the deployed file has errors (warnings
        alone, such as a stale CDN copy: 0); 2 on bad usage, an unreadable file, or (match, diff) a file
        that is not a JSON object under 128 KB.

        EXAMPLES:
          linkrouter aasa lint Docs/Examples/apple-app-site-association
          linkrouter aasa match Docs/Examples/apple-app-site-association --domain example.com \\
              --app-id ABCDE12345.com.example.app --explain https://example.com/help/internal/x
          linkrouter aasa diff old-aasa.json Docs/Examples/apple-app-site-association --domain example.com \
              --app-id ABCDE12345.com.example.app
          linkrouter aasa generate --routes Docs/Examples/routes.json --app-id ABCDE12345.com.example.app \
              --domain example.com
          linkrouter aasa fetch example.com --routes Docs/Examples/routes.json --app-id ABCDE12345.com.example.app
        """
    static let spec = ArgumentSpec(
        options: ["format", "domain", "app-id", "content-type", "routes", "origin", "cdn", "save"],
        flags: ["explain", "all-urls", "no-cdn"])

    /// The most read from a file or standard input (the 128 KB limit is then reported by the linter).
    static let readLimit = 64 << 20

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> Int32 {
        guard let action = arguments.positionals.first else {
            throw .usage("missing action: `lint`, `match`, `diff`, `generate` or `fetch`")
        }
        if action != "fetch" {
            try reject(["origin", "cdn", "save"], flags: ["no-cdn"], for: action, in: arguments)
        }
        switch action {
        case "lint": return try AASALintCommand.run(arguments)
        case "match": return try AASAMatchCommand.run(arguments)
        case "diff": return try AASADiffCommand.run(arguments)
        case "generate": return try AASAGenerateCommand.run(arguments)
        case "fetch": return try AASAFetchCommand.run(arguments)
        default: throw .usage("unknown action `\(action)`: use `lint`, `match`, `diff`, `generate` or `fetch`")
        }
    }

    /// Throws a usage error when an option or flag that `action` does not take was given.
    static func reject(
        _ options: [String], flags: [String], for action: String, in arguments: ParsedArguments
    ) throws(CommandFailure) {
        for option in options where arguments.value(option) != nil {
            throw .usage("`--\(option)` does not apply to `aasa \(action)`")
        }
        for flag in flags where arguments.flags.contains(flag) {
            throw .usage("`--\(flag)` does not apply to `aasa \(action)`")
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

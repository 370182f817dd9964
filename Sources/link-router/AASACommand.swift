import CommandLineToolkit
import LinkRouter

/// `link-router aasa lint|match|diff|generate|fetch`: check an apple-app-site-association file, decide URLs
/// against it, compare two versions of it, write one from a routes file, or verify the deployed one.
///
/// Exit status: `lint` 1 when the file has errors (warnings alone: 0); `match` 0 whatever the decisions;
/// `diff` 1 when the files open the app for different URLs; `generate` 0; `fetch` 1 when the deployed file has
/// errors; all 2 for usage errors and unreadable files, and `match`/`diff` 2 for a file that cannot be loaded at all. Add an action by writing its
/// type (spec, command, run) and listing it here.
enum AASACommand {
    static let command = Command.group(
        "aasa", summary: "lint, match, diff, generate or fetch apple-app-site-association files",
        epilogue: """
            FILE `-` reads standard input; so does a URL argument `-` (one URL a line), but not both.

            EXAMPLES:
              link-router aasa lint Docs/Examples/apple-app-site-association
              link-router aasa match Docs/Examples/apple-app-site-association --domain example.com \\
                  --app-id ABCDE12345.com.example.app --explain https://example.com/help/internal/x
              link-router aasa diff old-aasa.json Docs/Examples/apple-app-site-association --domain example.com \\
                  --app-id ABCDE12345.com.example.app
              link-router aasa generate --routes Docs/Examples/routes.json --app-id ABCDE12345.com.example.app \\
                  --domain example.com
              link-router aasa fetch example.com --routes Docs/Examples/routes.json \\
                  --app-id ABCDE12345.com.example.app
            """,
        childNoun: "action",
        subcommands: [
            AASALintCommand.command, AASAMatchCommand.command, AASADiffCommand.command, AASAGenerateCommand.command,
            AASAFetchCommand.command,
        ])
}

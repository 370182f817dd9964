import CommandLineToolkit
import LinkRouter

/// `linkrouter app lint`: check the app's side of its links (entitlements and Info.plist). Add an action by
/// writing its type (spec, command, run) and listing it here.
enum AppCommand {
    static let command = Command.group(
        "app", summary: "lint the app's entitlements and Info.plist",
        epilogue: """
            Exit status: lint 1 when there are errors (warnings alone: 0); 2 on bad usage or an unreadable or
            malformed file (nothing is written then).

            EXAMPLES:
              linkrouter app lint --entitlements Docs/Examples/App.entitlements \\
                  --info-plist Docs/Examples/Info.plist --routes Docs/Examples/routes.json
            """,
        childNoun: "action",
        subcommands: [AppLintCommand.command])
}

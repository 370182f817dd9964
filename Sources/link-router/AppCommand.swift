import CommandLineToolkit
import LinkRouter

/// `link-router app lint`: check the app's side of its links (entitlements and Info.plist). Add an action by
/// writing its type (spec, command, run) and listing it here.
enum AppCommand {
    static let command = Command.group(
        "app", summary: "lint the app's entitlements and Info.plist, or its Android manifest",
        epilogue: """
            EXAMPLES:
              link-router app lint --entitlements Docs/Examples/App.entitlements \\
                  --info-plist Docs/Examples/Info.plist --routes Docs/Examples/routes.json
            """,
        childNoun: "action",
        subcommands: [AppLintCommand.command])
}

import Foundation
import PackagePlugin

/// `swift package check-links [OPTIONS]`: runs `link-router check` on the package, with no install step.
///
/// SwiftPM builds `link-router` from this package (a dependency of the user's package) and the plugin runs it in the
/// user's package directory with the options given after the verb, so relative paths are the package's. The command's
/// standard output and error pass through unchanged, and so does its exit status: 0 clean, 1 findings, 2 bad usage or
/// an unreadable input (Docs/link-router.md). A leading `--` is dropped, so both
/// `swift package check-links --routes routes.json ...` and `swift package check-links -- --routes ...` work.
///
/// `--fetch` reads the deployed files from the network, which the plugin sandbox of macOS forbids: run it as
/// `swift package --disable-sandbox check-links --fetch ...`.
@main
struct CheckLinksPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "link-router")
        var options = arguments
        if options.first == "--" { options.removeFirst() }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["check"] + options
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit else {
            Diagnostics.error("link-router check ended by signal \(process.terminationStatus)")
            exit(2)
        }
        // SwiftPM exits with the plugin's status, so scripts see the command's own 0, 1 or 2.
        exit(process.terminationStatus)
    }
}

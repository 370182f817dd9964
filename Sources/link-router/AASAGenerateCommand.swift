import CommandLineToolkit
import LinkRouter

/// `link-router aasa generate --routes FILE --app-id ID [--domain HOST]`: writes the AASA file that
/// claims what the routes handle, as tightly as AASA patterns can express it, to standard output.
///
/// Exit status: 0, or 2 for bad usage and unreadable or invalid routes files.
enum AASAGenerateCommand {
    static let format = Options.valueFormat("Accepted for symmetry: the output is always the AASA file (JSON).")

    static let spec = CommandSpec(
        discussion: """
            An AASA file claiming exactly what the routes handle, as far as AASA patterns can
            express it (exclusions where `*` would match more than a route parameter); check it
            with `link-router check`.
            The project file (.link-router.json in the working directory or the nearest directory above
            it, or --config FILE; see Docs/ProjectFile.md) gives what is not given: the routes, the app
            ID (ios.appID, else the entitlements'), --domain (the one domain of its ios.siteFiles; none
            when it names several) and the format; an option on the command line replaces the file's value.
            """,
        options: [
            .required(Options.routes), .required(Options.appID), .optional(Options.generateDomain), .optional(format),
        ] + ProjectOption.options,
        exitStatus: ExitStatusText(), defaultArguments: ProjectOption.aasaGenerateArguments)

    static let command = Command(
        "generate", summary: "write the AASA file that claims what the routes handle", spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> ExitStatus {
        if let extra = arguments.positionals.first {
            throw .usage("unexpected argument `\(extra)` (`aasa generate` reads `--routes FILE`)")
        }
        let routesPath = try arguments.required(Options.routes)
        let appID = try arguments.required(Options.appID)
        let table = try RoutesOption.load(routesPath)
        let text = AASAGenerator.generate(routes: table, appID: appID, domain: arguments[Options.generateDomain])
        Console.out(String(text.dropLast()))
        if text.utf8.count > AASAFile.maximumSize {
            Console.error(
                "link-router aasa generate: warning: the file is \(text.utf8.count) bytes; iOS reads at most "
                    + "\(AASAFile.maximumSize) bytes (128 KB)")
        }
        return .success
    }
}

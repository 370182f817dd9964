#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `linkrouter`: deep links, universal links and AASA files from the command line.
///
/// Add a subcommand by writing a type conforming to ``Subcommand`` (one file) and listing it here.
let subcommands: [any Subcommand.Type] = [RouteCommand.self, URLCommand.self, AASACommand.self, CheckCommand.self]

/// The version `--version` prints.
let version = "0.1.0"

let overview = """
    USAGE: linkrouter <subcommand> [options]

    SUBCOMMANDS:
    \(subcommands.map { "  " + $0.name.padding(8) + $0.summary }.joined(separator: "\n"))

    OPTIONS:
      -h, --help     Show help (`linkrouter <subcommand> --help` for a subcommand).
      --version      Show the version.
    """

extension String {
    fileprivate func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(1, width - count))
    }
}

@MainActor
func runMain(_ arguments: [String]) -> Int32 {
    guard let first = arguments.first else {
        Console.error("linkrouter: missing subcommand\n\n" + overview)
        return 2
    }
    switch first {
    case "-h", "--help", "help":
        Console.out(overview)
        return 0
    case "--version":
        Console.out("linkrouter " + version)
        return 0
    default:
        break
    }
    guard let command = subcommands.first(where: { $0.name == first }) else {
        Console.error("linkrouter: unknown subcommand `\(Console.visible(first))` (see `linkrouter --help`)")
        return 2
    }
    do {
        let parsed = try ArgumentSpec.parse(Array(arguments.dropFirst()), spec: command.spec)
        if parsed.wantsHelp {
            Console.out(command.help)
            return 0
        }
        return try command.run(parsed)
    } catch {
        let hint = error.isUsage ? " (see `linkrouter \(command.name) --help`)" : ""
        Console.error("linkrouter \(command.name): " + Console.visible(error.message) + hint)
        return error.exitCode
    }
}

exit(runMain(Array(CommandLine.arguments.dropFirst())))

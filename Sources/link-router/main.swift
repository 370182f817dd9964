import CommandLineToolkit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `link-router`: deep links, universal links and AASA files from the command line.
///
/// Add a subcommand by writing a type with a ``CommandSpec`` and a `run` function (one file) and listing its
/// ``Command`` here; add an `aasa` action in `AASACommand.swift`.
let program = CommandLineProgram(
    name: "link-router",
    root: .group(
        "link-router", summary: "deep links, universal links and AASA files",
        subcommands: [
            RouteCommand.command, URLCommand.command, AASACommand.command, AssetLinksCommand.command,
            AppCommand.command,
            CheckCommand.command,
            DoctorCommand.command, InitCommand.command,
        ]))

exit(await program.run(Array(CommandLine.arguments.dropFirst())))

import LinkRouter

/// `linkrouter aasa generate --routes FILE --app-id ID [--domain HOST]`: writes the AASA file that
/// claims what the routes handle, as tightly as AASA patterns can express it, to standard output.
///
/// Exit status: 0, or 2 for bad usage and unreadable or invalid routes files.
enum AASAGenerateCommand {
    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> Int32 {
        try AASACommand.reject(["content-type"], flags: ["explain", "all-urls"], for: "generate", in: arguments)
        guard arguments.positionals.count == 1 else {
            throw .usage("unexpected argument `\(arguments.positionals[1])` (`aasa generate` reads `--routes FILE`)")
        }
        let routesPath = try arguments.required("routes")
        let appID = try arguments.required("app-id")
        _ = try arguments.format()
        let table = try RoutesOption.load(routesPath)
        let text = AASAGenerator.generate(routes: table, appID: appID, domain: arguments.value("domain"))
        Console.out(String(text.dropLast()))
        if text.utf8.count > AASAFile.maximumSize {
            Console.error(
                "linkrouter aasa generate: warning: the file is \(text.utf8.count) bytes; iOS reads at most "
                    + "\(AASAFile.maximumSize) bytes (128 KB)")
        }
        return 0
    }
}

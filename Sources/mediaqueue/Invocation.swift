import MediaQueueSimulation

/// What the command line asks for.
enum Invocation: Equatable {
    case help
    case version
    case simulate(file: String, format: OutputFormat)

    struct UsageError: Error {
        let message: String
    }

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var positionals: [String] = []
        var format = OutputFormat.text
        var optionsEnded = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            switch argument {
            case "--":
                optionsEnded = true
            case "-h", "--help":
                return .help
            case "--version":
                return .version
            case "--format":
                guard index < arguments.count else {
                    throw UsageError(message: "--format needs a value (text or json)")
                }
                format = try parseFormat(arguments[index])
                index += 1
            default:
                if argument.hasPrefix("--format=") {
                    format = try parseFormat(String(argument.dropFirst("--format=".count)))
                } else {
                    throw UsageError(message: "unknown option '\(argument)'")
                }
            }
        }
        guard let command = positionals.first else { throw UsageError(message: "missing command (simulate)") }
        guard command == "simulate" else { throw UsageError(message: "unknown command '\(command)'") }
        guard positionals.count >= 2 else { throw UsageError(message: "simulate needs a FILE (or - for stdin)") }
        guard positionals.count == 2 else { throw UsageError(message: "unexpected argument '\(positionals[2])'") }
        return .simulate(file: positionals[1], format: format)
    }

    private static func parseFormat(_ value: String) throws(UsageError) -> OutputFormat {
        guard let format = OutputFormat(rawValue: value) else {
            throw UsageError(message: "unknown format '\(value)' (expected text or json)")
        }
        return format
    }
}

/// A small, hand-written command-line parser shared by every `linkrouter` subcommand.
///
/// Rules, as people expect from a well-made CLI:
/// - `--name value` and `--name=value` for options that take a value; `--flag` for flags.
/// - `--` ends options: everything after it is positional, even if it starts with `-`.
/// - `-` alone is positional (subcommands read standard input for it where a file is expected).
/// - `--help` / `-h` is always accepted and reported through ``ParsedArguments/wantsHelp``.
/// - Unknown options, a missing value, or an option given twice are usage errors (exit 2).
///
/// ```swift
/// let spec = ArgumentSpec(options: ["routes", "format"], flags: ["explain"])
/// let parsed = try ArgumentSpec.parse(["--routes", "r.json", "--format=json", "shop://x"], spec: spec)
/// parsed.value("routes")  // "r.json"
/// parsed.positionals      // ["shop://x"]
/// ```
struct ArgumentSpec {
    /// Option names (without `--`) that take a value.
    var options: Set<String>
    /// Flag names (without `--`).
    var flags: Set<String> = []

    /// Parses `arguments` (everything after the subcommand name).
    static func parse(_ arguments: [String], spec: ArgumentSpec) throws(CommandFailure) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                parsed.positionals += arguments[index...]
                break
            }
            if argument == "--help" || argument == "-h" {
                parsed.wantsHelp = true
                continue
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                parsed.positionals.append(argument)
                continue
            }
            guard argument.hasPrefix("--") else {
                throw .usage("unknown option `\(argument)`")
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if spec.flags.contains(name) {
                guard inlineValue == nil else { throw .usage("`--\(name)` takes no value") }
                parsed.flags.insert(name)
            } else if spec.options.contains(name) {
                guard parsed.values[name] == nil else { throw .usage("`--\(name)` is given twice") }
                if let inlineValue {
                    parsed.values[name] = inlineValue
                } else {
                    guard index < arguments.count else { throw .usage("`--\(name)` needs a value") }
                    parsed.values[name] = arguments[index]
                    index += 1
                }
            } else {
                throw .usage("unknown option `--\(name)`")
            }
        }
        return parsed
    }
}

/// The result of ``ArgumentSpec/parse(_:spec:)``.
struct ParsedArguments {
    /// Option values by name.
    var values: [String: String] = [:]
    /// Flags that were given.
    var flags: Set<String> = []
    /// Positional arguments, in order.
    var positionals: [String] = []
    /// Whether `--help` or `-h` was given.
    var wantsHelp = false

    /// The value of an option, or `nil`.
    func value(_ name: String) -> String? { values[name] }

    /// The value of a required option.
    func required(_ name: String) throws(CommandFailure) -> String {
        guard let value = values[name] else { throw .usage("missing `--\(name) <value>`") }
        return value
    }

    /// `--format text|json` (default text).
    func format() throws(CommandFailure) -> OutputFormat {
        guard let text = values["format"] else { return .text }
        guard let format = OutputFormat(rawValue: text) else {
            throw .usage("`--format` must be `text` or `json`, not `\(text)`")
        }
        return format
    }
}

/// The `--format` every subcommand takes.
enum OutputFormat: String {
    case text
    case json
}

/// The command-line rules shared by every command of the package.
///
/// - `--name value` and `--name=value` for options that take a value; `--flag` for flags.
/// - `--` ends options: everything after it is positional, even if it starts with `-`.
/// - `-` alone is positional (commands read standard input for it where a file is expected).
/// - `--help` / `-h` is always accepted and reported through ``ParsedArguments/wantsHelp``; so is `--version`
///   (``ParsedArguments/wantsVersion``), which the program answers wherever it is given.
/// - Unknown options, a missing value, an invalid value, an option given twice or a missing required option
///   are usage errors (exit 2).
enum ArgumentParser {
    /// Parses `arguments` (everything after the command's path) against `spec`.
    ///
    /// - Parameters:
    ///   - arguments: The arguments.
    ///   - spec: The command's options.
    ///   - path: The command as users type it after the program name (`aasa lint`), for messages.
    ///   - elsewhere: The commands (as paths) that take an option of this name, for the message when this one
    ///     does not.
    /// - Returns: The typed values, flags and positionals.
    /// - Throws: ``CommandFailure/usage(_:)``.
    static func parse(
        _ arguments: [String], spec: CommandSpec, path: String, elsewhere: (String) -> [String]
    ) throws(CommandFailure) -> ParsedArguments {
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
            if argument == "--version" {
                parsed.wantsVersion = true
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
            guard let declaration = spec.declaration(named: name) else {
                let places = elsewhere(name)
                guard places.isEmpty else {
                    let list = EnglishList.and(places.map { "`\($0)`" })
                    throw .usage("`--\(name)` does not apply to `\(path)` (only to \(list))")
                }
                throw .usage("unknown option `--\(name)`")
            }
            guard declaration.valueName != nil else {
                guard inlineValue == nil else { throw .usage("`--\(name)` takes no value") }
                parsed.set(flag: name)
                continue
            }
            let repeatable = spec.options.contains { $0.isRepeatable && $0.declaration.name == name }
            guard repeatable || !parsed.hasValue(name) else { throw .usage("`--\(name)` is given twice") }
            let text: String
            if let inlineValue {
                text = inlineValue
            } else {
                guard index < arguments.count else { throw .usage("`--\(name)` needs a value") }
                text = arguments[index]
                index += 1
            }
            parsed.set(try declaration.convert(text), for: name)
        }
        if !parsed.wantsHelp, !parsed.wantsVersion {
            for use in spec.options where use.isRequired && !parsed.hasValue(use.declaration.name) {
                throw .usage("missing `--\(use.declaration.name) <value>`")
            }
        }
        return parsed
    }
}

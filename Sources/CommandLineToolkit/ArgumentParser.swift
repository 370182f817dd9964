/// The command-line rules shared by every command of the package.
///
/// - `--name value` and `--name=value` for options that take a value; `--flag` for flags.
/// - `--` ends options: everything after it is positional, even if it starts with `-`.
/// - `-` alone is positional (commands read standard input for it where a file is expected).
/// - `--help` / `-h` is always accepted and reported through ``ParsedArguments/wantsHelp``; so is `--version`
///   (``ParsedArguments/wantsVersion``), which the program answers wherever it is given.
/// - Unknown options, a missing value, an invalid value, an option given twice, a missing required option, part
///   of a group of options that go together, two options (or an option and the operands) that exclude each other
///   and standard input read more than once are usage errors (exit 2).
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
        var standardInputReaders = 0
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
            guard spec.isRepeatable(name) || !parsed.hasValue(name) else { throw .usage("`--\(name)` is given twice") }
            let text: String
            if let inlineValue {
                text = inlineValue
            } else {
                guard index < arguments.count else { throw .usage("`--\(name)` needs a value") }
                text = arguments[index]
                index += 1
            }
            parsed.set(try declaration.convert(text), for: name)
            if declaration.readsStandardInput(text) { standardInputReaders += 1 }
        }
        guard !parsed.wantsHelp, !parsed.wantsVersion else { return parsed }
        try checkUses(spec, parsed)
        if spec.operandsReadStandardInput { standardInputReaders += parsed.positionals.count { $0 == "-" } }
        guard standardInputReaders <= 1 else { throw .usage("standard input (`-`) can be read only once") }
        return parsed
    }

    /// Refuses a missing required option, a group of options given in part and options (or an option and the
    /// operands) that exclude each other.
    private static func checkUses(_ spec: CommandSpec, _ parsed: ParsedArguments) throws(CommandFailure) {
        func isGiven(_ declaration: any OptionDeclaration) -> Bool {
            parsed.hasValue(declaration.name) || parsed.hasFlag(declaration.name)
        }
        /// `--name VALUE` in backquotes, and `...` after a repeatable option's, as the usage line shows it.
        func name(_ declaration: any OptionDeclaration) -> String {
            "`\(OptionUse.usageText(declaration))`" + (spec.isRepeatable(declaration.name) ? "..." : "")
        }
        for use in spec.options {
            let given = use.declarations.filter(isGiven)
            let names = use.declarations.map(name)
            if let first = given.first, let other = use.excluded.first(where: isGiven) {
                throw conflict([name(first), name(other)])
            }
            switch use.shape {
            case .one(let declaration, isRequired: true) where given.isEmpty:
                throw .usage("missing `--\(declaration.name) <value>`")
            case .together(let declarations) where !given.isEmpty && given.count < declarations.count:
                let rule = declarations.count == 2 ? "give both or neither" : "give all or none"
                throw .usage("\(EnglishList.and(names)) go together (\(rule))")
            case .either where given.count > 1:
                throw conflict(names)
            case .insteadOfOperands(let declaration) where !given.isEmpty && !parsed.positionals.isEmpty:
                throw conflict(["`\(spec.operands)`", name(declaration)])
            default: break
            }
        }
    }

    /// The one message for things that exclude each other (`names` as the usage line shows them, in backquotes):
    /// "give either `--cdn URL` or `--no-cdn`, not both", or "give at most one of `a`, `b` or `c`".
    private static func conflict(_ names: [String]) -> CommandFailure {
        .usage(
            names.count == 2
                ? "give either \(names[0]) or \(names[1]), not both" : "give at most one of \(EnglishList.or(names))")
    }
}

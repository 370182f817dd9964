import RichMediaKitSupport

/// A program (`link-router`, `mediaqueue`): finds the command the arguments name, parses its options,
/// prints help, version and failures in one style, and returns the exit status.
///
/// Failures are one line on standard error: `program command: message`, with
/// ` (see `program command --help`)` after usage errors; control characters are escaped.
///
/// ```swift
/// let program = CommandLineProgram(
///     name: "mediaqueue",
///     root: .group("mediaqueue", summary: "RichMediaQueue scenarios on a virtual clock", subcommands: [simulate]))
/// exit(await program.run(Array(CommandLine.arguments.dropFirst())))
/// ```
package struct CommandLineProgram: Sendable {
    /// The program's name, as typed.
    package let name: String
    /// What `--version` prints after the name: the package's version (``PackageVersion/current``) unless a test
    /// says otherwise.
    package let version: String
    /// The root command, normally a group of subcommands.
    package let root: Command

    /// - Parameters:
    ///   - name: The program's name.
    ///   - version: Its version (default: the package's, ``PackageVersion/current``).
    ///   - root: Its root command.
    package init(name: String, version: String = PackageVersion.current, root: Command) {
        self.name = name
        self.version = version
        self.root = root
    }

    /// What the arguments ask for.
    package enum Resolution: Sendable {
        /// Print this help text and exit 0.
        case help(String)
        /// Print this version line and exit 0.
        case version(String)
        /// Run the command with these arguments.
        case run(Command.Action, ParsedArguments)
    }

    /// Finds the command the arguments name and parses its options, without running or printing anything.
    ///
    /// - Parameter arguments: The arguments after the program name.
    /// - Returns: The path of command names reached (for messages) and the resolution or the failure.
    package func resolve(_ arguments: [String]) -> (path: [String], result: Result<Resolution, CommandFailure>) {
        var command = root
        var path: [String] = []
        var arguments = arguments
        while true {
            switch command.body {
            case .leaf(let spec, let action):
                let pathText = path.joined(separator: " ")
                do {
                    let parsed = try ArgumentParser.parse(
                        ArgumentParser.withDefaults(arguments, spec: spec), spec: spec, path: pathText,
                        elsewhere: { self.commands(taking: $0) })
                    if parsed.wantsHelp { return (path, .success(.help(HelpText.leaf(spec, path: [name] + path)))) }
                    if parsed.wantsVersion { return (path, .success(.version("\(name) \(version)"))) }
                    return (path, .success(.run(action, parsed)))
                } catch {
                    return (path, .failure(error))
                }
            case .group(let group):
                switch choose(in: command, group, arguments, isRoot: path.isEmpty) {
                case .failure(let failure): return (path, .failure(failure))
                case .success(.help):
                    return (
                        path, .success(.help(HelpText.group(command, group, path: [name] + path, root: path.isEmpty)))
                    )
                case .success(.version): return (path, .success(.version("\(name) \(version)")))
                case .success(.child(let child, let rest)):
                    command = child
                    path.append(child.name)
                    arguments = rest
                }
            }
        }
    }

    /// Resolves and runs, printing help, the version, output and failures; returns the exit status.
    package func run(_ arguments: [String]) async -> Int32 {
        let (path, result) = resolve(arguments)
        switch result {
        case .failure(let failure):
            report(failure, path: path)
            return failure.status.rawValue
        case .success(.help(let text)):
            Console.out(text)
            return ExitStatus.success.rawValue
        case .success(.version(let text)):
            Console.out(text)
            return ExitStatus.success.rawValue
        case .success(.run(let action, let parsed)):
            do {
                return try await action(parsed).rawValue
            } catch {
                report(error, path: path)
                return error.status.rawValue
            }
        }
    }

    /// The one-line message for `failure` (without the newline), as ``run(_:)`` prints it.
    package func message(for failure: CommandFailure, path: [String]) -> String {
        let message = Console.visible(failure.message)
        if failure.isBareDiagnostic { return message }
        let command = ([name] + path).joined(separator: " ")
        return "\(command): \(message)" + (failure.suggestsHelp ? " (see `\(command) --help`)" : "")
    }

    private func report(_ failure: CommandFailure, path: [String]) {
        Console.error(message(for: failure, path: path))
    }

    /// The paths (without the program name) of the leaves that take an option named `name`.
    private func commands(taking name: String) -> [String] {
        root.leaves.filter { $0.spec.declaration(named: name) != nil }.map { $0.path.joined(separator: " ") }
    }

    private enum Choice {
        case help
        case version
        case child(Command, [String])
    }

    /// The subcommand is the first argument that is neither an option nor the value of one that any leaf below
    /// takes; the options around it go to the subcommand.
    private func choose(
        in command: Command, _ group: Command.Group, _ arguments: [String], isRoot: Bool
    ) -> Result<Choice, CommandFailure> {
        let leaves = command.leaves
        var wantsHelp = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument == "-h" || argument == "--help" {
                wantsHelp = true
                index += 1
                continue
            }
            if argument == "--version" { return .success(.version) }
            guard argument.hasPrefix("-"), argument != "-" else { break }
            let name = argument.dropFirst(2).prefix { $0 != "=" }
            let declaration = leaves.lazy.compactMap { $0.spec.declaration(named: String(name)) }.first
            guard argument.hasPrefix("--"), let declaration else {
                return .failure(.usage("unknown option `\(argument.prefix { $0 != "=" })`"))
            }
            index += declaration.valueName != nil && !argument.contains("=") ? 2 : 1
        }
        if wantsHelp { return .success(.help) }
        let names = group.children.map { "`\($0.name)`" }
        guard index < arguments.count, arguments[index] != "--" else {
            return .failure(.usage("missing \(group.childNoun): \(EnglishList.or(names))"))
        }
        let chosen = arguments[index]
        guard let child = group.children.first(where: { $0.name == chosen }) else {
            if chosen == "help" { return .success(.help) }
            return .failure(
                .usage("unknown \(group.childNoun) `\(chosen)`: use \(EnglishList.or(names))"))
        }
        var rest = arguments
        rest.remove(at: index)
        return .success(.child(child, rest))
    }
}

/// The values of `--format`, for every command of the package; each command offers the ones it writes (see
/// ``Option/format(_:help:)``). A new format is a new case here (the parser, the help and the error message
/// follow) and a new branch in the output switch of each command that offers it.
package enum OutputFormat: String, CaseIterable, Sendable {
    /// Human-readable lines (every command's default).
    case text
    /// JSON, as in the contract: written by `OrderedJSON`, compact (see Docs/link-router.md).
    case json
    /// A SARIF 2.1.0 log (GitHub code scanning and other tools).
    case sarif
    /// GitHub Actions workflow commands, one annotation per finding.
    case github
    /// A self-contained HTML page.
    case html
    /// A self-contained SVG image.
    case svg
}

extension Option where Value == OutputFormat {
    /// `--format a|b|c`, offering `choices` in this order (the first is the default the command uses when the
    /// option is not given).
    /// - Parameters:
    ///   - choices: The formats the command writes.
    ///   - help: What each format prints.
    package static func format(_ choices: [OutputFormat], help: String) -> Self {
        .choice("format", choices, help: help)
    }
}

extension CommandFailure {
    /// A `--format` value the command does not write: the branch of an exhaustive output switch for the formats
    /// its `--format` option does not offer (the parser refuses them first, so this is not reached).
    /// - Parameters:
    ///   - format: The format.
    ///   - command: The command as users type it after the program name (`aasa lint`).
    package static func unsupported(_ format: OutputFormat, by command: String) -> Self {
        .usage("`\(command)` does not write \(format.rawValue)")
    }
}

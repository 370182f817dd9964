/// A `--format` value a command offers: each command's formats are an enum of their own (its cases are all that it
/// writes, so its output switch has no branch for a format it never offers), declared with
/// ``Option/format(_:help:)``. The report-writing commands share ``ReportFormat``.
package protocol CommandFormat: RawRepresentable<String>, CaseIterable, Sendable {}

/// The formats of the commands that write a check's report (`link-router`'s): a command offers some of them, and
/// ``ReportOutput`` writes each from any `CheckReport`, so a new format is a new case here and a branch there, and
/// every command that lists it offers it.
package enum ReportFormat: String, CommandFormat {
    /// Human-readable lines (every command's default): the report's own text.
    case text
    /// The report's JSON (its `Encodable` shape), as in the contract (see Docs/link-router.md).
    case json
    /// A SARIF 2.1.0 log (GitHub code scanning and other tools), from the located findings.
    case sarif
    /// GitHub Actions workflow commands, one annotation per finding.
    case github
    /// `path:line:column: error|warning|note: message [code]`, the lines Xcode's issue navigator shows when a Run
    /// Script build phase prints them.
    case xcode
    /// A self-contained HTML page.
    case html
}

/// The values of `mediaqueue simulate --format`.
package enum OutputFormat: String, CommandFormat {
    /// Human-readable lines (the default).
    case text
    /// JSON Lines.
    case json
    /// A self-contained SVG image.
    case svg
}

extension Option where Value: CommandFormat {
    /// `--format a|b|c`, offering `choices` in this order (the first is the default the command uses when the
    /// option is not given).
    /// - Parameters:
    ///   - choices: The formats the command writes.
    ///   - help: What each format prints.
    package static func format(_ choices: [Value], help: String) -> Self {
        .choice("format", choices, help: help)
    }
}

/// The formats of a command that writes a value, not a check's report (`link-router url`): text or JSON.
package enum ValueFormat: String, CommandFormat {
    /// Human-readable lines (the default).
    case text
    /// JSON.
    case json
}

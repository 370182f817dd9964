/// Writes findings as GitHub Actions workflow commands (`::error file=F,line=L,col=C,title=T::message`), which
/// the runner turns into annotations on the file (package access: not public API).
///
/// Escaping follows the runner's workflow-command syntax (`@actions/core`'s `escapeData` and
/// `escapeProperty`): in the message, `%` → `%25`, CR → `%0D`, LF → `%0A`; in property values additionally
/// `:` → `%3A` and `,` → `%2C`. So a message with newlines stays one command, and a path with a comma cannot
/// start a new property.
package enum GitHubWorkflowCommands {
    /// The command for one finding: `::error` for errors, `::warning` for warnings, `::notice` for information
    /// and for a finding a baseline accepted (its message after ``ReportFinding/acceptedPrefix(_:)``); `file`,
    /// `line` and `col` when the finding has a location; `title` the rule id.
    ///
    /// - Parameter finding: The finding.
    /// - Returns: One line, without a line break.
    package static func command(for finding: ReportFinding) -> String {
        let command = finding.annotationKind(note: "notice")
        var properties: [(String, String)] = []
        if let location = finding.location {
            properties += [
                ("file", location.path), ("line", String(location.line)), ("col", String(location.column)),
            ]
        }
        properties.append(("title", finding.ruleID))
        let list = properties.map { $0.0 + "=" + escapeProperty($0.1) }.joined(separator: ",")
        return "::" + command + " " + list + "::" + escapeData(finding.annotationMessage)
    }

    /// A message escaped for a workflow command: `%`, CR and LF as `%25`, `%0D`, `%0A`.
    package static func escapeData(_ text: String) -> String {
        escaped(text, property: false)
    }

    /// A property value escaped for a workflow command: as ``escapeData(_:)``, and `:` and `,` as `%3A`, `%2C`.
    package static func escapeProperty(_ text: String) -> String {
        escaped(text, property: true)
    }

    private static func escaped(_ text: String, property: Bool) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "%": "%25"
            case "\r": "%0D"
            case "\n": "%0A"
            case ":" where property: "%3A"
            case "," where property: "%2C"
            default: nil
            }
        }
    }
}

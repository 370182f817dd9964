import FileLocations

/// One finding of a check as the writers show it, its place resolved to a path, a line and a column (package access: not public API).
///
/// `link-router check`, `aasa lint` and `aasa diff` turn their reports into findings; ``SARIFLog`` and
/// ``GitHubWorkflowCommands`` render them. A finding names its rule by id; the rule's descriptions are
/// given once, as a `FindingRule`.
package struct ReportFinding: Sendable, Hashable {
    /// How serious a finding is: a located finding's severity (SARIF's `error`, `warning`, `note`: see
    /// ``SARIFLog/level(_:)``).
    package typealias Level = LocatedFinding.Severity

    /// Where in a file a finding is: the path as the user gave it, and a 1-based line and column.
    package struct Location: Sendable, Hashable {
        /// The file's path, as given on the command line.
        package var path: String
        /// The 1-based line.
        package var line: Int
        /// The 1-based column, in Unicode scalars.
        package var column: Int

        /// Creates a location; lines and columns below 1 become 1.
        package init(path: String, line: Int, column: Int) {
            self.path = path
            self.line = max(1, line)
            self.column = max(1, column)
        }
    }

    /// The id of the rule (lint code, `unrouted`, ...).
    package var ruleID: String
    /// How serious it is.
    package var level: Level
    /// What was found, in one or more sentences.
    package var message: String
    /// Where, when the finding has a place in a file.
    package var location: Location?
    /// The baseline file that accepts the finding (shown, not counted), or nil for a finding that counts.
    package var acceptedIn: String?

    /// Creates a finding.
    package init(ruleID: String, level: Level, message: String, location: Location?, acceptedIn: String? = nil) {
        self.ruleID = ruleID
        self.level = level
        self.message = message
        self.location = location
        self.acceptedIn = acceptedIn
    }

    /// The sentence the GitHub and Xcode lines put before an accepted finding's message.
    ///
    /// - Parameter baseline: The baseline file, as the user named it.
    /// - Returns: The prefix, ending with a space.
    package static func acceptedPrefix(_ baseline: String) -> String {
        "accepted (in the baseline \(baseline)), not counted: "
    }

    /// The message the GitHub and Xcode lines show: ``acceptedPrefix(_:)`` first for a finding a baseline accepted.
    package var annotationMessage: String {
        (acceptedIn.map(Self.acceptedPrefix) ?? "") + message
    }

    /// The word the GitHub and Xcode lines give the finding: `error` or `warning` by its level, and `note` for
    /// information and for a finding a baseline accepted.
    ///
    /// - Parameter note: The writer's word for a note (Xcode's `note`, GitHub's `notice`).
    package func annotationKind(note: String) -> String {
        guard acceptedIn == nil else { return note }
        switch level {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return note
        }
    }
}

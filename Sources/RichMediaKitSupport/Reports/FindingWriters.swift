import FileLocations

/// The files a report's findings point into, as whoever read them knows them: each role's path as the user gave it
/// (nil when it has none to show, such as standard input) and its bytes (package access: not public API).
package struct ReportSources: Sendable {
    /// One file.
    package struct Source: Sendable {
        /// The path to show in annotations, or nil for a file read from standard input.
        package var path: String?
        /// The file's bytes, in which JSON pointers are looked up.
        package var bytes: [UInt8]

        /// Creates a source.
        package init(path: String?, bytes: [UInt8] = []) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// The files by role.
    package var files: [ReportFile: Source]

    /// Creates the sources.
    package init(_ files: [ReportFile: Source] = [:]) {
        self.files = files
    }

    /// Sets or replaces one file.
    package subscript(file: ReportFile) -> Source? {
        get { files[file] }
        set { files[file] = newValue }
    }

    /// Each finding's first place that can be shown, as a path with a 1-based line and column; messages and paths
    /// with their control characters escaped (``TerminalText/visible(_:)``, the package's one rule), so no annotation
    /// format carries one from a file or a server.
    ///
    /// A place can be shown when its file has a path and: its location has a line and column, or its pointer's value
    /// is found in the file's bytes (an ancestor's position for a value the file lacks). Pointers are looked up once
    /// per file.
    ///
    /// - Parameter findings: The findings.
    /// - Returns: The findings in the writers' neutral form, in order.
    /// - Complexity: O(*f* + *n* · *d*) for *f* findings and files of *n* bytes nested *d* deep.
    package func resolved(_ findings: [LocatedFinding]) -> [ReportFinding] {
        var pointers: [ReportFile: Set<String>] = [:]
        for finding in findings {
            for place in finding.places where !place.location.isTextPosition {
                if let pointer = place.location.pointer { pointers[place.file, default: []].insert(pointer.text) }
            }
        }
        var positions: [ReportFile: [String: JSONSourcePosition]] = [:]
        for (file, wanted) in pointers {
            guard let source = files[file], source.path != nil, !source.bytes.isEmpty else { continue }
            positions[file] = JSONSourcePositions.positions(of: wanted, in: source.bytes)
        }
        return findings.map { finding in
            ReportFinding(
                ruleID: finding.code, level: finding.severity, message: TerminalText.visible(finding.annotationText),
                location: location(of: finding, positions: positions))
        }
    }

    private func location(
        of finding: LocatedFinding, positions: [ReportFile: [String: JSONSourcePosition]]
    ) -> ReportFinding.Location? {
        for place in finding.places {
            guard let path = files[place.file]?.path else { continue }
            if let line = place.location.line, let column = place.location.column {
                return .init(path: TerminalText.visible(path), line: line, column: column)
            }
            if let pointer = place.location.pointer, let position = positions[place.file]?[pointer.text] {
                return .init(path: TerminalText.visible(path), line: position.line, column: position.column)
            }
        }
        return nil
    }
}

/// The one place every report becomes SARIF, GitHub annotations or Xcode's issue lines, from its located findings
/// (package access: not public API).
///
/// The findings a baseline accepted come after the others, marked as accepted: SARIF results with an external,
/// accepted suppression (SARIF 2.1.0 section 3.35), GitHub notices and Xcode notes whose message starts with
/// ``ReportFinding/acceptedPrefix(_:)``. They are shown, never counted: they fail nothing.
package enum FindingWriters {
    /// The findings a baseline accepted, and the baseline.
    package struct Accepted: Sendable {
        /// The baseline file, as the user named it.
        package var baseline: String
        /// The findings it accepted, in report order.
        package var findings: [LocatedFinding]

        /// Creates the accepted findings of one baseline.
        package init(baseline: String, findings: [LocatedFinding]) {
            self.baseline = baseline
            self.findings = findings
        }
    }

    /// A SARIF 2.1.0 log of the findings (see ``SARIFLog``).
    ///
    /// - Parameters:
    ///   - toolName: `tool.driver.name`.
    ///   - rules: The rules, in order (findings naming another code get a rule made from it).
    ///   - findings: The findings.
    ///   - accepted: The findings a baseline accepted, if one was given.
    ///   - sources: The files they point into.
    /// - Returns: The log, pretty-printed.
    package static func sarif(
        toolName: String, rules: [FindingRule], findings: [LocatedFinding], accepted: Accepted? = nil,
        sources: ReportSources
    ) -> String {
        SARIFLog.document(toolName: toolName, rules: rules, findings: resolved(findings, accepted, sources))
    }

    /// One GitHub workflow command per finding (see ``GitHubWorkflowCommands``), joined with `\n`; empty for none.
    package static func github(findings: [LocatedFinding], accepted: Accepted? = nil, sources: ReportSources) -> String
    {
        resolved(findings, accepted, sources).map(GitHubWorkflowCommands.command(for:)).joined(separator: "\n")
    }

    /// One line per finding as Xcode's issue navigator reads them from a build phase's output (see
    /// ``XcodeIssueLines``), joined with `\n`; empty for none.
    package static func xcode(findings: [LocatedFinding], accepted: Accepted? = nil, sources: ReportSources) -> String {
        resolved(findings, accepted, sources).map(XcodeIssueLines.line(for:)).joined(separator: "\n")
    }

    private static func resolved(
        _ findings: [LocatedFinding], _ accepted: Accepted?, _ sources: ReportSources
    ) -> [ReportFinding] {
        guard let accepted, !accepted.findings.isEmpty else { return sources.resolved(findings) }
        let marked = sources.resolved(accepted.findings).map { finding in
            var finding = finding
            finding.acceptedIn = TerminalText.visible(accepted.baseline)
            return finding
        }
        return sources.resolved(findings) + marked
    }
}

/// Writes findings as the lines Xcode turns into issues when a Run Script build phase prints them:
/// `path:line:column: error: message [code]`, `warning:` or `note:` (package access: not public API).
///
/// A finding without a place in a file is written without one (`error: message [code]`), which Xcode shows as an
/// issue of the build phase. Line breaks in a message become spaces, so each finding stays one issue. A finding a
/// baseline accepted is a `note:` whose message starts with ``ReportFinding/acceptedPrefix(_:)``.
package enum XcodeIssueLines {
    /// The line for one finding.
    ///
    /// - Parameter finding: The finding.
    /// - Returns: One line, without a line break.
    package static func line(for finding: ReportFinding) -> String {
        let kind = finding.annotationKind(note: "note")
        let message = String(finding.annotationMessage.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
        let place = finding.location.map { "\($0.path):\($0.line):\($0.column): " } ?? ""
        return place + kind + ": " + message + " [" + finding.ruleID + "]"
    }
}

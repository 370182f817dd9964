import FileLocations
import RichMediaKitSupport

/// The files a command read for a check: each one's role in the report (`ReportFile`), the name to show for it and,
/// for annotations, its path and bytes.
package struct ReportInputs: Sendable {
    /// The name to show for each file in text (`<stdin>` for standard input).
    package private(set) var names: [ReportFile: String] = [:]
    /// The paths and bytes the annotation writers locate findings in.
    package private(set) var sources = ReportSources()

    /// No files.
    package init() {}

    /// Adds a file read from `path` (`-` is standard input: shown as `<stdin>`, and findings in it are not located).
    ///
    /// - Parameters:
    ///   - file: Its role.
    ///   - path: The path as the user gave it.
    ///   - bytes: What was read (for JSON pointers' positions).
    package mutating func add(_ file: ReportFile, path: String, bytes: [UInt8] = []) {
        add(file, name: InputFile.displayName(path), annotationPath: path == "-" ? nil : path, bytes: bytes)
    }

    /// Adds a file with a name and an annotation path of its own (a fetched body: the URL that served it).
    ///
    /// - Parameters:
    ///   - file: Its role.
    ///   - name: The name to show in text.
    ///   - annotationPath: The path annotations name, or nil to leave its findings unlocated.
    ///   - bytes: Its bytes.
    package mutating func add(_ file: ReportFile, name: String, annotationPath: String?, bytes: [UInt8] = []) {
        names[file] = name
        sources[file] = .init(path: annotationPath, bytes: bytes)
    }

    /// Adds the files of `other` (a file both name keeps `other`'s name and bytes).
    ///
    /// - Parameter other: The files another check read.
    package mutating func merge(_ other: ReportInputs) {
        for (file, name) in other.names {
            names[file] = name
            sources[file] = other.sources[file]
        }
    }
}

/// How a command prints its report's JSON.
package enum JSONLayout: Sendable {
    /// On one line, members in the order the report encodes them (the package's JSON).
    case compact
    /// On one line, members sorted by key (`aasa fetch`).
    case sortedKeys
    /// An array with one element a line (`route`, `aasa match`: one element per URL).
    case lines
}

/// The one output path of the report-writing commands: turns a report into the chosen ``ReportFormat``, writes it to
/// standard output, and picks the exit status.
///
/// Text and JSON are the report's own (`renderedText(files:)`, its `Encodable` shape); SARIF, GitHub annotations,
/// Xcode's lines and the HTML page are written from its located findings by the package's writers. With a
/// baseline, every format says so after the report: the text's baseline lines (with the accepted findings in a
/// section of their own), the JSON's `"baseline"` member (with `"acceptedFindings"`), in the annotations one note
/// per stale entry and the accepted findings marked as accepted (SARIF suppressions, GitHub notices, Xcode notes).
package struct ReportOutput: Sendable {
    /// The tool's name in SARIF logs.
    package var toolName: String

    /// - Parameter toolName: The tool's name in SARIF logs.
    package init(toolName: String) {
        self.toolName = toolName
    }

    /// Writes `report` as `format`.
    ///
    /// - Parameters:
    ///   - report: The report (with a baseline: its new findings only).
    ///   - format: The format chosen.
    ///   - inputs: The files the command read.
    ///   - json: How the JSON is laid out.
    ///   - baseline: What a baseline did, if one was given.
    ///   - html: The page, for a command that offers `html` with one of its own; by default the page of the findings.
    /// - Throws: ``CommandFailure/input(_:)`` when the report cannot be written as JSON.
    package func write<Report: CheckReport>(
        _ report: Report, as format: ReportFormat, inputs: ReportInputs, json: JSONLayout = .compact,
        baseline: BaselineSummary? = nil, html: ((Report) -> String)? = nil
    ) throws(CommandFailure) {
        switch format {
        case .text:
            // The reports escape their values line by line; this keeps any control character a rendering missed
            // out of the terminal too (the package's one rule, ``TerminalText``).
            Console.out(TerminalText.visibleLines(report.renderedText(files: inputs.names)))
            if let baseline {
                Console.out(
                    BaselineText.rendered(
                        file: baseline.path, accepted: baseline.accepted, noun: baseline.noun,
                        stale: baseline.stale.map(\.description), note: baseline.versionNote?.message,
                        shown: baseline.acceptedLines))
            }
        case .json:
            var value = try OrderedJSON.encoding(report)
            if let baseline {
                value = value.appending([
                    .init(
                        "baseline",
                        .object(
                            [
                                .init("file", .string(baseline.path)), .init("accepted", .integer(baseline.accepted)),
                                .init("stale", .array(baseline.stale.map(\.json))),
                            ] + (baseline.versionNote.map { [.init("note", .string($0.message))] } ?? [])
                                + [
                                    .init(
                                        BaselineSummary.acceptedFindingsKey,
                                        .array(baseline.acceptedFindings.map(BaselineSummary.json)))
                                ]))
                ])
            }
            switch json {
            case .compact: Console.out(value.compact)
            case .sortedKeys: Console.out(value.sortingKeys.compact)
            case .lines: Console.out(value.lines)
            }
        case .sarif, .github, .xcode:
            var rules = report.findingRules
            var findings = report.locatedFindings
            var sources = inputs.sources
            if let baseline, let note = baseline.versionNote {
                rules.append(BaselineSummary.versionRule)
                findings.append(note)
                sources[.baseline] = sources[.baseline] ?? .init(path: baseline.path)
            }
            if let baseline, !baseline.stale.isEmpty {
                rules.append(BaselineStaleEntry.rule)
                findings += baseline.stale.map(\.note)
                sources[.baseline] = sources[.baseline] ?? .init(path: baseline.path)
            }
            let accepted = baseline.map { FindingWriters.Accepted(baseline: $0.path, findings: $0.acceptedFindings) }
            let text: String
            switch format {
            case .sarif:
                text = FindingWriters.sarif(
                    toolName: toolName, rules: rules, findings: findings, accepted: accepted, sources: sources)
            case .github: text = FindingWriters.github(findings: findings, accepted: accepted, sources: sources)
            default: text = FindingWriters.xcode(findings: findings, accepted: accepted, sources: sources)
            }
            if !text.isEmpty { Console.out(text) }
        case .html:
            let page =
                html?(report)
                ?? ReportHTMLPage(
                    report: report, title: toolName, names: inputs.names, sources: inputs.sources,
                    accepted: baseline?.acceptedFindings ?? []
                )
                .render()
            Console.out(String(page.dropLast()))
        }
    }

    /// The exit status of a check: 1 when the report is not clean, else 0; always 0 when the command only wrote a
    /// baseline (`--write-baseline` without `--baseline`).
    ///
    /// - Parameters:
    ///   - report: The report written.
    ///   - onlyWritesBaseline: Whether the run only recorded a baseline.
    /// - Returns: The status.
    package func exitStatus(_ report: some CheckReport, onlyWritesBaseline: Bool = false) -> ExitStatus {
        onlyWritesBaseline || report.isClean ? .success : .findings
    }
}

import FileLocations

/// The one baseline mechanism of the package's checks (package access: the public baselines conform).
///
/// A baseline records the findings a team has accepted, each by a stable identity (its ``Entry``: a code and what
/// the finding is about by content, never its message, example URL or position in a file: see ``BaselineSubject``),
/// so that a check run against it fails only on new findings, however the files are reordered. Version 1 files
/// recorded rules and filters by position; they are still read (such an entry matches the finding now at that
/// position, which is what it meant) and the run says once that the file should be written again. Every baseline file is of one family: pretty JSON, `"version"` first, then the baseline's scope (the
/// domain, the app ID), then one array of entries, one a line. Comparing a report with it is one
/// ``BaselinePartition``: the findings it does not accept (new), those it accepts, and its entries that match no
/// finding (stale: the problem is fixed, so the entry can go).
package protocol FindingBaseline: Sendable {
    /// A finding's identity.
    associatedtype Entry: Hashable, Sendable, CustomStringConvertible
    /// The report whose findings it accepts.
    associatedtype Report: CheckReport

    /// A baseline accepting every finding of `report` (what `--write-baseline` records).
    init(report: Report)
    /// The format version of the file the baseline was read from (``formatVersion`` when it was made from a
    /// report).
    var fileVersion: Int { get }
    /// Splits `report` by this baseline: the report of its new findings, how many it accepts, and the stale
    /// entries.
    func split(_ report: Report) -> (new: Report, accepted: Int, stale: [Entry])

    /// The key of the entries' array in the file (`diagnostics`, `gaps`).
    static var entriesKey: String { get }
    /// What a finding is called in the text (`diagnostic`, `gap`).
    static var noun: String { get }
    /// The accepted findings, in report order.
    var entries: [Entry] { get }
    /// The members written between `"version"` and the entries (the baseline's scope), in order.
    var scopeMembers: [OrderedJSON.Member] { get }
    /// One entry as the file writes it.
    static func json(_ entry: Entry) -> OrderedJSON
    /// The note's message for an entry that no longer matches a finding.
    static func staleMessage(_ entry: Entry) -> String
}

extension FindingBaseline {
    /// The version every baseline file is written with (`"version"`): 2, entries by content. Version 1 files
    /// (entries by position) are still read; other versions are refused.
    package static var formatVersion: Int { 2 }

    /// The baseline file's text: pretty JSON, one entry a line, ending with a newline; of the version it was read
    /// as (a version 1 file's entries stay positions: only `--write-baseline` makes them content).
    package var fileText: String {
        // One entry a line, however deep its subjects are (``OrderedJSON/pretty`` would open nested objects).
        let members = ([.init("version", .integer(fileVersion))] + scopeMembers).map {
            "  \(JSONQuoting.quoted($0.key)): \($0.value.spacedLine)"
        }
        let list =
            entries.isEmpty
            ? "[]" : "[\n" + entries.map { "    " + Self.json($0).spacedLine }.joined(separator: ",\n") + "\n  ]"
        return "{\n" + (members + ["  \(JSONQuoting.quoted(Self.entriesKey)): \(list)"]).joined(separator: ",\n")
            + "\n}\n"
    }

    /// What a comparison did, for the commands' output: how many findings the baseline accepted and its stale
    /// entries, each located at its line of the baseline file.
    ///
    /// - Parameters:
    ///   - path: The baseline file as the user named it.
    ///   - accepted: How many findings it accepted.
    ///   - stale: Its stale entries.
    ///   - acceptedFindings: The findings it accepted, shown apart from the new ones (see
    ///     ``acceptedFindings(of:new:)``).
    /// - Returns: The summary.
    package func summary(
        path: String, accepted: Int, stale: [Entry], acceptedFindings: [LocatedFinding] = []
    ) -> BaselineSummary {
        var indexes: [Entry: Int] = [:]
        for (index, entry) in entries.enumerated() where indexes[entry] == nil { indexes[entry] = index }
        let array = JSONPointer.root.appending(Self.entriesKey)
        return BaselineSummary(
            path: path, noun: Self.noun, accepted: accepted, acceptedFindings: acceptedFindings,
            versionNote: fileVersion < Self.formatVersion
                ? LocatedFinding(
                    code: BaselineSummary.versionRule.code, severity: .info,
                    message: BaselineSummary.versionMessage(fileVersion), in: .baseline,
                    at: .pointer(JSONPointer.root.appending("version"))) : nil,
            stale: stale.map { entry in
                BaselineStaleEntry(
                    description: entry.description, json: Self.json(entry),
                    note: LocatedFinding(
                        code: BaselineStaleEntry.rule.code, severity: .info, message: Self.staleMessage(entry),
                        in: .baseline, at: .pointer(array.appending(indexes[entry] ?? 0))))
            })
    }
}

extension FindingBaseline {
    /// The findings of `report` that a split left out of `new` (the accepted ones), in report order: every
    /// baseline's split, whatever its report, seen as the one finding shape.
    ///
    /// - Parameters:
    ///   - report: Today's whole report.
    ///   - new: The report of its new findings (``split(_:)``'s `new`).
    /// - Returns: The accepted findings.
    /// - Complexity: O(*f*) for *f* findings.
    package static func acceptedFindings(of report: Report, new: Report) -> [LocatedFinding] {
        var kept: [LocatedFinding: Int] = [:]
        for finding in new.locatedFindings { kept[finding, default: 0] += 1 }
        return report.locatedFindings.filter { finding in
            guard let count = kept[finding], count > 0 else { return true }
            kept[finding] = count - 1
            return false
        }
    }
}

/// What a baseline did to a report: shown after the report in every format (package access).
package struct BaselineSummary: Sendable {
    /// The baseline file, as the user named it.
    package var path: String
    /// What a finding is called in the text (`gap`, `diagnostic`).
    package var noun: String
    /// How many findings it accepted (they decide nothing).
    package var accepted: Int
    /// The findings it accepted, in report order: shown apart from the new ones (text: their own section; JSON:
    /// `"baseline": {..., "acceptedFindings"}`; HTML: a section of their own).
    package var acceptedFindings: [LocatedFinding]
    /// Its entries that no longer occur.
    package var stale: [BaselineStaleEntry]
    /// The note that the file is of an older format version and should be written again, located at its
    /// `"version"`; nil for a current file.
    package var versionNote: LocatedFinding?

    /// The rule of the note for a baseline file of an older format version.
    package static let versionRule = FindingRule(
        code: "baseline-version",
        summary: "The baseline file is of an older format version: its entries name rules and filters by position.",
        help: "Write the baseline again with --write-baseline: version 2 names them by content, so accepted findings "
            + "stay accepted when other rules, routes or filters move.",
        severity: .info)

    /// The note's message for a file of `version`.
    ///
    /// - Parameter version: The file's version.
    /// - Returns: One sentence.
    package static func versionMessage(_ version: Int) -> String {
        "The baseline is version \(version) (entries by position, matched at today's positions); write it again "
            + "with --write-baseline so that accepted findings survive edits."
    }

    /// Creates a summary.
    package init(
        path: String, noun: String, accepted: Int, acceptedFindings: [LocatedFinding] = [],
        versionNote: LocatedFinding? = nil, stale: [BaselineStaleEntry]
    ) {
        self.path = path
        self.noun = noun
        self.accepted = accepted
        self.acceptedFindings = acceptedFindings
        self.versionNote = versionNote
        self.stale = stale
    }
}

extension BaselineSummary {
    /// The key of the accepted findings in the JSON's `"baseline"` member, the same for every check.
    package static let acceptedFindingsKey = "acceptedFindings"

    /// The accepted findings' text lines (`code: message`), for ``BaselineText/rendered(file:accepted:noun:stale:note:shown:)``.
    package var acceptedLines: [String] { acceptedFindings.map { "\($0.code): \($0.message)" } }

    /// One finding as the JSON lists it: `{"code", "severity", "message", "fix", "places": [{"file", "pointer",
    /// "line", "column"}]}` (`fix` null when the rule's help is the fix; a place's missing parts null), the
    /// package's one finding shape, whatever the check.
    ///
    /// - Parameter finding: The finding.
    /// - Returns: Its JSON.
    package static func json(_ finding: LocatedFinding) -> OrderedJSON {
        func optional(_ value: Int?) -> OrderedJSON { value.map { .integer($0) } ?? .null }
        return .object([
            .init("code", .string(finding.code)), .init("severity", .string(finding.severity.rawValue)),
            .init("message", .string(finding.message)), .init("fix", finding.fix.map { .string($0) } ?? .null),
            .init(
                "places",
                .array(
                    finding.places.map { place in
                        .object([  // the keys and order of every place (`encodePlace`)
                            .init(PlaceKeys.file.rawValue, .string(place.file.rawValue)),
                            .init(PlaceKeys.pointer.rawValue, place.location.pointer.map { .string($0.text) } ?? .null),
                            .init(PlaceKeys.line.rawValue, optional(place.location.line)),
                            .init(PlaceKeys.column.rawValue, optional(place.location.column)),
                        ])
                    })),
        ])
    }
}

/// A baseline entry that matches no finding any more (package access).
package struct BaselineStaleEntry: Sendable {
    /// The rule of the notes for stale entries.
    package static let rule = FindingRule(
        code: "stale-baseline-entry", summary: "A baseline entry accepts a finding that no longer occurs.",
        help: "Delete the entry (or write the baseline again with --write-baseline) so the baseline only shrinks.",
        severity: .info)

    /// The entry described (`unclaimed search (no rule)`).
    package var description: String
    /// The entry as the baseline file writes it.
    package var json: OrderedJSON
    /// A note located at the entry in the baseline file.
    package var note: LocatedFinding
}

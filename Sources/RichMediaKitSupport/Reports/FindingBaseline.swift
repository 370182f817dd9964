import FileLocations

/// The one baseline mechanism of the package's checks (package access: the public baselines conform).
///
/// A baseline records the findings a team has accepted, each by a stable identity (its ``Entry``: a code and what
/// the finding is about, never its message or example URL), so that a check run against it fails only on new
/// findings. Every baseline file is of one family: pretty JSON, `"version"` first, then the baseline's scope (the
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
    var scope: [OrderedJSON.Member] { get }
    /// One entry as the file writes it.
    static func json(_ entry: Entry) -> OrderedJSON
    /// The note's message for an entry that no longer matches a finding.
    static func staleMessage(_ entry: Entry) -> String
}

extension FindingBaseline {
    /// The version every baseline file is written with (`"version"`); files of another version are refused.
    package static var formatVersion: Int { 1 }

    /// The baseline file's text: pretty JSON, one entry a line, ending with a newline.
    package var fileText: String {
        OrderedJSON.object(
            [.init("version", .integer(Self.formatVersion))] + scope
                + [.init(Self.entriesKey, .array(entries.map(Self.json)))]
        ).pretty + "\n"
    }

    /// Splits `findings` by this baseline.
    ///
    /// - Parameters:
    ///   - findings: Today's findings.
    ///   - identity: A finding's entry.
    /// - Returns: The new and accepted findings and the stale entries.
    /// - Complexity: O(*f* + *b*) for *f* findings and *b* entries.
    package func partition<Finding>(
        _ findings: [Finding], identity: (Finding) -> Entry
    ) -> BaselinePartition<Finding, Entry> {
        BaselinePartition(findings, accepting: entries, key: identity)
    }

    /// The entries of today's findings, each once, in order (what `--write-baseline` records).
    ///
    /// - Parameter identities: Each finding's entry, in report order.
    /// - Returns: The distinct entries.
    package static func distinct(_ identities: [Entry]) -> [Entry] {
        var seen = Set<Entry>()
        return identities.filter { seen.insert($0).inserted }
    }

    /// What a comparison did, for the commands' output: how many findings the baseline accepted and its stale
    /// entries, each located at its line of the baseline file.
    ///
    /// - Parameters:
    ///   - path: The baseline file as the user named it.
    ///   - accepted: How many findings it accepted.
    ///   - stale: Its stale entries.
    /// - Returns: The summary.
    package func summary(path: String, accepted: Int, stale: [Entry]) -> BaselineSummary {
        var indexes: [Entry: Int] = [:]
        for (index, entry) in entries.enumerated() where indexes[entry] == nil { indexes[entry] = index }
        let array = JSONPointer.root.appending(Self.entriesKey)
        return BaselineSummary(
            path: path, noun: Self.noun, accepted: accepted,
            stale: stale.map { entry in
                BaselineStaleEntry(
                    description: entry.description, json: Self.json(entry),
                    note: LocatedFinding(
                        code: BaselineStaleEntry.rule.code, severity: .info, message: Self.staleMessage(entry),
                        in: .baseline, at: .pointer(array.appending(indexes[entry] ?? 0))))
            })
    }
}

/// What a baseline did to a report: shown after the report in every format (package access).
package struct BaselineSummary: Sendable {
    /// The baseline file, as the user named it.
    package var path: String
    /// What a finding is called in the text (`gap`, `diagnostic`).
    package var noun: String
    /// How many findings it accepted (not shown).
    package var accepted: Int
    /// Its entries that no longer occur.
    package var stale: [BaselineStaleEntry]

    /// Creates a summary.
    package init(path: String, noun: String, accepted: Int, stale: [BaselineStaleEntry]) {
        self.path = path
        self.noun = noun
        self.accepted = accepted
        self.stale = stale
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

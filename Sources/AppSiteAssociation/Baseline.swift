import RichMediaKitSupport

/// A report whose findings a ``Baseline`` can accept: it says what identifies each finding (its
/// ``BaselineEntry``), what the baseline's scope is, and how it splits into new and accepted findings.
///
/// The package's reports conform (``AASALintReport``, and the coverage reports of LinkCoverage and AppCoverage), and
/// a report of your own can: its ``BaselineEntry`` (``FindingIdentity`` itself, or any ``FindingIdentifying`` or
/// `Codable` type) is written to the file as its identity or `Codable` encoding and read back the same way, so one
/// ``Baseline`` accepts, compares and writes its findings as it does the package's.
public protocol BaselineReport: CheckReport {
    /// What identifies one finding in a baseline: a code or kind and the facts the finding is about by content
    /// (domain, route, a rule's content, ...), never its message, example URL or position. A version 1 entry
    /// names its rule or filter by position instead.
    associatedtype BaselineEntry: Sendable, Hashable, Codable, CustomStringConvertible

    /// The members of the baseline's scope that the file has (each required when it is read).
    static var baselineScopeFields: [BaselineScope.Field] { get }
    /// The key of the entries' array in the file (`gaps`, `diagnostics`).
    static var baselineEntriesKey: String { get }
    /// What a finding is called in the text (`gap`, `diagnostic`).
    static var baselineNoun: String { get }
    /// What the report's findings were found for: a value for each of ``baselineScopeFields``.
    var baselineScope: BaselineScope { get }

    /// Splits the report into the findings `accepts` accepts and the others, asking once about each finding a
    /// baseline can accept, in report order (a finding the check could not decide is never asked about and stays
    /// new).
    ///
    /// - Parameter accepts: Whether a finding, known by its identity and by the entry a version 1 file had for it
    ///   (by position), is accepted.
    /// - Returns: The report of the findings not accepted (`new`) and the report of those accepted.
    func baselineSplit(
        _ accepts: (_ identity: BaselineEntry, _ positional: BaselineEntry) -> Bool
    ) -> (new: Self, accepted: Self)
}

/// What a baseline's findings were found for: the members of the file between `"version"` and the entries.
public struct BaselineScope: Sendable, Hashable {
    /// A member of the scope, named as the file names it.
    ///
    /// Closed: the scope is these three facts.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        /// `"domain"`: the domain whose AASA file was checked.
        case domain
        /// `"appID"`: the iOS app ID.
        case appID
        /// `"package"`: the Android package name.
        case packageName = "package"
    }

    /// The domain (a one-file check).
    public var domain: String?
    /// The iOS app ID.
    public var appID: String?
    /// The Android package name (`"package"` in the file).
    public var packageName: String?

    /// A scope.
    ///
    /// - Parameters:
    ///   - domain: The domain.
    ///   - appID: The iOS app ID.
    ///   - packageName: The Android package name.
    public init(domain: String? = nil, appID: String? = nil, packageName: String? = nil) {
        self.domain = domain
        self.appID = appID
        self.packageName = packageName
    }

    /// The value of `field`.
    public subscript(field: Field) -> String? {
        get {
            switch field {
            case .domain: return domain
            case .appID: return appID
            case .packageName: return packageName
            }
        }
        set {
            switch field {
            case .domain: domain = newValue
            case .appID: appID = newValue
            case .packageName: packageName = newValue
            }
        }
    }
}

extension BaselineReport {
    /// The entries' array is `gaps`, unless the report says otherwise.
    public static var baselineEntriesKey: String { "gaps" }
    /// A finding is a gap, unless the report says otherwise.
    public static var baselineNoun: String { "gap" }
}

/// The findings a team has accepted, so that a check run with `--baseline FILE` fails only on new ones: the one
/// baseline of every check (`link-router check` in each of its forms, `aasa lint`).
///
/// A baseline is a version, a scope (the domain, app ID or package it was written for: see
/// ``BaselineScope``) and its ``entries``, each a finding's identity by content (see
/// ``BaselineReport/BaselineEntry``), so that accepted findings stay accepted when other rules, routes or filters
/// are inserted, deleted or reordered. Comparing a report with it (``compare(_:)``) splits the report into new and
/// accepted findings and lists the stale entries (accepted findings that no longer occur, so the file can shrink).
///
/// The file is small, reviewable JSON, one entry a line:
///
/// ```json
/// {
///   "version": 2,
///   "domain": "example.com",
///   "appID": "ABCDE12345.com.example.app",
///   "gaps": [
///     {"kind": "unrouted", "rule": {"/": "/help/*"}},
///     {"kind": "unclaimed", "route": "search", "rule": null}
///   ]
/// }
/// ```
///
/// A version 1 file (rules by JSON pointer, filters by `line:column`) is still read: its entry accepts the finding
/// now at that place, and the comparison says once that the file should be written again.
///
/// <!-- snippet: CoverageBaselineDocExample -->
/// ```swift
/// let baseline = try Baseline<CoverageReport>(json: Array(baselineData))
/// let comparison = baseline.compare(report)
/// for gap in comparison.new.unrouted { print("new:", gap.rule, gap.example) }
/// for gap in comparison.new.unclaimed { print("new:", gap.route, gap.example) }
/// for entry in comparison.stale { print("stale:", entry) }
/// // new: help https://example.com/help/internal
/// // stale: unclaimed search (no rule)
/// ```
public struct Baseline<Report: BaselineReport>: Sendable {
    /// One accepted finding's identity.
    public typealias Entry = Report.BaselineEntry

    /// A report split by a baseline: see ``Baseline/compare(_:)``.
    public struct Comparison: Sendable {
        /// The report of the findings the baseline does not accept (and those the check could not decide).
        public var new: Report
        /// The report of the findings the baseline accepts.
        public var accepted: Report
        /// The baseline's entries that match no finding any more, in the file's order: the baseline can drop them.
        public var stale: [Entry]
        /// The format version of the baseline file (1: entries by position; it should be written again).
        public var fileVersion: Int

        /// The baseline's part of the text output, printed after the report of the new findings, as the commands
        /// print it: a blank line, how many findings the baseline accepted, the note of an older file, the accepted
        /// findings (`code: message`), then the stale entries. Control characters are shown as `\u{XX}`.
        ///
        /// - Parameter file: The baseline file's name as the user gave it.
        /// - Returns: The lines joined with `\n`, starting with an empty line (no trailing newline).
        public func renderedText(file: String) -> String {
            let findings = accepted.locatedFindings
            return BaselineText.rendered(
                file: file, accepted: findings.count, noun: Report.baselineNoun, stale: stale.map(\.description),
                note: fileVersion < Baseline.version ? BaselineSummary.versionMessage(fileVersion) : nil,
                shown: findings.map { "\($0.code): \($0.message)" })
        }
    }

    /// The file format's version, written as `"version"`: 2 (version 1 files are still read; others are refused).
    public static var version: Int { 2 }

    /// The version of the file the baseline was read from (``version`` for one made from a report): 1 when its
    /// entries name rules and filters by position.
    public var fileVersion: Int = Baseline.version
    /// What the findings were found for: a value for each of the report's
    /// ``BaselineReport/baselineScopeFields`` (the domain, the app ID, the package).
    public var scope: BaselineScope
    /// The accepted findings' identities, in report order.
    public var entries: [Entry]

    /// Creates a baseline.
    ///
    /// - Parameters:
    ///   - scope: What the findings were found for (see ``scope``).
    ///   - entries: The accepted findings' identities.
    public init(scope: BaselineScope, entries: [Entry]) {
        self.scope = scope
        self.entries = entries
    }

    /// A baseline accepting every finding of `report` that a baseline can accept (what `--write-baseline` writes).
    ///
    /// - Parameter report: Today's report.
    public init(report: Report) {
        var identities: [Entry] = []
        _ = report.baselineSplit { identity, _ in
            identities.append(identity)
            return true
        }
        var seen = Set<Entry>()
        self.init(scope: report.baselineScope, entries: identities.filter { seen.insert($0).inserted })
    }

    /// Reads a baseline file.
    ///
    /// - Parameter json: The file's bytes.
    /// - Throws: ``BaselineError`` saying where the file is wrong.
    public init(json: some Collection<UInt8>) throws(BaselineError) {
        try self.init(json: json, userInfo: [:])
    }

    /// Reads a baseline file with a decoder whose `userInfo` is `userInfo` (package access: what an entry's decoding
    /// needs to know, such as the platforms a both-platforms baseline's entries may name).
    ///
    /// - Parameters:
    ///   - json: The file's bytes.
    ///   - userInfo: The decoder's `userInfo`.
    /// - Throws: ``BaselineError`` saying where the file is wrong.
    package init(json: some Collection<UInt8>, userInfo: [CodingUserInfoKey: any Sendable]) throws(BaselineError) {
        do {
            self = try BaselineDecoding.decode(Self.self, from: Array(json), userInfo: userInfo)
        } catch {
            throw BaselineError(error)
        }
    }

    /// The baseline file's text: pretty JSON, `"version"` first, then the scope, then one entry a line, ending with
    /// a newline; of the version it was read as (a version 1 file's entries stay positions: only `--write-baseline`
    /// makes them content).
    public var json: String { fileText }

    /// Splits `report` into new findings, accepted findings and stale entries.
    ///
    /// The scope is not compared: check ``scope`` against the report first when a mismatch should be an error.
    /// - Parameter report: Today's report.
    /// - Returns: The comparison.
    /// - Complexity: O(*f* + *b*) for *f* findings and *b* entries.
    public func compare(_ report: Report) -> Comparison { counted(report).comparison }

    /// The comparison and how many findings it accepted.
    fileprivate func counted(_ report: Report) -> (comparison: Comparison, accepted: Int) {
        var matcher = BaselineMatcher(accepting: entries)
        var accepted = 0
        let split = report.baselineSplit { identity, positional in
            let isAccepted = matcher.accepts([identity, positional])
            if isAccepted { accepted += 1 }
            return isAccepted
        }
        return (
            Comparison(new: split.new, accepted: split.accepted, stale: matcher.stale, fileVersion: fileVersion),
            accepted
        )
    }

    /// The scope as the file writes it, in order (package access: see ``FindingBaseline``).
    package var scopeMembers: [OrderedJSON.Member] {
        Report.baselineScopeFields.map { .init($0.rawValue, .string(scope[$0] ?? "")) }
    }
}

extension Baseline: Equatable where Report.BaselineEntry: Equatable {}
extension Baseline: Hashable where Report.BaselineEntry: Hashable {}
extension Baseline.Comparison: Equatable where Report: Equatable {}
extension Baseline.Comparison: Hashable where Report: Hashable {}

extension Baseline: Codable {
    /// Decodes a baseline: `version` (1 or ``version``), the scope's strings, then the entries.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a wrong version or a missing or mistyped key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        fileVersion = try BaselineDecoding.checkVersion(container, key: AnyCodingKey("version"), expected: Self.version)
        var scope = BaselineScope()
        for field in Report.baselineScopeFields {
            scope[field] = try container.decode(String.self, forKey: AnyCodingKey(field.rawValue))
        }
        self.scope = scope
        entries = try container.decode([Entry].self, forKey: AnyCodingKey(Report.baselineEntriesKey))
    }

    /// Encodes the baseline with its version, scope and entries, in the file's order.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(fileVersion, forKey: AnyCodingKey("version"))
        for field in Report.baselineScopeFields {
            try container.encode(scope[field] ?? "", forKey: AnyCodingKey(field.rawValue))
        }
        try container.encode(entries, forKey: AnyCodingKey(Report.baselineEntriesKey))
    }
}

/// The baseline is the package's one baseline mechanism, for the commands' output.
extension Baseline: FindingBaseline {
    package static var entriesKey: String { Report.baselineEntriesKey }
    package static var noun: String { Report.baselineNoun }

    /// The entry as the file writes it: a ``FindingIdentifying`` entry (the package's, or ``FindingIdentity``) as its
    /// identity, any other (a report of the user's own) as its `Codable` encoding, which ``Baseline/init(json:)`` reads
    /// back.
    package static func json(_ entry: Entry) -> OrderedJSON {
        if let entry = entry as? any FindingIdentifying { return entry.identity.json }
        return (try? OrderedJSON(encoding: entry)) ?? .string(entry.description)
    }

    package static func staleMessage(_ entry: Entry) -> String {
        "The accepted \(noun) \(entry) no longer \(noun == "diagnostic" ? "occurs" : "exists"); remove it from the "
            + "baseline."
    }

    package func split(_ report: Report) -> (new: Report, accepted: Int, stale: [Entry]) {
        let (comparison, accepted) = counted(report)
        return (comparison.new, accepted, comparison.stale)
    }
}

extension BaselineReport {
    /// ``baselineSplit(_:)`` of a report whose findings are the list at `findings` (package access: the whole-app,
    /// Android and lint reports split theirs this way).
    ///
    /// - Parameters:
    ///   - findings: The findings' list.
    ///   - undecided: Whether a finding is one the check could not decide: never accepted, it stays new.
    ///   - isAccepted: Whether the baseline accepts a finding.
    /// - Returns: The report of the new findings and the report of the accepted ones.
    package func baselineSplit<Finding>(
        _ findings: WritableKeyPath<Self, [Finding]>, undecided: (Finding) -> Bool = { _ in false },
        by isAccepted: (Finding) -> Bool
    ) -> (new: Self, accepted: Self) {
        var new = self
        var accepted = self
        (new[keyPath: findings], accepted[keyPath: findings]) = self[keyPath: findings].partitioned(
            undecided: undecided, by: isAccepted)
        return (new, accepted)
    }
}

extension Array {
    /// The elements `isIncluded` accepts and the others, each in order (package access: the reports'
    /// ``BaselineReport/baselineSplit(_:)``).
    ///
    /// - Parameters:
    ///   - undecided: Whether an element is one the check could not decide: never asked about, it is rejected, after
    ///     the others.
    ///   - isIncluded: Whether an element is accepted.
    /// - Returns: The rejected and the accepted elements.
    package func partitioned(
        undecided: (Element) -> Bool = { _ in false }, by isIncluded: (Element) -> Bool
    ) -> (rejected: [Element], accepted: [Element]) {
        var rejected: [Element] = []
        var accepted: [Element] = []
        var unasked: [Element] = []
        for element in self {
            if undecided(element) {
                unasked.append(element)
            } else if isIncluded(element) {
                accepted.append(element)
            } else {
                rejected.append(element)
            }
        }
        return (rejected + unasked, accepted)
    }
}

/// The one shape of every check's report: located findings, one "is it clean" answer computed from them, and the
/// report's own text (its JSON is its `Encodable` conformance).
///
/// SARIF logs, GitHub annotations, Xcode's issue lines and the HTML page are written once, from
/// ``locatedFindings``, by the package's report writers (as `link-router --format sarif|github|xcode|html` does), never
/// per report: a new check conforms, and every format follows. The model is Hummingbird's `ResponseEncodable`: one
/// protocol, one default conformance (``isClean`` and ``findingRules`` have defaults).
///
/// A report with nothing wrong to say (`aasa match`'s decisions, `route`'s) conforms too: its findings are
/// information (``FindingSeverity/info``), and information never makes a report unclean.
///
/// <!-- snippet: CheckReportDocExample -->
/// ```swift
/// struct SpellingReport: CheckReport {
///     var misspelled: [(word: String, pointer: JSONPointer)]
///
///     var locatedFindings: [LocatedFinding] {
///         misspelled.map { word in
///             LocatedFinding(
///                 code: "misspelled", severity: .warning, message: "`\(word.word)` is not a word.",
///                 fix: "Correct the spelling.", in: .routes, at: .pointer(word.pointer))
///         }
///     }
///
///     func renderedText(files: [ReportFile: String]) -> String {
///         locatedFindings.map(\.message).joined(separator: "\n")
///     }
///
///     func encode(to encoder: any Encoder) throws {
///         var container = encoder.singleValueContainer()
///         try container.encode(misspelled.map(\.word))
///     }
/// }
/// ```
public protocol CheckReport: Sendable, Encodable {
    /// Every finding, in the order the report lists them, each with the places it is about.
    var locatedFindings: [LocatedFinding] { get }

    /// The rules the findings name (for SARIF's `rules`), in a stable order. By default one rule per code, in order
    /// of first appearance, described by the first finding with that code.
    var findingRules: [FindingRule] { get }

    /// Whether the check passed (exit status 0). By default: no finding is an error. A report whose warnings fail
    /// the check too (`aasa diff`: any change) says so here, still computed from ``locatedFindings``.
    var isClean: Bool { get }

    /// The report as its command prints it as text.
    ///
    /// - Parameter files: The name to show for each file the report reads (as the user gave it; `<stdin>` for
    ///   standard input). A report that names no file ignores it.
    /// - Returns: The lines joined with `\n` (no trailing newline).
    func renderedText(files: [ReportFile: String]) -> String
}

extension CheckReport {
    /// No finding is an error.
    public var isClean: Bool { !locatedFindings.contains { $0.severity == .error } }

    /// One rule per code, in order of first appearance: the first finding's message as the description, its fix as
    /// the help, its severity as the default.
    public var findingRules: [FindingRule] { FindingRule.rules(for: locatedFindings) }
}

/// A report that is one of several reports, such as the report of whichever platforms a project names: its findings,
/// rules, verdict, text and JSON are those of the report it wraps.
///
/// A conforming type says only which report it wraps (``report``, usually a `switch` over its cases); every
/// ``CheckReport`` member passes through to it. `LinkProjectReport`, `LinkProjectLintReport` and
/// `LinkProjectDoctorReport` conform: a program switches on them to reach a report's own members, and writes them as
/// the commands do.
public protocol WrappingCheckReport: CheckReport {
    /// The wrapped report.
    var report: any CheckReport { get }
}

extension WrappingCheckReport {
    /// The wrapped report's findings.
    public var locatedFindings: [LocatedFinding] { report.locatedFindings }

    /// The wrapped report's rules.
    public var findingRules: [FindingRule] { report.findingRules }

    /// Whether the wrapped report is clean.
    public var isClean: Bool { report.isClean }

    /// The wrapped report's text.
    ///
    /// - Parameter files: The name to show for each file the report reads.
    /// - Returns: The wrapped report's text.
    public func renderedText(files: [ReportFile: String]) -> String { report.renderedText(files: files) }

    /// The wrapped report's JSON.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws { try report.encode(to: encoder) }
}

/// A report whose text stands alone (package access): it names its files itself, or names none, so its
/// ``CheckReport/renderedText(files:)`` is its ``renderedText()``.
package protocol StandaloneTextCheckReport: CheckReport {
    /// The report as its command prints it as text.
    ///
    /// - Returns: The lines joined with `\n` (no trailing newline).
    func renderedText() -> String
}

extension StandaloneTextCheckReport {
    /// ``renderedText()``: the text names its files itself, or none.
    ///
    /// - Parameter files: Not used.
    /// - Returns: The lines joined with `\n`.
    public func renderedText(files: [ReportFile: String]) -> String { renderedText() }
}

/// One finding of a check: a code, a severity, a message, a fix, and the places in named files it is about.
public struct LocatedFinding: Sendable, Hashable {
    /// How serious a finding is: the package's one severity, ``FindingSeverity`` (`.note` is now `.info`).
    public typealias Severity = FindingSeverity

    /// Where a finding is: a file the report names, and the place in it.
    public struct Place: Sendable, Hashable {
        /// The file, by its role in the check.
        public var file: ReportFile
        /// The place in the file: a JSON pointer (a writer finds its line and column in the file's bytes), a line
        /// and column, or both.
        public var location: FileLocation

        /// A place in a file.
        ///
        /// - Parameters:
        ///   - file: The file, by its role.
        ///   - location: The place in it.
        public init(_ file: ReportFile, _ location: FileLocation) {
            self.file = file
            self.location = location
        }
    }

    /// The stable code, such as `unrouted` or `unknown-key` (SARIF's `ruleId`).
    public var code: String
    /// How serious it is.
    public var severity: Severity
    /// What was found, in one or more sentences.
    public var message: String
    /// How to fix it, or nil when the rule's help is the fix.
    public var fix: String?
    /// Where it is, best first: a writer shows the first place whose file it can show (a file read from standard
    /// input has no name to show); empty for a finding about no file (an HTTP request, a decision).
    public var places: [Place]

    /// Creates a finding.
    ///
    /// - Parameters:
    ///   - code: The stable code.
    ///   - severity: How serious it is.
    ///   - message: What was found.
    ///   - fix: How to fix it.
    ///   - places: Where it is, best first.
    public init(code: String, severity: Severity, message: String, fix: String? = nil, places: [Place] = []) {
        self.code = code
        self.severity = severity
        self.message = message
        self.fix = fix
        self.places = places
    }

    /// Creates a finding at one place.
    ///
    /// - Parameters:
    ///   - code: The stable code.
    ///   - severity: How serious it is.
    ///   - message: What was found.
    ///   - fix: How to fix it.
    ///   - file: The file it is in.
    ///   - location: The place in the file.
    public init(
        code: String, severity: Severity, message: String, fix: String? = nil, in file: ReportFile,
        at location: FileLocation
    ) {
        self.init(code: code, severity: severity, message: message, fix: fix, places: [Place(file, location)])
    }

    /// The first place, if any.
    public var place: Place? { places.first }

    /// The message and the fix as annotations show them: `message Fix: fix`.
    public var annotationText: String { fix.map { message + " Fix: " + $0 } ?? message }
}

/// A file a report's findings point into, named by its role in the check (`aasa`, `routes`, `entitlements`), so that
/// the report needs no paths: whoever read the files (a command) says where each is and gives its bytes.
public struct ReportFile: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The role's name, such as `aasa` or `site:example.com`.
    public var rawValue: String

    /// A file by its role's name.
    ///
    /// - Parameter rawValue: The role's name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The role's name.
    public var description: String { rawValue }

    /// The apple-app-site-association file checked.
    public static let aasa = ReportFile(rawValue: "aasa")
    /// The routes file.
    public static let routes = ReportFile(rawValue: "routes")
    /// The app's entitlements.
    public static let entitlements = ReportFile(rawValue: "entitlements")
    /// The app's `Info.plist`.
    public static let infoPlist = ReportFile(rawValue: "info-plist")
    /// The baseline file of accepted findings.
    public static let baseline = ReportFile(rawValue: "baseline")
    /// The old version of a file compared (`aasa diff OLD NEW`).
    public static let old = ReportFile(rawValue: "old")
    /// The new version of a file compared.
    public static let new = ReportFile(rawValue: "new")
    /// The body a server served (`aasa fetch`).
    public static let body = ReportFile(rawValue: "body")

    /// The apple-app-site-association file of one domain (the whole-app check reads one per claimed domain).
    ///
    /// - Parameter domain: The domain, lower-case.
    /// - Returns: The file.
    public static func site(_ domain: String) -> ReportFile {
        ReportFile(rawValue: "site:" + domain)
    }
}

/// A rule a check reports findings for: its code, what it finds and how to fix what it finds (SARIF's
/// `reportingDescriptor`).
public struct FindingRule: Sendable, Hashable {
    /// The code, as in ``LocatedFinding/code``.
    public var code: String
    /// What the rule finds, in one sentence.
    public var summary: String
    /// How to fix what it finds.
    public var help: String
    /// The severity of its findings.
    public var severity: FindingSeverity

    /// Creates a rule.
    ///
    /// - Parameters:
    ///   - code: The code.
    ///   - summary: What the rule finds.
    ///   - help: How to fix what it finds.
    ///   - severity: The severity of its findings.
    public init(code: String, summary: String, help: String, severity: FindingSeverity) {
        self.code = code
        self.summary = summary
        self.help = help
        self.severity = severity
    }

    /// One rule per code of `findings`, in order of first appearance, made by `rule` from the first finding with the
    /// code (by default: its message, its fix and its severity).
    ///
    /// - Parameters:
    ///   - findings: The findings.
    ///   - rule: The rule of a code, from its first finding.
    /// - Returns: The rules.
    public static func rules(
        for findings: [LocatedFinding],
        _ rule: (LocatedFinding) -> FindingRule = {
            FindingRule(code: $0.code, summary: $0.message, help: $0.fix ?? "", severity: $0.severity)
        }
    ) -> [FindingRule] {
        var seen = Set<String>()
        return findings.filter { seen.insert($0.code).inserted }.map(rule)
    }
}

/// The coding keys of a report whose JSON says whether the check passed: a member `ok` (package access).
///
/// A report's JSON writes `"ok"` only through ``Swift/KeyedEncodingContainer/encodeVerdict(of:)``, from its
/// ``CheckReport/isClean``, so the JSON and the exit status never disagree.
package protocol VerdictCodingKey: CodingKey {
    /// The key of the verdict, `ok`.
    static var ok: Self { get }
}

extension KeyedEncodingContainer where Key: VerdictCodingKey {
    /// Writes `"ok": report.isClean`: the one place a report's JSON says whether its check passed.
    ///
    /// - Parameter report: The report (`self` in its `encode(to:)`, or a report it nests).
    /// - Throws: What the encoder throws.
    package mutating func encodeVerdict(of report: some CheckReport) throws {
        try encode(report.isClean, forKey: .ok)
    }
}

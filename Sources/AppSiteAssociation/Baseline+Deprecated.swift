// The spellings of the five baselines before there was one ``Baseline``, kept as deprecated forwarding: the ones every
// kind of baseline shares are here, once; the type names (and the one initializer a kind had of its own) are in
// the module of their report (`LinkCoverage`, `AppCoverage`).

/// The lint diagnostics a team has accepted: now ``Baseline`` of ``AASALintReport``.
@available(*, deprecated, message: "use Baseline<AASALintReport>")
public typealias AASALintBaseline = Baseline<AASALintReport>

/// An entry that names a rule by its JSON pointer when it is read from a version 1 file (the coverage checks'
/// entries): the one home of their deprecated `rule`.
public protocol RulePointerEntry {
    /// The rule's JSON pointer, for an entry read from a version 1 file (which named rules by position); nil in
    /// version 2.
    var rulePointer: String? { get set }
}

extension RulePointerEntry {
    /// The rule's pointer of a version 1 entry: now ``rulePointer``.
    @available(*, deprecated, renamed: "rulePointer", message: "version 2 baselines name rules by content")
    public var rule: String? {
        get { rulePointer }
        set { rulePointer = newValue }
    }
}

extension Baseline {
    /// An accepted gap: now ``Entry``.
    @available(*, deprecated, renamed: "Entry")
    public typealias Gap = Entry

    /// The accepted gaps: now ``entries``.
    @available(*, deprecated, renamed: "entries")
    public var gaps: [Entry] {
        get { entries }
        set { entries = newValue }
    }

    /// The accepted diagnostics: now ``entries``.
    @available(*, deprecated, renamed: "entries")
    public var diagnostics: [Entry] {
        get { entries }
        set { entries = newValue }
    }

    /// The domain the gaps were found for: now `scope.domain`.
    @available(*, deprecated, renamed: "scope.domain")
    public var domain: String {
        get { scope.domain ?? "" }
        set { scope.domain = newValue }
    }

    /// The app ID the gaps were found for: now `scope.appID`.
    @available(*, deprecated, renamed: "scope.appID")
    public var appID: String {
        get { scope.appID ?? "" }
        set { scope.appID = newValue }
    }

    /// The Android package the gaps were found for: now `scope.packageName`.
    @available(*, deprecated, renamed: "scope.packageName")
    public var packageName: String {
        get { scope.packageName ?? "" }
        set { scope.packageName = newValue }
    }
}

extension Baseline where Report == AASALintReport {
    /// A lint baseline of these entries.
    ///
    /// - Parameter diagnostics: The accepted diagnostics.
    @available(*, deprecated, renamed: "init(scope:entries:)")
    public init(diagnostics: [Entry]) { self.init(scope: BaselineScope(), entries: diagnostics) }
}

extension Baseline.Comparison where Report == AASALintReport {
    /// The diagnostics the baseline does not accept: now the report ``new``.
    @available(*, deprecated, message: "new is a report: use new.diagnostics")
    public var new: [AASADiagnostic] { new.diagnostics }

    /// The diagnostics the baseline accepts: now the report ``accepted``.
    @available(*, deprecated, message: "accepted is a report: use accepted.diagnostics")
    public var accepted: [AASADiagnostic] { accepted.diagnostics }
}

extension AASALintReport.BaselineEntry {
    /// The JSON pointer of a version 1 entry (`""` for a version 2 entry).
    @available(*, deprecated, renamed: "position", message: "version 2 baselines name values by subject")
    public var pointer: String {
        get { position ?? "" }
        set { position = newValue }
    }

    /// An entry of a version 1 file: a code and a JSON pointer.
    ///
    /// - Parameters:
    ///   - code: The diagnostic's code.
    ///   - pointer: Its JSON pointer.
    @available(*, deprecated, renamed: "init(code:subject:)", message: "values are identified by content")
    public init(code: String, pointer: String) {
        self.init(code: code, subject: "[]")
        subject = nil
        position = pointer
    }
}

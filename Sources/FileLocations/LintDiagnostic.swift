/// One problem a lint found, in the one shape every lint's diagnostic has: a stable code, a severity, a message, a fix,
/// and where it is (the place in the file, and the file when the diagnostic knows it).
///
/// The three lints' diagnostics are this type with their own codes: `AASADiagnostic` is
/// `LintDiagnostic<AASADiagnosticCode>`, `AppLinkDiagnostic` is `LintDiagnostic<AppLinkDiagnosticCode>` and
/// `AndroidLinkDiagnostic` is `LintDiagnostic<AndroidLinkDiagnosticCode>`. Code written once over the shape handles
/// them all, and each becomes its report's finding (``locatedFinding``) the same way; each lint's module keeps the
/// names its diagnostics always had (`pointer`, `line` and `column` of an AASA diagnostic; the `location` of an app
/// or Android one) as members of its own specialization.
///
/// <!-- snippet: LintDiagnosticDocExample -->
/// ```swift
/// func summary<Code>(_ diagnostics: [LintDiagnostic<Code>]) -> [String] {
///     diagnostics.map { "\($0.severity) \($0.code.rawValue) \($0.place): \($0.message) (fix: \($0.fix))" }
/// }
/// ```
public struct LintDiagnostic<C: LintDiagnosticCode>: Sendable, Hashable, CustomStringConvertible {
    /// The lint's code type, such as `AASADiagnosticCode` (so `AASADiagnostic.Code` names it).
    public typealias Code = C
    /// How serious a diagnostic is: the package's one severity, ``FindingSeverity`` (error, warning or info; an info
    /// never fails a lint).
    public typealias Severity = FindingSeverity

    /// The diagnostic's severity.
    public var severity: Severity
    /// The stable code, such as `undefined-variable` or `fingerprint-format`.
    public var code: Code
    /// What is wrong, in one sentence.
    public var message: String
    /// How to fix it, in one line (the `"fix"` and `"hint"` of the lints' JSON, ``LocatedFinding/fix``).
    public var fix: String
    /// The file the diagnostic is in, when the diagnostic knows it (an AASA diagnostic is in `.aasa`, an app one in
    /// `.entitlements` or `.infoPlist`); nil when the report says it (an Android diagnostic's report entry) or when
    /// the problem is not in one place of a file (an app lint's missing key).
    public var file: ReportFile?
    /// Where the problem is in the file: a JSON pointer with, when known, its line and column (a JSON syntax error
    /// has only the line and column); a property list's key path with its position; a manifest's line and column.
    /// Empty (`FileLocation()`) when the problem is of no one place.
    public var place: FileLocation
    /// What the diagnostic is about by content, when the AASA linter found it: the way from the file's root to the
    /// offending value, each array element named by its content (see `AASALintReport.BaselineEntry.subject`).
    package var subject: String?

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - severity: Error, warning or info.
    ///   - code: The stable code.
    ///   - message: What is wrong.
    ///   - fix: How to fix it.
    ///   - file: The file it is in, when the diagnostic knows it.
    ///   - place: Where it is in the file.
    public init(
        severity: Severity, code: Code, message: String, fix: String, file: ReportFile? = nil,
        place: FileLocation = FileLocation()
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.fix = fix
        self.file = file
        self.place = place
    }

    /// How to fix it: the name ``fix`` had before 0.2.0 (the lints' JSON still writes it as `"hint"` too).
    @available(*, deprecated, renamed: "fix", message: "every finding names it `fix`")
    public var hint: String {
        get { fix }
        set { fix = newValue }
    }

    /// Whether the diagnostics are the same: everything but the `subject` (derived from the file, not part of the
    /// diagnostic's JSON).
    ///
    /// - Parameters:
    ///   - lhs: A diagnostic.
    ///   - rhs: Another.
    /// - Returns: Whether they are the same.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.severity == rhs.severity && lhs.code == rhs.code && lhs.message == rhs.message && lhs.fix == rhs.fix
            && lhs.file == rhs.file && lhs.place == rhs.place
    }

    /// Hashes what `==` compares.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(severity)
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(fix)
        hasher.combine(file)
        hasher.combine(place)
    }

    /// `error[code] place: message`, the place as the lint writes it (``LintDiagnosticCode/describedPlace(_:in:)``;
    /// left out when empty).
    public var description: String {
        let written = Code.describedPlace(place, in: file)
        return "\(severity.rawValue)[\(code.rawValue)]" + (written.isEmpty ? "" : " " + written) + ": \(message)"
    }

    /// The diagnostic as a finding in its ``file`` (no place without one): see ``locatedFinding(in:)``.
    public var locatedFinding: LocatedFinding { locatedFinding(in: file) }

    /// The diagnostic as a finding in `file`: its message with, when it names one, the key path or pointer it is at
    /// (`message (at /applinks/details/0).`, else `message.`), its fix, and its place in `file`. A property-list
    /// place is written at its line and column (the file's start in a binary property list, which has no lines),
    /// its key path as the pointer.
    ///
    /// - Parameter file: The file the diagnostic is in (an Android report entry's file), nil for none.
    /// - Returns: The finding.
    public func locatedFinding(in file: ReportFile?) -> LocatedFinding {
        let named = place.keyPath ?? (Code.namesPointerInMessage ? place.pointer?.text : nil) ?? ""
        var location = place
        if let keyPath = place.keyPath {
            location = .text(line: place.line ?? 1, column: place.column ?? 1)
            if !keyPath.isEmpty { location.pointer = JSONPointer(propertyListKeyPath: keyPath) }
        }
        return LocatedFinding(
            code: code.rawValue, severity: severity, message: message + (named.isEmpty ? "." : " (at \(named))."),
            fix: fix, places: file.map { [LocatedFinding.Place($0, location)] } ?? [])
    }
}

/// A lint's stable diagnostic code, such as `AASADiagnosticCode`: its text, and how the lint writes a place.
///
/// Codes never change meaning; new ones may be added.
public protocol LintDiagnosticCode: RawRepresentable<String>, Sendable, Hashable, CustomStringConvertible {
    /// Whether a finding's message names the JSON pointer of its place (`message (at /pointer).`), as the AASA
    /// lint's do. A property-list place's key path is always named. By default, false.
    static var namesPointerInMessage: Bool { get }

    /// The place as the diagnostic's `description` writes it. By default, the place's own description (`3:17`,
    /// `/pointer`, `byte 390`, or nothing).
    ///
    /// - Parameters:
    ///   - place: The place in the file.
    ///   - file: The file, if the diagnostic knows it.
    /// - Returns: The text, empty to leave it out.
    static func describedPlace(_ place: FileLocation, in file: ReportFile?) -> String
}

extension LintDiagnosticCode {
    /// False: the message does not name the pointer.
    public static var namesPointerInMessage: Bool { false }

    /// The place's own description.
    ///
    /// - Parameters:
    ///   - place: The place in the file.
    ///   - file: The file, ignored.
    /// - Returns: `place.description`.
    public static func describedPlace(_ place: FileLocation, in file: ReportFile?) -> String { place.description }

    /// The code's text (`CustomStringConvertible`).
    public var description: String { rawValue }
}

/// A lint's code whose diagnostics encode to its command's JSON (`aasa lint`, `app lint`): each lint writes its own
/// keys, then the keys every lint's diagnostic has, `"fix"` and `"places"`.
public protocol EncodableLintDiagnosticCode: LintDiagnosticCode {
    /// Encodes a diagnostic as the lint's command writes it.
    ///
    /// - Parameters:
    ///   - diagnostic: The diagnostic.
    ///   - encoder: The encoder.
    /// - Throws: What the encoder throws.
    static func encode(_ diagnostic: LintDiagnostic<Self>, to encoder: any Encoder) throws
}

/// A diagnostic whose code says how encodes as its lint's command writes it.
extension LintDiagnostic: Encodable where C: EncodableLintDiagnosticCode {
    /// Encodes the diagnostic as its lint's command writes it (``EncodableLintDiagnosticCode/encode(_:to:)``).
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        try Code.encode(self, to: encoder)
    }
}

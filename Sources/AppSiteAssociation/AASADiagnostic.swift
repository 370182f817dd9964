import FileLocations

/// One problem the AASA linter found: severity, stable code, JSON pointer, message and fix hint.
///
/// <!-- snippet: AASADiagnosticDocExample -->
/// ```swift
/// let report = AASALinter.lint(Array(data), passes: [])
/// for diagnostic in report.diagnostics {
///     print(diagnostic.severity, diagnostic.code, diagnostic.pointer, diagnostic.message)
/// }
/// ```
public struct AASADiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is: the package's one severity, `FindingSeverity` (error, warning or info; an info,
    /// such as a rule the unreachable-rule analysis gave up on, `analysis-skipped`, never fails a lint).
    public typealias Severity = FindingSeverity

    /// The diagnostic's severity.
    public var severity: Severity
    /// The stable code, such as `undefined-variable`; see ``Code``.
    public var code: Code
    /// The JSON pointer of the offending value (`""` is the whole file).
    public var pointer: String
    /// What is wrong, in one sentence.
    public var message: String
    /// How to fix it, in one line.
    public var hint: String
    /// How to fix it, in one line: the same as ``hint``, under the name every finding uses (the `"fix"` of
    /// `aasa lint --format json`, ``LocatedFinding/fix``).
    public var fix: String {
        get { hint }
        set { hint = newValue }
    }
    /// For syntax errors: the 1-based line and column in the file.
    public var line: Int?
    /// For syntax errors: the 1-based column (in Unicode scalars) in the file.
    public var column: Int?
    /// What the diagnostic is about by content, when the linter found it: the way from the file's root to the
    /// offending value, each array element named by its content (see `AASALintReport.BaselineEntry.subject`).
    package var subject: String?

    /// Where the problem is: the offending value's JSON pointer and, for syntax errors, the line and column (a
    /// syntax error has no pointer: no value parsed there).
    public var fileLocation: FileLocation {
        let isTextPosition = line != nil && column != nil
        return FileLocation(
            pointer: isTextPosition && pointer.isEmpty ? nil : JSONPointer(known: pointer), line: line, column: column)
    }

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - severity: Error, warning or info.
    ///   - code: The stable code.
    ///   - pointer: The JSON pointer of the offending value.
    ///   - message: What is wrong.
    ///   - hint: How to fix it.
    ///   - line: The 1-based line, for syntax errors.
    ///   - column: The 1-based column, for syntax errors.
    public init(
        severity: Severity, code: Code, pointer: String, message: String, hint: String, line: Int? = nil,
        column: Int? = nil
    ) {
        self.severity = severity
        self.code = code
        self.pointer = pointer
        self.message = message
        self.hint = hint
        self.line = line
        self.column = column
    }

    /// Whether the diagnostics are the same: everything but the `subject` (derived from the file, not part of the
    /// diagnostic's JSON).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.severity == rhs.severity && lhs.code == rhs.code && lhs.pointer == rhs.pointer
            && lhs.message == rhs.message && lhs.hint == rhs.hint && lhs.line == rhs.line && lhs.column == rhs.column
    }

    /// Hashes what `==` compares.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(severity)
        hasher.combine(code)
        hasher.combine(pointer)
        hasher.combine(message)
        hasher.combine(hint)
        hasher.combine(line)
        hasher.combine(column)
    }

    /// `error[code] /pointer: message`, with `line:column` for syntax errors.
    public var description: String {
        "\(severity.rawValue)[\(code.rawValue)] \(fileLocation): \(message)"
    }
}

import FileLocations

/// One problem the AASA linter found: severity, stable code, JSON pointer, message and fix; the one diagnostic shape,
/// ``LintDiagnostic``, with the AASA lint's codes (``AASADiagnosticCode``), in the file `.aasa`.
///
/// Its place is the offending value's JSON pointer (``LintDiagnostic/pointer``) and, for syntax errors, the line and
/// column (``LintDiagnostic/line``, ``LintDiagnostic/column``).
///
/// <!-- snippet: AASADiagnosticDocExample -->
/// ```swift
/// let report = AASALinter.lint(Array(data), passes: [])
/// for diagnostic in report.diagnostics {
///     print(diagnostic.severity, diagnostic.code, diagnostic.pointer, diagnostic.message)
/// }
/// ```
public typealias AASADiagnostic = LintDiagnostic<AASADiagnosticCode>

extension LintDiagnostic where C == AASADiagnosticCode {
    /// The JSON pointer of the offending value (`""` is the whole file, and a syntax error's).
    public var pointer: String {
        get { place.pointer?.text ?? "" }
        set { place = Self.place(pointer: newValue, line: line, column: column) }
    }
    /// For syntax errors: the 1-based line in the file.
    public var line: Int? {
        get { place.line }
        set { place = Self.place(pointer: pointer, line: newValue, column: column) }
    }
    /// For syntax errors: the 1-based column (in Unicode scalars) in the file.
    public var column: Int? {
        get { place.column }
        set { place = Self.place(pointer: pointer, line: line, column: newValue) }
    }

    /// Where the problem is: the offending value's JSON pointer and, for syntax errors, the line and column (a
    /// syntax error has no pointer: no value parsed there). The same as ``LintDiagnostic/place``.
    public var fileLocation: FileLocation { place }

    /// Creates a diagnostic in the AASA file (`.aasa`).
    ///
    /// - Parameters:
    ///   - severity: Error, warning or info.
    ///   - code: The stable code.
    ///   - pointer: The JSON pointer of the offending value.
    ///   - message: What is wrong.
    ///   - hint: How to fix it (the ``LintDiagnostic/fix``).
    ///   - line: The 1-based line, for syntax errors.
    ///   - column: The 1-based column, for syntax errors.
    public init(
        severity: Severity, code: Code, pointer: String, message: String, hint: String, line: Int? = nil,
        column: Int? = nil
    ) {
        self.init(
            severity: severity, code: code, message: message, fix: hint, file: .aasa,
            place: Self.place(pointer: pointer, line: line, column: column))
    }

    /// The place of a pointer, line and column: a syntax error (a line and column, and the empty pointer) has no
    /// pointer.
    private static func place(pointer: String, line: Int?, column: Int?) -> FileLocation {
        let isTextPosition = line != nil && column != nil
        return FileLocation(
            pointer: isTextPosition && pointer.isEmpty ? nil : JSONPointer(known: pointer), line: line, column: column)
    }
}

extension AASADiagnosticCode {
    /// True: an AASA finding's message names the pointer it is at (`message (at /applinks/details/0).`).
    public static var namesPointerInMessage: Bool { true }
}

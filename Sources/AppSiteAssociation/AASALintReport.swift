/// The linter's findings for one file.
public struct AASALintReport: Sendable, Equatable {
    /// Every diagnostic (errors, warnings, infos), in file order: by the position of the value each
    /// points at, whole-file diagnostics first.
    public var diagnostics: [AASADiagnostic]
    /// The file as loaded, or nil when it could not be loaded at all (size, syntax, not an object).
    public var file: AASAFile?

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - diagnostics: The diagnostics.
    ///   - file: The loaded file.
    public init(diagnostics: [AASADiagnostic], file: AASAFile?) {
        self.diagnostics = diagnostics
        self.file = file
    }

    /// The number of errors.
    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    /// The number of warnings.
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    /// The number of diagnostics that are information (`"infos"` in the JSON).
    public var infoCount: Int { diagnostics.filter { $0.severity == .info }.count }
    /// The distinct codes reported, for quick checks.
    public var codes: Set<AASADiagnostic.Code> { Set(diagnostics.map(\.code)) }
}

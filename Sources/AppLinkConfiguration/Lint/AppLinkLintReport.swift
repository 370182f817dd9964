/// The entitlements lint's findings for one app configuration.
public struct AppLinkLintReport: Sendable, Equatable {
    /// Every diagnostic, in file order: the entitlements' first, then the Info.plist's, each by position.
    public var diagnostics: [AppLinkDiagnostic]

    /// Creates a report.
    ///
    /// - Parameter diagnostics: The diagnostics.
    public init(diagnostics: [AppLinkDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// The number of errors.
    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    /// The number of warnings.
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    /// The number of diagnostics that are information.
    public var infoCount: Int { diagnostics.filter { $0.severity == .info }.count }
    /// The distinct codes reported.
    public var codes: Set<AppLinkDiagnostic.Code> { Set(diagnostics.map(\.code)) }
}

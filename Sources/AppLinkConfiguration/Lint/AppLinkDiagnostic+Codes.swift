// Codes print as codes: `print(diagnostic.severity)` writes `error`, `warning` or `info`, as the command writes it.

extension AppLinkDiagnostic.Severity: CustomStringConvertible {
    /// The severity as the command and JSON write it (its raw value).
    public var description: String { rawValue }
}

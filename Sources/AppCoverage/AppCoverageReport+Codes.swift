// Codes print as codes: `print(gap.kind)` writes `associated-domain-not-entitled`, the text users see in the
// command's output, JSON, SARIF and baselines, not the Swift case name.

extension AppCoverageReport.Gap.Kind: CustomStringConvertible {
    /// The gap kind's code, such as `associated-domain-not-entitled` (its raw value).
    public var description: String { rawValue }
}

extension AppCoverageReport.Domain.State: CustomStringConvertible {
    /// The domain state's code, such as `not-claimed` (its raw value).
    public var description: String { rawValue }
}

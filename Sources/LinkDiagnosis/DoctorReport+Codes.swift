// Codes print as codes: `print(step.name)` writes `entitlement`, as the command's output and JSON do.

extension DoctorReport.Step.Name: CustomStringConvertible {
    /// The step's name as the command and JSON write it (its raw value).
    public var description: String { rawValue }
}

extension DoctorReport.Step.Verdict: CustomStringConvertible {
    /// The verdict as the command and JSON write it: `ok`, `broken` or `skipped` (its raw value).
    public var description: String { rawValue }
}

/// An extra check the AASA linter runs on a loaded file, after its own checks.
///
/// The linter's extension point: modules with more machinery offer passes without the linter depending
/// on them. `LinkCoverage` provides `AASALintPass.unreachableRules` (rules that can never decide a URL,
/// found with its automata); `import LinkRouter` brings it in too.
///
/// <!-- snippet: AASALintPassDocExample -->
/// ```swift
/// let noEmptyDetails = AASALintPass { file in
///     guard let appLinks = file.appLinks, appLinks.details.isEmpty else { return [] }
///     return [AASADiagnostic(severity: .warning, code: .missingAppID, pointer: "/applinks/details",
///                            message: "no entries", hint: "add an entry")]
/// }
/// let report = AASALinter.lint(bytes, passes: [noEmptyDetails])
/// ```
public struct AASALintPass: Sendable {
    /// The check: the diagnostics it finds in a loaded file, in the order found.
    let check: @Sendable (AASAFile) -> [AASADiagnostic]

    /// Creates a pass from a check.
    ///
    /// - Parameter check: Returns the diagnostics the pass finds in a loaded file. It must not trap on
    ///   any file the decoder loads, since lint input is untrusted.
    public init(_ check: @escaping @Sendable (AASAFile) -> [AASADiagnostic]) {
        self.check = check
    }
}

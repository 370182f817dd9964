/// Checks an apple-app-site-association file against what iOS accepts and what authors mean.
///
/// Errors mean iOS will not do what the author meant (or nothing at all); warnings flag legal
/// but probably mistaken content. Every diagnostic has a stable ``AASADiagnostic/Code``, a JSON
/// pointer, a message and a one-line fix hint; JSON syntax errors carry a line and column.
///
/// This module's own checks cover syntax, the schema, app IDs, variables and patterns. Checks that need
/// more machinery come as extra passes (``AASALintPass``): `LinkCoverage` provides
/// `AASALintPass.unreachableRules`, the rule-order check `linkrouter aasa lint` runs.
///
/// ```swift
/// let report = AASALinter.lint(Array(data), passes: [])  // import LinkCoverage for [.unreachableRules]
/// if report.errorCount > 0 { ... }
/// ```
public enum AASALinter {
    /// Lints a file's bytes with this module's checks, then the given extra passes.
    ///
    /// The 128 KB limit is checked before parsing; the parser is iterative and depth-limited, so
    /// no input crashes or hangs the linter. The passes run, in order, only when the file could be
    /// loaded; their diagnostics follow the linter's own.
    ///
    /// ```swift
    /// import LinkCoverage
    ///
    /// let report = AASALinter.lint(bytes, passes: [.unreachableRules])  // what `linkrouter aasa lint` runs
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - contentType: The `Content-Type` the server sent, if known; anything but
    ///     `application/json` (parameters such as `charset` aside) is a `content-type` warning.
    ///   - passes: Extra checks to run on the loaded file (`[]` for this module's checks alone).
    /// - Returns: The diagnostics, and the file when it could be loaded.
    /// - Complexity: O(n) in the file size, plus compiling every pattern once, plus the passes.
    public static func lint(
        _ bytes: some Collection<UInt8>, contentType: String? = nil, passes: [AASALintPass]
    ) -> AASALintReport {
        let loaded = AASAFile.load(bytes)
        var diagnostics = loaded.diagnostics
        if let contentType {
            let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            if mediaType.filter({ $0 != " " }).lowercased() != "application/json" {
                diagnostics.append(
                    AASADiagnostic(
                        severity: .warning, code: .contentType, pointer: "",
                        message: "the file is served as '\(contentType)'; iOS expects application/json",
                        hint: "configure the server to send Content-Type: application/json for this path"))
            }
        }
        if let file = loaded.file {
            var checker = AASASemanticChecker(file: file)
            checker.run()
            diagnostics += checker.diagnostics
            for pass in passes { diagnostics += pass.check(file) }
        }
        return AASALintReport(diagnostics: diagnostics, file: loaded.file)
    }
}

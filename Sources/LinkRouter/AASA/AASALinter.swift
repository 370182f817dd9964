/// Checks an apple-app-site-association file against what iOS accepts and what authors mean.
///
/// Errors mean iOS will not do what the author meant (or nothing at all); warnings flag legal
/// but probably mistaken content. Every diagnostic has a stable ``AASADiagnostic/Code``, a JSON
/// pointer, a message and a one-line fix hint; JSON syntax errors carry a line and column.
///
/// ```swift
/// let report = AASALinter.lint(Array(data))
/// if report.errorCount > 0 { ... }
/// ```
public enum AASALinter {
    /// Lints a file's bytes.
    ///
    /// The 128 KB limit is checked before parsing; the parser is iterative and depth-limited, so
    /// no input crashes or hangs the linter.
    ///
    /// - Parameter bytes: The file's contents.
    /// - Returns: The diagnostics, and the file when it could be loaded.
    /// - Complexity: O(n) in the file size, plus compiling every pattern once.
    public static func lint(_ bytes: some Collection<UInt8>) -> AASALintReport {
        let loaded = AASAFile.load(bytes)
        var diagnostics = loaded.diagnostics
        if let file = loaded.file {
            var checker = AASASemanticChecker(file: file)
            checker.run()
            diagnostics += checker.diagnostics
        }
        return AASALintReport(diagnostics: diagnostics, file: loaded.file)
    }
}

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
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - contentType: The `Content-Type` the server sent, if known; anything but
    ///     `application/json` (parameters such as `charset` aside) is a `content-type` warning.
    /// - Returns: The diagnostics, and the file when it could be loaded.
    /// - Complexity: O(n) in the file size, plus compiling every pattern once.
    public static func lint(_ bytes: some Collection<UInt8>, contentType: String? = nil) -> AASALintReport {
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
        }
        return AASALintReport(diagnostics: diagnostics, file: loaded.file)
    }
}

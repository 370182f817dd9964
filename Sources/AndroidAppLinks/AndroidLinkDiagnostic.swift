import FileLocations

/// One problem found in an `assetlinks.json` file or an `AndroidManifest.xml`: a code, a severity, a message, how
/// to fix it and where; the one diagnostic shape, ``LintDiagnostic``, with the Android lints' codes
/// (``AndroidLinkDiagnosticCode``).
///
/// Diagnostics of `assetlinks.json` carry the JSON pointer of the value and its line and column; diagnostics of a
/// manifest carry the element's or attribute's line and column. The file is the report's
/// (``AndroidLintReport/Entry/file``).
public typealias AndroidLinkDiagnostic = LintDiagnostic<AndroidLinkDiagnosticCode>

extension LintDiagnostic where C == AndroidLinkDiagnosticCode {
    /// Where: a JSON pointer with its line and column, or a line and column in a manifest (the
    /// ``LintDiagnostic/place``).
    public var location: FileLocation {
        get { place }
        set { place = newValue }
    }

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - severity: How serious the problem is.
    ///   - code: The stable code.
    ///   - message: What is wrong.
    ///   - hint: How to fix it (the ``LintDiagnostic/fix``).
    ///   - location: Where.
    public init(severity: Severity, code: Code, message: String, hint: String, location: FileLocation) {
        self.init(severity: severity, code: code, message: message, fix: hint, place: location)
    }
}

import FileLocations

/// One problem found in an `assetlinks.json` file or an `AndroidManifest.xml`: a code, a severity, a message, how
/// to fix it and where.
///
/// Diagnostics of `assetlinks.json` carry the JSON pointer of the value and its line and column; diagnostics of a
/// manifest carry the element's or attribute's line and column.
public struct AndroidLinkDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is: the package's one severity, `FindingSeverity` (ordered errors first, as before).
    public typealias Severity = FindingSeverity

    /// How serious the problem is.
    public var severity: Severity
    /// The stable code, such as `fingerprint-format`.
    public var code: Code
    /// What is wrong, in one sentence.
    public var message: String
    /// How to fix it, in one sentence.
    public var hint: String
    /// How to fix it, in one sentence: the same as ``hint``, under the name every finding uses (the `"fix"` of
    /// `assetlinks lint` and `app lint --manifest` with `--format json`, ``LocatedFinding/fix``).
    public var fix: String {
        get { hint }
        set { hint = newValue }
    }
    /// Where: a JSON pointer with its line and column, or a line and column in a manifest.
    public var location: FileLocation

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - severity: How serious the problem is.
    ///   - code: The stable code.
    ///   - message: What is wrong.
    ///   - hint: How to fix it.
    ///   - location: Where.
    public init(severity: Severity, code: Code, message: String, hint: String, location: FileLocation) {
        self.severity = severity
        self.code = code
        self.message = message
        self.hint = hint
        self.location = location
    }

    /// `error[code] place: message`.
    public var description: String {
        let place = location.description
        return "\(severity.rawValue)[\(code.rawValue)]" + (place.isEmpty ? "" : " " + place) + ": \(message)"
    }
}

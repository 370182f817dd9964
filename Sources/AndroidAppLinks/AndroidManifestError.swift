import FileLocations

/// Why an `AndroidManifest.xml` or `strings.xml` could not be read: malformed, too large, too deep, or using an
/// entity or a document-type subset that the reader refuses.
public struct AndroidManifestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The diagnostic (`xml-syntax`), with the line and column.
    public let diagnostic: AndroidLinkDiagnostic

    init(_ message: String, line: Int, column: Int) {
        diagnostic = AndroidLinkDiagnostic(
            severity: .error, code: .xmlSyntax, message: message,
            hint: "fix the XML at this position (the build's manifest merger stops here too)",
            location: .text(line: line, column: column))
    }

    /// What is wrong.
    public var message: String { diagnostic.message }
    /// Where.
    public var location: FileLocation { diagnostic.location }
    /// `error[xml-syntax] 3:5: message`.
    public var description: String { diagnostic.description }
}

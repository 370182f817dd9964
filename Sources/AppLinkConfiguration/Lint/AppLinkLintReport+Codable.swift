import FileLocations

extension AppLinkLintReport: Encodable {
    private enum CodingKeys: String, FindingCountCodingKey {
        case errors, warnings, infos, diagnostics
    }

    /// Encodes `{"errors", "warnings", "infos", "diagnostics": [...]}`, the JSON of `link-router app lint`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeCounts(of: locatedFindings)
        try container.encode(diagnostics, forKey: .diagnostics)
    }
}

private enum AppLinkDiagnosticCodingKeys: String, FindingCodingKey {
    case severity, code, file, keyPath, line, column, offset, message, hint, fix, places
}

extension AppLinkDiagnosticCode: EncodableLintDiagnosticCode {
    /// Encodes `{"severity", "code", "file", "keyPath", "line", "column", "offset", "message", "hint", "fix",
    /// "places"}` (the location keys only with a location; `line` and `column` only in an XML file): `"fix"` is the
    /// same as `"hint"`, and `"places"` are the places of its ``LintDiagnostic/locatedFinding``, each
    /// `{"file", "pointer", "line", "column"}` (the file `entitlements` or `info-plist`), the shape every lint's
    /// diagnostic has.
    ///
    /// - Parameters:
    ///   - diagnostic: The diagnostic.
    ///   - encoder: The encoder.
    /// - Throws: What the encoder throws.
    public static func encode(_ diagnostic: AppLinkDiagnostic, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AppLinkDiagnosticCodingKeys.self)
        try container.encode([.severity: diagnostic.severity.rawValue, .code: diagnostic.code.rawValue])
        if let location = diagnostic.location {
            try container.encode([.file: location.file.rawValue, .keyPath: location.keyPath])
            try container.encodeIfPresent(location.position.line, forKey: .line)
            try container.encodeIfPresent(location.position.column, forKey: .column)
            try container.encode(location.position.byteOffset, forKey: .offset)
        }
        try container.encode([.message: diagnostic.message, .hint: diagnostic.fix])
        try container.encodeFixAndPlaces(of: diagnostic.locatedFinding)
    }
}

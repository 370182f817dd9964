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

extension AppLinkDiagnostic: Encodable {
    private enum CodingKeys: String, FindingCodingKey {
        case severity, code, file, keyPath, line, column, offset, message, hint, fix, places
    }

    /// Encodes `{"severity", "code", "file", "keyPath", "line", "column", "offset", "message", "hint", "fix",
    /// "places"}` (the location keys only with a location; `line` and `column` only in an XML file): `"fix"` is the
    /// same as `"hint"`, and `"places"` are the places of its ``locatedFinding``, each
    /// `{"file", "pointer", "line", "column"}` (the file `entitlements` or `info-plist`), the shape every lint's
    /// diagnostic has.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([.severity: severity.rawValue, .code: code.rawValue])
        if let location {
            try container.encode([.file: location.file.rawValue, .keyPath: location.keyPath])
            try container.encodeIfPresent(location.position.line, forKey: .line)
            try container.encodeIfPresent(location.position.column, forKey: .column)
            try container.encode(location.position.byteOffset, forKey: .offset)
        }
        try container.encode([.message: message, .hint: hint])
        try container.encodeFixAndPlaces(of: locatedFinding)
    }
}

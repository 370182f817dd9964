extension AppLinkLintReport: Encodable {
    private enum CodingKeys: String, CodingKey {
        case errors, warnings, infos, diagnostics
    }

    /// Encodes `{"errors", "warnings", "infos", "diagnostics": [...]}`, the JSON of `link-router app lint`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(errorCount, forKey: .errors)
        try container.encode(warningCount, forKey: .warnings)
        try container.encode(infoCount, forKey: .infos)
        try container.encode(diagnostics, forKey: .diagnostics)
    }
}

extension AppLinkDiagnostic: Encodable {
    private enum CodingKeys: String, CodingKey {
        case severity, code, file, keyPath, line, column, offset, message, hint
    }

    /// Encodes `{"severity", "code", "file", "keyPath", "line", "column", "offset", "message", "hint"}` (the location
    /// keys only with a location; `line` and `column` only in an XML file).
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(severity.rawValue, forKey: .severity)
        try container.encode(code.rawValue, forKey: .code)
        if let location {
            try container.encode(location.file.rawValue, forKey: .file)
            try container.encode(location.keyPath, forKey: .keyPath)
            try container.encodeIfPresent(location.position.line, forKey: .line)
            try container.encodeIfPresent(location.position.column, forKey: .column)
            try container.encode(location.position.byteOffset, forKey: .offset)
        }
        try container.encode(message, forKey: .message)
        try container.encode(hint, forKey: .hint)
    }
}

import FileLocations

/// The report encodes to what `link-router check --manifest ... --format json` prints: `{"package", "ok", "hosts":
/// [{"host", "declaredBy", "fileHost", "source", "state"}], "gaps": [{"kind", "file", "pointer", "line", "column",
/// "host", "route", "filter", "rule", "reason", "example", "message"}]}`, with `null` for what a gap does not have;
/// `file` is `manifest`, `routes` or `assetlinks:HOST` (the file holding the mistake), `pointer` its JSON pointer in a
/// JSON file, `line` and `column` the place in the manifest; `filter` the intent filter's index in manifest order,
/// `rule` the dynamic rule's JSON pointer. A gap between two files adds `"also": {"file", "pointer", "line",
/// "column"}`, the place in the other file; a gap whose example depends on a corner of URL syntax adds
/// `"corners": [{"corner", "explanation", "fix"}]`.
extension AndroidCoverageReport: Encodable {
    private enum CodingKeys: String, VerdictCodingKey {
        case packageName = "package"
        case ok, hosts, gaps
    }

    /// Encodes the report as the command prints it.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([.packageName: packageName])
        try container.encodeVerdict(of: self)
        try container.encode([.hosts: hosts, .gaps: gaps])
    }
}

/// `{"host", "declaredBy", "fileHost", "source", "state"}`, with `null` for what is missing.
extension AndroidCoverageReport.Host: Encodable {
    private enum CodingKeys: String, CodingKey {
        case host, declaredBy, fileHost, source, state
    }

    /// Encodes the host.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([
            .host: host, .declaredBy: declaredBy, .fileHost: fileHost, .source: source, .state: state,
        ])
    }
}

/// `{"kind", "file", "pointer", "line", "column", "host", "route", "filter", "rule", "reason", "example",
/// "message"}`, `"also"` for a gap between two files, and `"corners"` for an example that depends on a corner of URL
/// syntax.
extension AndroidCoverageReport.Gap: Encodable {
    private enum CodingKeys: String, PlaceCodingKey {
        case kind, file, pointer, line, column, host, route, filter, rule, reason, example, message, also, corners
    }

    /// The name of the file holding the mistake, as the JSON shows it: `manifest`, `routes` or `assetlinks:HOST`.
    public var file: String { place.reportFile.rawValue }

    /// Encodes the gap.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encodePlace(file: file, location: fileLocation)
        try container.encode([
            .host: host, .route: route, .filter: filter, .rule: rulePointer, .reason: reason?.rawValue,
            .example: example, .message: message,
        ])
        if let counterpart {
            try container.encodePlace(
                file: counterpart.reportFile.rawValue, location: counterpartLocation, forKey: .also)
        }
        if !corners.isEmpty { try container.encode(corners, forKey: .corners) }
    }
}

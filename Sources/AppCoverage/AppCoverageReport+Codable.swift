import FileLocations

/// The report encodes to what `link-router check --entitlements ... --format json` prints: `{"appID", "ok",
/// "complete", "domains": [{"domain", "entry", "source", "state", "cdn"}], "gaps": [{"kind", "file", "pointer",
/// "line", "column", "domain", "route", "rule", "scheme", "entry", "example", "appIDs", "code", "message"}]}`, with
/// `null` for what a gap does not have; `file` is `entitlements`, `info-plist`, `routes` or `aasa` (the file holding the mistake). An
/// unrouted or unclaimed gap whose example depends on a corner of URL syntax adds `"corners": [{"corner",
/// "explanation", "fix"}]`.
extension AppCoverageReport: Encodable {
    private enum CodingKeys: String, VerdictCodingKey {
        case appID, ok, complete, domains, gaps
    }

    /// Encodes the report as the command prints it.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([.appID: appID])
        try container.encodeVerdict(of: self)
        try container.encode([.complete: isComplete, .domains: domains, .gaps: gaps])
    }
}

/// `{"domain", "entry", "source", "state", "cdn"}`, with `null` for what is missing, and `"service"` after them for a
/// domain checked for another service than `applinks`.
extension AppCoverageReport.Domain: Encodable {
    private enum CodingKeys: String, CodingKey {
        case domain, entry, source, state, cdn, service
    }

    /// Encodes the domain.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([.domain: domain, .entry: entry, .source: source, .state: state, .cdn: cdn])
        if service != .applinks { try container.encode(service.rawValue, forKey: .service) }
    }
}

/// `{"kind", "file", "pointer", "line", "column", "domain", "route", "rule", "scheme", "entry", "example", "appIDs",
/// "code", "message"}`; `pointer` is the JSON pointer in a JSON file, or the entry's index path in a property list
/// (`/com.apple.developer.associated-domains/1`, `/CFBundleURLTypes`; for `wrong-type`, the value's key path,
/// `/CFBundleURLTypes/0/CFBundleURLName`); `line` and `column` the place in an XML property list (`null` elsewhere).
/// A gap between the entitlements and a site's file adds `"also": {"file", "pointer", "line", "column"}`, the place
/// in the other file; an example that depends on a corner of URL syntax adds `"corners"`.
extension AppCoverageReport.Gap: Encodable {
    private enum CodingKeys: String, PlaceCodingKey {
        case kind, file, pointer, line, column, domain, route, rule, scheme, entry, example, appIDs, code, message
        case also, corners
    }

    /// The name of the file holding the mistake, as the JSON shows it.
    public var file: String { place.fileName }

    /// The place in that file: a JSON pointer, or a property list's key path written as one.
    public var pointer: String { place.pointerText }

    /// Encodes the gap.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encodePlace(file: file, pointer: pointer, location: fileLocation)
        try container.encode([
            .domain: domain, .route: route, .rule: rule, .scheme: scheme, .entry: entry, .example: example,
            .appIDs: appIDs, .code: code, .message: message,
        ])
        if let counterpart {
            try container.encodePlace(
                file: counterpart.fileName, pointer: counterpart.pointerText, location: counterpartLocation,
                forKey: .also)
        }
        if !corners.isEmpty { try container.encode(corners, forKey: .corners) }
    }
}

extension AppCoverageReport.Gap.Place {
    /// The file's name as the JSON shows it: `entitlements`, `info-plist`, `routes` or `aasa`.
    var fileName: String {
        switch self {
        case .entitlement, .entitlements, .entitlementsValue: return "entitlements"
        case .infoPlistScheme, .infoPlistValue: return "info-plist"
        case .routes: return "routes"
        case .aasa: return "aasa"
        }
    }

    /// The place as a JSON pointer, or a property list's key path written as one.
    var pointerText: String {
        switch self {
        case .entitlement(let index): return "/com.apple.developer.associated-domains/\(index)"
        case .entitlements: return "/com.apple.developer.associated-domains"
        case .infoPlistScheme: return "/CFBundleURLTypes"
        case .entitlementsValue(let keyPath), .infoPlistValue(let keyPath):
            return JSONPointer(propertyListKeyPath: keyPath).text
        case .routes(let pointer), .aasa(_, let pointer): return pointer.text
        }
    }
}

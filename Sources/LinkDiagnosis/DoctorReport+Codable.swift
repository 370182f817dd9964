import FileLocations

/// The report encodes to what `link-router doctor --format json` prints: `{"platform", "url", "appID", "ok",
/// "firstBroken", "fix", "steps": [{"step", "verdict", "message", "evidence", "fix", "unverified", "places"}]}`, the
/// steps in chain order, `firstBroken` the name of the first broken step (or `null`) and `fix` its fix; a service's walk (`doctor
/// --service`) adds `"service"` after `"url"` (which is then the host). Every step's `"places"` is a list of
/// `{"file", "pointer", "line", "column"}` (`[]` for a step with no file behind it): `file` is the role
/// (`entitlements`, `info-plist`, `site:HOST`, `routes`; Android's `manifest`, `assetlinks`), absent parts are
/// `null`, and a property list's place has its key path as the pointer and, in an XML one, its line and column.
///
/// Every walk starts with its `"platform"` (`"ios"`, `"android"`); Android's (`doctor --manifest`) names the
/// package as `"package"` in place of `"appID"`.
extension DoctorReport: Encodable {
    private enum CodingKeys: String, VerdictCodingKey {
        case platform, url, service, appID, package, ok, firstBroken, fix, steps
    }

    /// Encodes the report as the command prints it.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let android = platform == .android
        try container.encode([.platform: platformKey ?? platform.rawValue, .url: url])
        try container.encodeIfPresent(service?.rawValue, forKey: .service)
        try container.encode(appID, forKey: android ? .package : .appID)
        try container.encodeVerdict(of: self)
        try container.encode([.firstBroken: firstBroken?.code, .fix: firstBroken?.fix, .steps: steps])
    }
}

/// `{"step", "verdict", "message", "evidence", "fix", "unverified", "places"}`.
extension DoctorReport.Step: Encodable {
    fileprivate enum CodingKeys: String, CodingKey {
        case step, verdict, message, evidence, fix, unverified, places
    }

    /// Encodes the step.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([
            .step: code, .verdict: verdict, .message: message, .evidence: evidence, .fix: fix, .unverified: unverified,
        ])
        try container.encodePlaces(places, forKey: .places)
    }
}

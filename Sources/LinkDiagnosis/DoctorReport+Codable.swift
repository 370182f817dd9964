/// The report encodes to what `link-router doctor --format json` prints: `{"url", "appID", "ok", "firstBroken",
/// "fix", "steps": [{"step", "verdict", "message", "evidence", "fix", "unverified"}]}`, the steps in chain order,
/// `firstBroken` the name of the first broken step (or `null`) and `fix` its fix; a service's walk (`doctor
/// --service`) adds `"service"` after `"url"` (which is then the host).
extension DoctorReport: Encodable {
    private enum CodingKeys: String, CodingKey {
        case url, service, appID, ok, firstBroken, fix, steps
    }

    /// Encodes the report as the command prints it.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encodeIfPresent(service?.rawValue, forKey: .service)
        try container.encode(appID, forKey: .appID)
        try container.encode(ok, forKey: .ok)
        try container.encode(firstBroken?.name, forKey: .firstBroken)
        try container.encode(firstBroken?.fix, forKey: .fix)
        try container.encode(steps, forKey: .steps)
    }
}

/// `{"step", "verdict", "message", "evidence", "fix", "unverified"}`.
extension DoctorReport.Step: Encodable {
    private enum CodingKeys: String, CodingKey {
        case step, verdict, message, evidence, fix, unverified
    }

    /// Encodes the step.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .step)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(message, forKey: .message)
        try container.encode(evidence, forKey: .evidence)
        try container.encode(fix, forKey: .fix)
        try container.encode(unverified, forKey: .unverified)
    }
}

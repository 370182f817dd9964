import FileLocations
/// The report encodes to what `link-router doctor --format json` prints: `{"url", "appID", "ok", "firstBroken",
/// "fix", "steps": [{"step", "verdict", "message", "evidence", "fix", "unverified"}]}`, the steps in chain order,
/// `firstBroken` the name of the first broken step (or `null`) and `fix` its fix; a service's walk (`doctor
/// --service`) adds `"service"` after `"url"` (which is then the host).
///
/// Android's walk (`doctor --manifest`) starts with `"platform": "android"`, names the package as `"package"` in place
/// of `"appID"`, and each step adds `"places": [{"file", "line", "column", "pointer"}]` (`file` is the role:
/// `manifest`, `assetlinks`, `routes`; absent parts are `null`).
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
        if android { try container.encode(platform, forKey: .platform) }
        try container.encode(url, forKey: .url)
        try container.encodeIfPresent(service?.rawValue, forKey: .service)
        try container.encode(appID, forKey: android ? .package : .appID)
        try container.encodeVerdict(of: self)
        try container.encode(firstBroken?.name, forKey: .firstBroken)
        try container.encode(firstBroken?.fix, forKey: .fix)
        if android {
            try container.encode(steps.map { PlacedStep(step: $0) }, forKey: .steps)
        } else {
            try container.encode(steps, forKey: .steps)
        }
    }
}

/// `{"step", "verdict", "message", "evidence", "fix", "unverified"}`.
extension DoctorReport.Step: Encodable {
    fileprivate enum CodingKeys: String, CodingKey {
        case step, verdict, message, evidence, fix, unverified, places
    }

    private enum PlaceKeys: String, CodingKey {
        case file, line, column, pointer
    }

    /// Encodes the step.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try encodeFields(into: &container)
    }

    /// The step's keys, then `"places"` (Android's steps).
    fileprivate func encodeWithPlaces(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try encodeFields(into: &container)
        var list = container.nestedUnkeyedContainer(forKey: .places)
        for place in places {
            var object = list.nestedContainer(keyedBy: PlaceKeys.self)
            try object.encode(place.file.rawValue, forKey: .file)
            try object.encode(place.location.line, forKey: .line)
            try object.encode(place.location.column, forKey: .column)
            try object.encode(place.location.pointer?.text, forKey: .pointer)
        }
    }

    private func encodeFields(into container: inout KeyedEncodingContainer<CodingKeys>) throws {
        try container.encode(name, forKey: .step)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(message, forKey: .message)
        try container.encode(evidence, forKey: .evidence)
        try container.encode(fix, forKey: .fix)
        try container.encode(unverified, forKey: .unverified)
    }
}

/// An Android step as the report encodes it: with its places.
private struct PlacedStep: Encodable {
    var step: DoctorReport.Step

    func encode(to encoder: any Encoder) throws { try step.encodeWithPlaces(to: encoder) }
}

import FileLocations

/// A coverage report encodes to what `link-router check --format json` prints: `{"domain", "appID", "ok",
/// "unrouted": [{"rule", "example"}], "unclaimed": [{"route", "example", "rule"}]}` (`ok` is ``isClean``), and when
/// the check reached its limit `"notCompared": [{"rule", "route", "text"}]`. A gap whose example depends on a corner
/// of URL syntax adds `"corners": [{"corner", "explanation", "fix"}]`.
extension CoverageReport: Codable {
    private enum CodingKeys: String, VerdictCodingKey {
        case domain, appID, ok, unrouted, unclaimed, notCompared
    }

    /// Decodes a report (`ok` is recomputed from the gaps).
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a missing key.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, domain: nil)
    }

    /// Decodes a report; given a domain, the JSON has no `"domain"` key (the report that embeds it names the domain)
    /// and the report takes this one.
    ///
    /// - Parameters:
    ///   - decoder: The decoder.
    ///   - domain: The domain, or nil to read it from the JSON.
    /// - Throws: `DecodingError` for a missing key.
    package init(from decoder: any Decoder, domain: String?) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            domain: try domain ?? container.decode(String.self, forKey: .domain),
            appID: try container.decode(String.self, forKey: .appID),
            unrouted: try container.decode([Unrouted].self, forKey: .unrouted),
            unclaimed: try container.decode([Unclaimed].self, forKey: .unclaimed),
            notCompared: try container.decodeIfPresent([NotCompared].self, forKey: .notCompared) ?? [])
    }

    /// Encodes the report as `link-router check --format json` prints it.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, withDomain: true)
    }

    /// Encodes the report as `link-router check --format json` prints it, or, without the domain, as a report that
    /// names the domain itself embeds it (`aasa fetch --format json`'s `"coverage"`): the one encoding of both.
    ///
    /// - Parameters:
    ///   - encoder: The encoder.
    ///   - withDomain: Whether to write the `"domain"` key.
    /// - Throws: What the encoder throws.
    package func encode(to encoder: any Encoder, withDomain: Bool) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if withDomain { try container.encode(domain, forKey: .domain) }
        try container.encode(appID, forKey: .appID)
        try container.encodeVerdict(of: self)
        try container.encode([.unrouted: unrouted, .unclaimed: unclaimed])
        if !notCompared.isEmpty { try container.encode(notCompared, forKey: .notCompared) }
    }
}

/// `{"rule", "route", "text"}`, `rule` (a JSON pointer) or `route` (a name) `null`.
extension CoverageReport.NotCompared: Codable {
    private enum CodingKeys: String, CodingKey {
        case rule, route, text
    }

    /// Decodes an entry.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a missing text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            rule: try container.decodeIfPresent(String.self, forKey: .rule),
            route: try container.decodeIfPresent(String.self, forKey: .route),
            text: try container.decode(String.self, forKey: .text), routeIndex: nil)
    }

    /// Encodes the entry, with `null` for the missing rule or route.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([.rule: rule, .route: route, .text: text])
    }
}

/// `{"rule", "example"}`, and `"corners": [{"corner", "explanation", "fix"}]` when the example depends on a corner of
/// URL syntax.
extension CoverageReport.Unrouted: Codable {
    private enum CodingKeys: String, CodingKey {
        case rule, example, corners
    }

    /// Decodes a gap.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a missing key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            rule: try container.decode(String.self, forKey: .rule),
            example: try container.decode(String.self, forKey: .example),
            corners: try container.decodeIfPresent([URLSyntaxCorner].self, forKey: .corners) ?? [])
    }

    /// Encodes the gap.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([.rule: rule, .example: example])
        if !corners.isEmpty { try container.encode(corners, forKey: .corners) }
    }
}

/// `{"route", "example", "rule"}`, with `"rule": null` when no rule claims the example, and `"corners": [{"corner",
/// "explanation", "fix"}]` when the example depends on a corner of URL syntax.
extension CoverageReport.Unclaimed: Codable {
    private enum CodingKeys: String, CodingKey {
        case route, example, rule, corners
    }

    /// Decodes a gap.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a missing key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            route: try container.decode(String.self, forKey: .route),
            example: try container.decode(String.self, forKey: .example),
            rule: try container.decodeIfPresent(String.self, forKey: .rule))
        corners = try container.decodeIfPresent([URLSyntaxCorner].self, forKey: .corners) ?? []
    }

    /// Encodes the gap, with `null` for a missing rule.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([.route: route, .example: example, .rule: rule])
        if !corners.isEmpty { try container.encode(corners, forKey: .corners) }
    }
}

extension CoverageReport {
    /// A coverage report as another report embeds it (`aasa fetch --format json`'s `coverage`): the check's own JSON
    /// (``CoverageReport/encode(to:)``, `"notCompared"` and `"rule": null` included) without the `"domain"` key (the
    /// embedding report names it; decoding leaves it empty for that report to fill in).
    package struct Embedded: Sendable, Hashable, Codable {
        /// The report.
        package var report: CoverageReport

        /// Wraps a report.
        package init(_ report: CoverageReport) {
            self.report = report
        }

        package init(from decoder: any Decoder) throws {
            report = try CoverageReport(from: decoder, domain: "")
        }

        package func encode(to encoder: any Encoder) throws {
            try report.encode(to: encoder, withDomain: false)
        }
    }
}

/// A diff encodes to what `link-router aasa diff --format json` prints: `{"gained": [...], "lost": [...]}`,
/// each change `{"example", "old", "new"}` with `null` for a missing rule.
extension AASADiffReport: Codable {
    private enum CodingKeys: String, CodingKey {
        case gained, lost
    }

    /// Decodes a diff.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a missing key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            gained: try container.decode([Change].self, forKey: .gained),
            lost: try container.decode([Change].self, forKey: .lost))
    }

    /// Encodes the diff as `link-router aasa diff --format json` prints it.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([.gained: gained, .lost: lost])
    }
}

/// `{"example", "old", "new"}`, with `null` where no rule decides.
extension AASADiffReport.Change: Codable {
    private enum CodingKeys: String, CodingKey {
        case example, old, new
    }

    /// Decodes a change.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a missing example.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            example: try container.decode(String.self, forKey: .example),
            old: try container.decodeIfPresent(String.self, forKey: .old),
            new: try container.decodeIfPresent(String.self, forKey: .new))
    }

    /// Encodes the change, with `null` for a missing rule.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([.example: example, .old: old, .new: new])
    }
}

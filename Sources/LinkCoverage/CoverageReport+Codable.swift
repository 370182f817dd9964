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
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            domain: try container.decode(String.self, forKey: .domain),
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
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(domain, forKey: .domain)
        try container.encode(appID, forKey: .appID)
        try container.encodeVerdict(of: self)
        try container.encode(unrouted, forKey: .unrouted)
        try container.encode(unclaimed, forKey: .unclaimed)
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
        try container.encode(rule, forKey: .rule)
        try container.encode(route, forKey: .route)
        try container.encode(text, forKey: .text)
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
        try container.encode(rule, forKey: .rule)
        try container.encode(example, forKey: .example)
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
        try container.encode(route, forKey: .route)
        try container.encode(example, forKey: .example)
        try container.encode(rule, forKey: .rule)
        if !corners.isEmpty { try container.encode(corners, forKey: .corners) }
    }
}

extension CoverageReport {
    /// A coverage report as another report embeds it (`aasa fetch --format json`'s `coverage`): `{"appID", "ok",
    /// "unrouted": [{"rule", "example"}], "unclaimed": [{"route", "example", "rule"}]}`, without the domain (the
    /// embedding report names it; decoding leaves it empty) and with an absent rule left out (package access); a gap
    /// whose example depends on a corner of URL syntax adds `"corners"`, as in the check's JSON.
    package struct Embedded: Sendable, Hashable, Codable {
        private enum CodingKeys: String, VerdictCodingKey {
            case appID, ok, unrouted, unclaimed
        }

        private enum GapKeys: String, CodingKey {
            case route, example, rule, corners
        }

        /// The report.
        package var report: CoverageReport

        /// Wraps a report.
        package init(_ report: CoverageReport) {
            self.report = report
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            var unclaimed: [Unclaimed] = []
            var gaps = try container.nestedUnkeyedContainer(forKey: .unclaimed)
            while !gaps.isAtEnd {
                let gap = try gaps.nestedContainer(keyedBy: GapKeys.self)
                var entry = Unclaimed(
                    route: try gap.decode(String.self, forKey: .route),
                    example: try gap.decode(String.self, forKey: .example),
                    rule: try gap.decodeIfPresent(String.self, forKey: .rule))
                entry.corners = try gap.decodeIfPresent([URLSyntaxCorner].self, forKey: .corners) ?? []
                unclaimed.append(entry)
            }
            report = CoverageReport(
                domain: "", appID: try container.decode(String.self, forKey: .appID),
                unrouted: try container.decode([Unrouted].self, forKey: .unrouted), unclaimed: unclaimed)
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(report.appID, forKey: .appID)
            try container.encodeVerdict(of: report)
            try container.encode(report.unrouted, forKey: .unrouted)
            var gaps = container.nestedUnkeyedContainer(forKey: .unclaimed)
            for gap in report.unclaimed {
                var container = gaps.nestedContainer(keyedBy: GapKeys.self)
                try container.encode(gap.route, forKey: .route)
                try container.encode(gap.example, forKey: .example)
                try container.encodeIfPresent(gap.rule, forKey: .rule)
                if !gap.corners.isEmpty { try container.encode(gap.corners, forKey: .corners) }
            }
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
        try container.encode(gained, forKey: .gained)
        try container.encode(lost, forKey: .lost)
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
        try container.encode(example, forKey: .example)
        try container.encode(old, forKey: .old)
        try container.encode(new, forKey: .new)
    }
}

import FileLocations

/// What `link-router aasa match` decides for each URL, as a check's report.
///
/// A decision is an answer, not a problem: each URL gives one note (code `match`, `exclude` or `no_match`) located at
/// the deciding rule in the AASA file (`.aasa`), or nowhere when no rule decides it; so the report is
/// always clean. Its JSON is the command's: one object per URL, `{"url", "domain", "appID", "decision", "rule",
/// "reason"}` and, when the matches were explained, `"tried"` (also when no rule was tried).
public struct AASAMatchReport: CheckReport, Equatable {
    /// One URL and its decision.
    public struct Result: Sendable, Equatable {
        /// The URL, as given to the matcher.
        public var url: String
        /// The decision.
        public var match: AASAMatch

        /// Creates a result.
        ///
        /// - Parameters:
        ///   - url: The URL.
        ///   - match: Its decision.
        public init(url: String, match: AASAMatch) {
            self.url = url
            self.match = match
        }
    }

    /// The domain the URLs were decided for.
    public var domain: String
    /// The app ID.
    public var appID: String
    /// Whether the matches were explained (``AASAMatcher/explain(_:domain:appID:)``): the JSON then always has
    /// `"tried"`.
    public var isExplained: Bool
    /// Each URL's decision, in order.
    public var results: [Result]

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - domain: The domain.
    ///   - appID: The app ID.
    ///   - isExplained: Whether the matches were explained.
    ///   - results: The decisions.
    public init(domain: String, appID: String, isExplained: Bool, results: [Result]) {
        self.domain = domain
        self.appID = appID
        self.isExplained = isExplained
        self.results = results
    }

    /// One note per URL, at the deciding rule.
    public var locatedFindings: [LocatedFinding] {
        results.map { result in
            LocatedFinding(
                code: result.match.decision.rawValue, severity: .info,
                message: "\(result.url): \(result.match.decision.rawValue) (\(result.match.reason))",
                places: result.match.rulePointer.map { [.init(.aasa, .pointer($0))] } ?? [])
        }
    }

    /// ``AASAMatch/renderedText(_:)`` of the results.
    ///
    /// - Parameter files: Not used: the text names no file.
    /// - Returns: The lines joined with `\n`.
    public func renderedText(files: [ReportFile: String]) -> String {
        AASAMatch.renderedText(results.map { ($0.url, $0.match) })
    }

    /// Encodes the array the command prints.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for result in results {
            try container.encode(Element(result: result, domain: domain, appID: appID, isExplained: isExplained))
        }
    }

    private struct Element: Encodable {
        var result: Result
        var domain: String
        var appID: String
        var isExplained: Bool

        enum CodingKeys: String, CodingKey {
            case url, domain, appID, tried
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode([.url: result.url, .domain: domain, .appID: appID])
            try result.match.encode(to: encoder)
            if isExplained, result.match.trials.isEmpty { try container.encode([AASARuleTrial](), forKey: .tried) }
        }
    }
}

import FileLocations

/// What `link-router route` decides for each URL, as a check's report.
///
/// A decision is an answer, not a problem: each URL gives one note (code `route`, `browser`, `unhandled`, `external`
/// or `reject`) that points into no file, so the report is always clean. Its JSON is the command's: an array with
/// one ``LinkDecision`` object per URL.
public struct LinkDecisionReport: CheckReport, Hashable {
    /// The decisions, in the order the URLs were given.
    public var decisions: [LinkDecision]

    /// Creates a report.
    ///
    /// - Parameter decisions: The decisions, in order.
    public init(decisions: [LinkDecision]) {
        self.decisions = decisions
    }

    /// One note per URL: its decision, route and reason.
    public var locatedFindings: [LocatedFinding] {
        decisions.map { decision in
            var message = "\(decision.url ?? "-"): \(decision.kind.rawValue)"
            if let route = decision.routed?.route { message += " \(route)" }
            if let reason = decision.reason { message += " (\(reason))" }
            return LocatedFinding(code: decision.kind.rawValue, severity: .info, message: message)
        }
    }

    /// ``LinkDecision/renderedText(_:)`` of the decisions.
    ///
    /// - Parameter files: Not used: the text names no file.
    /// - Returns: The lines joined with `\n`.
    public func renderedText(files: [ReportFile: String]) -> String {
        LinkDecision.renderedText(decisions)
    }

    /// Encodes the array the command prints.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(decisions)
    }
}

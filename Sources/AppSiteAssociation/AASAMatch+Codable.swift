import FileLocations
import RichMediaKitSupport

/// A match encodes to the fields `link-router aasa match --format json` prints for a URL after `url`, `domain`
/// and `appID` (which the caller knows): `{"decision", "rule", "reason"}`, plus `"tried"` when it has trials
/// (`--explain`). The decision is `match`, `exclude` or `no_match` (the spec's words); the reason is its sentence.
extension AASAMatch: Codable {
    private enum CodingKeys: String, CodingKey {
        case decision, rule, reason, tried
    }

    /// Decodes a match from the object `link-router aasa match --format json` prints (extra keys are ignored).
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for an unknown decision.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let decision = try container.decode(Decision.self, forKey: .decision, unknown: "decision")
        self.init(
            decision: decision, rule: try container.decodeIfPresent(String.self, forKey: .rule),
            reason: Reason(sentence: try container.decode(String.self, forKey: .reason)),
            trials: try container.decodeIfPresent([AASARuleTrial].self, forKey: .tried) ?? [])
    }

    /// Encodes the match as `link-router aasa match --format json` prints it (without `url`, `domain`, `appID`).
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([.decision: decision.rawValue, .rule: rule, .reason: reason.description])
        if !trials.isEmpty { try container.encode(trials, forKey: .tried) }
    }
}

/// A trial encodes to one element of `"tried"` in `link-router aasa match --explain --format json`:
/// `{"rule", "result": "match"|"exclude"|"failed", "failed": "/"|"?"|"#"|"domain" or null, "detail"}`.
extension AASARuleTrial: Codable {
    private enum CodingKeys: String, CodingKey {
        case rule, result, failed, detail
    }

    /// Decodes a trial.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for an unknown result or part.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let result = try container.decode(String.self, forKey: .result)
        let outcome: Outcome
        switch result {
        case "match": outcome = .match
        case "exclude": outcome = .exclude
        case "failed":
            outcome = .failed(try container.decode(Part.self, forKey: .failed, unknown: "part"))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .result, in: container, debugDescription: "unknown result `\(result)`")
        }
        self.init(
            rule: try container.decodeIfPresent(String.self, forKey: .rule), outcome: outcome,
            detail: try container.decodeIfPresent(String.self, forKey: .detail))
    }

    /// Encodes the trial.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([.rule: rule, .result: resultName, .failed: failedPart?.rawValue, .detail: detail])
    }

    /// `match`, `exclude` or `failed`: the `"result"` the CLI prints.
    public var resultName: String {
        switch outcome {
        case .match: return "match"
        case .exclude: return "exclude"
        case .failed: return "failed"
        }
    }
}

extension AASAMatch.Reason {
    /// The reason whose ``description`` is `sentence`; ``other(_:)`` for a sentence the matcher never writes.
    init(sentence: String) {
        let plain: [Self] = [
            .notAbsoluteURL, .noMatchingRule, .componentMatches, .pathMatches, .componentExcludes, .notPath,
        ]
        if let reason = plain.first(where: { $0.description == sentence }) {
            self = reason
        } else if let scheme = sentence.between("only https URLs are universal links (the scheme is '", and: "')") {
            self = .notHTTPS(scheme: scheme)
        } else if let port = sentence.between("the port '", and: "' is not a number") {
            self = .invalidPort(port)
        } else if let port = sentence.between("the serving domain's port '", and: "' is not a number") {
            self = .invalidServingPort(port)
        } else if let appID = sentence.between("no details entry lists the app ID '", and: "'") {
            self = .appIDNotListed(appID)
        } else if let rest = sentence.between("the host '", and: "'"),
            let separator = rest.firstRange(of: "' is not the serving domain '")
        {
            self = .otherHost(String(rest[..<separator.lowerBound]), domain: String(rest[separator.upperBound...]))
        } else if let rest = sentence.between("the port ", and: ""),
            let separator = rest.firstRange(of: " is not the serving domain's port ")
        {
            self = .otherPort(String(rest[..<separator.lowerBound]), expected: String(rest[separator.upperBound...]))
        } else {
            self = .other(sentence)
        }
    }
}

extension String {
    /// The text between `prefix` and `suffix` when the string starts and ends with them.
    fileprivate func between(_ prefix: String, and suffix: String) -> String? {
        guard hasPrefix(prefix), hasSuffix(suffix), count >= prefix.count + suffix.count else { return nil }
        return String(dropFirst(prefix.count).dropLast(suffix.count))
    }
}

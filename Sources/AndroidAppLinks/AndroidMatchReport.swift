import FileLocations
import RichMediaKitSupport

/// `assetlinks match`'s decisions: one ``AndroidLinkDecision`` per URL.
///
/// JSON (`--format json`, one object a line, key names fixed): `{"url", "verdict", "reason", "filter": {"activity",
/// "line", "column"} | null, "data": {"scheme", "host", "port", "path": {"attribute", "value"}, "group"} | null,
/// "host": {"declared", "file", "verified", "failure"} | null, "dynamicRule": {"index", "pointer", "exclude"} |
/// null}`, with `"filters": [{"activity", "line", "column", "autoVerify", "accepted", "mismatch"}]` under
/// `--explain`. `verdict` is `opens`, `not-verified`, `excluded` or `no-filter`.
public struct AndroidMatchReport: CheckReport, Sendable, Hashable {
    /// The decisions, in the order of the URLs.
    public var decisions: [AndroidLinkDecision]
    /// Whether every filter's answer is shown.
    public var isExplained: Bool

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - decisions: The decisions.
    ///   - isExplained: Whether to show every filter.
    public init(decisions: [AndroidLinkDecision], isExplained: Bool) {
        self.decisions = decisions
        self.isExplained = isExplained
    }

    /// One note per URL, at the accepting filter.
    public var locatedFindings: [LocatedFinding] {
        decisions.map { decision in
            LocatedFinding(
                code: decision.verdict.rawValue, severity: .info, message: "\(decision.url): \(Self.reason(decision))",
                places: decision.acceptingFilter.map { [.init(.androidManifest, $0.location)] } ?? [])
        }
    }

    /// Why the verdict, in one sentence.
    public static func reason(_ decision: AndroidLinkDecision) -> String {
        switch decision.verdict {
        case .noFilter:
            if let rejected = decision.rejectedPattern {
                return "Android refuses to install the app: \(rejected), so no URL opens it"
            }
            return decision.filters.isEmpty
                ? (AndroidURI(decision.url).isWeb ? "no intent filter accepts it" : "not an http or https URL")
                : "no intent filter accepts it"
        case .opens:
            if !AndroidURI(decision.url).isWeb { return "a filter accepts it; a custom scheme needs no verification" }
            return decision.dynamicRule.map { "verified; dynamic rule \($0.index) allows it" } ?? "verified"
        case .excluded:
            return decision.dynamicRule.map { "dynamic rule \($0.index) excludes it" }
                ?? "no dynamic rule matches, so it is excluded"
        case .notVerified:
            guard decision.hostDeclaredForVerification else {
                return "no autoVerify filter declares its host, so Android 12+ opens the browser"
            }
            guard let verification = decision.verification else {
                return "no assetlinks.json for \(decision.fileHost ?? "the host")"
            }
            switch verification.failure {
            case .noHandleAllURLs?: return "no statement grants \(AssetLinksStatement.handleAllURLs)"
            case .packageNotListed(let listed)?: return "the file names \(listed.joined(separator: ", ")) only"
            case .fingerprintNotListed?: return "the file lists none of the app's fingerprints"
            case nil: return "another verified host failed (before Android 12 one failure fails all)"
            }
        }
    }

    /// Per URL: `URL  verdict  reason`, and the filter, combination, host and rule (every filter under
    /// `--explain`).
    ///
    /// - Parameter files: The name of the manifest.
    /// - Returns: The text.
    public func renderedText(files: [ReportFile: String]) -> String {
        var lines: [String] = []
        let manifest = files[.androidManifest] ?? "manifest"
        for decision in decisions {
            lines.append("\(decision.url)  \(decision.verdict.rawValue)  (\(Self.reason(decision)))")
            if let filter = decision.acceptingFilter, let combination = filter.combination {
                lines.append("  filter: \(filter.activity) at \(filter.location.written(after: manifest))")
                lines.append("  data: " + Self.describe(combination))
            }
            if let declared = decision.declaredHost {
                lines.append(
                    "  host: \(declared), file https://\(decision.fileHost ?? declared)/.well-known/assetlinks.json, "
                        + (decision.verification?.isVerified == true ? "verified" : "not verified"))
            }
            if let rule = decision.dynamicRule {
                lines.append(
                    "  dynamic rule \(rule.index) at \(rule.rule.location.pointer?.text ?? "")"
                        + (rule.rule.exclude ? " (exclude)" : ""))
            }
            if isExplained {
                for filter in decision.filters {
                    let answer =
                        filter.combination != nil ? "accepts" : "rejects: " + Self.describe(filter.mismatch!)
                    lines.append(
                        "  tried \(filter.activity) at \(filter.location.written(after: manifest))"
                            + (filter.autoVerify ? " (autoVerify)" : "") + ": " + answer)
                }
            }
        }
        return lines.map(TerminalText.visible).joined(separator: "\n")
    }

    package static func describe(_ combination: DataCombination) -> String {
        var parts = ["scheme=\(combination.scheme.value ?? "")"]
        if let host = combination.host { parts.append("host=\(host.value ?? "")") }
        if let port = combination.port { parts.append("port=\(port.value ?? "")") }
        if let path = combination.path { parts.append("\(path.name)=\(path.value.value ?? "")") }
        if let group = combination.relativeFilterGroup { parts.append("uri-relative-filter-group \(group)") }
        if combination.host == nil || (combination.path == nil && combination.relativeFilterGroup == nil) {
            parts.append("(every path)")
        }
        return parts.joined(separator: " ")
    }

    package static func describe(_ mismatch: FilterMismatch) -> String {
        switch mismatch {
        case .noViewAction: return "no VIEW action"
        case .missingCategory(let category): return "no \(category)"
        case .noScheme: return "no scheme"
        case .scheme(let scheme): return "scheme '\(scheme)' not declared"
        case .mimeType: return "declares a MIME type"
        case .host(let host): return "host '\(host)' not declared"
        case .path(let path): return "no path rule accepts '\(path)'"
        }
    }

    private enum Keys: String, CodingKey {
        case url, verdict, reason, filter, data, host, dynamicRule, filters
        case activity, line, column, scheme, port, path, attribute, value, group, declared, file, verified, failure
        case index, pointer, exclude, autoVerify, accepted, mismatch
    }

    /// Encodes the array of decisions.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var list = encoder.unkeyedContainer()
        for decision in decisions {
            var item = list.nestedContainer(keyedBy: Keys.self)
            try item.encode([.url: decision.url, .verdict: decision.verdict.rawValue, .reason: Self.reason(decision)])
            if let filter = decision.acceptingFilter, let combination = filter.combination {
                var object = item.nestedContainer(keyedBy: Keys.self, forKey: .filter)
                try object.encode(filter.activity, forKey: .activity)
                try object.encodeIfPresent(filter.location.line, forKey: .line)
                try object.encodeIfPresent(filter.location.column, forKey: .column)
                var data = item.nestedContainer(keyedBy: Keys.self, forKey: .data)
                try data.encode([
                    .scheme: combination.scheme.value, .host: combination.host?.value, .port: combination.port?.value,
                ])
                if let path = combination.path {
                    var object = data.nestedContainer(keyedBy: Keys.self, forKey: .path)
                    try object.encode([.attribute: path.name, .value: path.value.value])
                } else {
                    try data.encodeNil(forKey: .path)
                }
                try data.encode(combination.relativeFilterGroup, forKey: .group)
            } else {
                try item.encodeNil(forKey: .filter)
                try item.encodeNil(forKey: .data)
            }
            if let declared = decision.declaredHost {
                var host = item.nestedContainer(keyedBy: Keys.self, forKey: .host)
                try host.encode([
                    .declared: declared, .file: decision.fileHost,
                    .verified: decision.verification?.isVerified ?? false,
                ])
                let failure: String?
                switch decision.verification?.failure {
                case .noHandleAllURLs?: failure = "no-handle-all-urls"
                case .packageNotListed?: failure = "package-not-listed"
                case .fingerprintNotListed?: failure = "fingerprint-not-listed"
                case nil: failure = decision.verification == nil ? "no-file" : nil
                }
                try host.encode(failure, forKey: .failure)
            } else {
                try item.encodeNil(forKey: .host)
            }
            if let rule = decision.dynamicRule {
                var object = item.nestedContainer(keyedBy: Keys.self, forKey: .dynamicRule)
                try object.encode([
                    .index: rule.index, .pointer: rule.rule.location.pointer?.text, .exclude: rule.rule.exclude,
                ])
            } else {
                try item.encodeNil(forKey: .dynamicRule)
            }
            if isExplained {
                var filters = item.nestedUnkeyedContainer(forKey: .filters)
                for filter in decision.filters {
                    var object = filters.nestedContainer(keyedBy: Keys.self)
                    try object.encode(filter.activity, forKey: .activity)
                    try object.encodeIfPresent(filter.location.line, forKey: .line)
                    try object.encodeIfPresent(filter.location.column, forKey: .column)
                    try object.encode([
                        .autoVerify: filter.autoVerify, .accepted: filter.combination != nil,
                        .mismatch: filter.mismatch.map(Self.describe),
                    ])
                }
            }
        }
    }
}

import RichMediaKitSupport

extension AASAMatch {
    /// Decisions as `link-router aasa match` prints them: one line per URL in aligned columns (decision, deciding
    /// rule or `-`, URL, reason in parentheses), each followed by one indented line per rule tried when the match
    /// has ``trials`` (as ``AASAMatcher/explain(_:domain:appID:)`` returns it; `--explain`).
    ///
    /// Control characters (C0, DEL and C1) in every cell are shown as `\u{XX}`, so the text is safe to print to a
    /// terminal or a log, exactly as the command prints it.
    /// - Parameter results: Each URL, as given to the matcher, with its match, in the order to print them.
    /// - Returns: The lines joined with `\n` (no trailing newline); empty for no results.
    public static func renderedText(_ results: [(url: String, match: AASAMatch)]) -> String {
        let rows = results.map { result in
            [result.match.decision.rawValue, result.match.rule ?? "-", result.url, "(\(result.match.reason))"]
                .map(TerminalText.visible)
        }
        let aligned = TextColumns.align(rows)
        var lines: [String] = []
        for (index, (_, match)) in results.enumerated() {
            lines.append(aligned[index])
            for trial in match.trials {
                let outcome: String
                switch trial.outcome {
                case .match: outcome = "match"
                case .exclude: outcome = "exclude"
                case .failed(let part): outcome = "failed at \(part.rawValue)"
                }
                let detail = trial.detail.map { ": \($0)" } ?? ""
                lines.append(TerminalText.visible("    \(trial.rule ?? "domain")  \(outcome)\(detail)"))
            }
        }
        return lines.joined(separator: "\n")
    }
}

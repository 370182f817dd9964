import RichMediaKitSupport

extension CoverageReport {
    /// The report as `link-router check` prints it: the verdict and counts, then the unrouted gaps (rule and example
    /// URL) and the unclaimed gaps (route, example URL and the excluding rule, if any), each in aligned columns; under
    /// a gap whose example depends on a corner of URL syntax, a `corner:` line and a `fix:` line per corner.
    ///
    /// Control characters (C0, DEL and C1) are shown as `\u{XX}`, so the text is safe to print to a terminal or a
    /// log, exactly as the command prints it.
    /// - Returns: The lines joined with `\n` (no trailing newline).
    public func renderedText() -> String {
        var lines: [String] = []
        var summary = "\(unrouted.count) unrouted, \(unclaimed.count) unclaimed"
        if !notCompared.isEmpty { summary += ", \(notCompared.count) not compared" }
        lines.append("\(isClean ? "ok" : "gaps"): \(domain) for \(appID): \(summary)")
        if !unrouted.isEmpty {
            lines.append("")
            lines.append("unrouted: the app opens, and no route handles the URL")
            let rows = TextColumns.align(
                unrouted.map { [$0.rule, $0.example].map(TerminalText.visible) }, indent: "  ")
            for (row, gap) in zip(rows, unrouted) {
                lines.append(row)
                lines += URLSyntaxCorner.textLines(gap.corners, indent: "    ")
            }
        }
        if !unclaimed.isEmpty {
            lines.append("")
            lines.append("unclaimed: a route handles the URL, and iOS opens Safari")
            let rows = unclaimed.map { gap in
                [gap.route, gap.example, "(\(gap.rule.map { "excluded by " + $0 } ?? "no rule matches"))"]
                    .map(TerminalText.visible)
            }
            for (row, gap) in zip(TextColumns.align(rows, indent: "  "), unclaimed) {
                lines.append(row)
                lines += URLSyntaxCorner.textLines(gap.corners, indent: "    ")
            }
        }
        if !notCompared.isEmpty {
            lines.append("")
            lines.append(
                "not compared: the check reached its limit (\(CoverageChecker.stateLimit) product states) before it "
                    + "finished these; gaps they are part of may be missing above")
            let rows = notCompared.map { entry in
                [entry.rule ?? "route \(entry.route ?? "")", entry.text].map(TerminalText.visible)
            }
            lines += TextColumns.align(rows, indent: "  ")
            lines.append("  fix: \(CoverageReport.notComparedRule.help)")
        }
        return lines.map(TerminalText.visible).joined(separator: "\n")
    }
}

extension CoverageBaseline.Comparison {
    /// The baseline's part of `link-router check --baseline` text output, printed after the report of the new gaps:
    /// a blank line, how many gaps the baseline accepted, then its stale entries.
    ///
    /// Control characters are shown as `\u{XX}`, as in ``CoverageReport/renderedText()``.
    /// - Parameter file: The baseline file's name as the user gave it.
    /// - Returns: The lines joined with `\n`, starting with an empty line (no trailing newline).
    public func renderedText(file: String) -> String {
        BaselineText.rendered(
            file: file, accepted: accepted.unrouted.count + accepted.unclaimed.count, noun: "gap",
            stale: stale.map(\.description))
    }
}

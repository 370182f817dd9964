import RichMediaKitSupport

extension CoverageReport {
    /// The counts as the text's first line says them: `2 unrouted, 1 unclaimed`, and `, 3 not compared` when the check
    /// reached its limit (package access: `aasa fetch`'s coverage line says them too).
    package var countsText: String {
        var counts = "\(unrouted.count) unrouted, \(unclaimed.count) unclaimed"
        if !notCompared.isEmpty { counts += ", \(notCompared.count) not compared" }
        return counts
    }

    /// The section of the text that lists what the check could not compare (empty when it finished): a header, one
    /// aligned `rule-or-route  text` row per entry and a `fix:` line (package access: `aasa fetch`'s text shows it
    /// under its coverage line, with the gaps listed below it).
    ///
    /// - Parameter gapsListed: Where the text lists the gaps: `above` (`check`) or `below` (`aasa fetch`).
    /// - Returns: The lines.
    package func notComparedLines(gapsListed: String) -> [String] {
        guard !notCompared.isEmpty else { return [] }
        let rows = notCompared.map { entry in
            [entry.rule ?? "route \(entry.route ?? "")", entry.text].map(TerminalText.visible)
        }
        return [
            "not compared: the check reached its limit (\(CoverageChecker.stateLimit) product states) before it "
                + "finished these; gaps they are part of may be missing \(gapsListed)"
        ] + TextColumns.align(rows, indent: "  ") + ["  fix: \(CoverageReport.notComparedRule.help)"]
    }

    /// The report as `link-router check` prints it: the verdict and counts, then the unrouted gaps (rule and example
    /// URL) and the unclaimed gaps (route, example URL and the excluding rule, if any), each in aligned columns; under
    /// a gap whose example depends on a corner of URL syntax, a `corner:` line and a `fix:` line per corner.
    ///
    /// Control characters (C0, DEL and C1) are shown as `\u{XX}`, so the text is safe to print to a terminal or a
    /// log, exactly as the command prints it.
    /// - Returns: The lines joined with `\n` (no trailing newline).
    public func renderedText() -> String {
        var lines: [String] = []
        lines.append("\(isClean ? "ok" : "gaps"): \(domain) for \(appID): \(countsText)")
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
            lines += notComparedLines(gapsListed: "above")
        }
        return lines.map(TerminalText.visible).joined(separator: "\n")
    }
}

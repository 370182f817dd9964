import RichMediaKitSupport

extension AASADiffReport {
    /// The report as `link-router aasa diff` prints it: `no change: ...`, or the counts, then the gained and the lost
    /// URLs, one example each with the deciding rule in the old and the new file, in aligned columns.
    ///
    /// Control characters (C0, DEL and C1) are shown as `\u{XX}`, so the text is safe to print to a terminal or a
    /// log, exactly as the command prints it.
    /// - Returns: The lines joined with `\n` (no trailing newline).
    public func renderedText() -> String {
        guard !isUnchanged else { return "no change: both files open the app for the same URLs" }
        var lines = ["\(gained.count) gained, \(lost.count) lost"]
        var rows: [[String]] = []
        for change in gained + lost {
            rows.append([change.example, "old: " + (change.old ?? "no rule") + ", new: " + (change.new ?? "no rule")])
        }
        let aligned = TextColumns.align(rows.map { $0.map(TerminalText.visible) }, indent: "  ")
        func section(_ title: String, _ range: Range<Int>) {
            guard !range.isEmpty else { return }
            lines.append("")
            lines.append(title)
            lines += aligned[range]
        }
        section("gained: opens the app with NEW, not with OLD", 0..<gained.count)
        section("lost: opened the app with OLD, not with NEW", gained.count..<rows.count)
        return lines.joined(separator: "\n")
    }
}

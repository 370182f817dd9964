/// The baseline's part of a report's text output, shared by `check` and `aasa lint` (and the libraries' renderings
/// of their baseline comparisons).
package enum BaselineText {
    /// A blank line, how many findings the baseline accepted, the note of an older file, the accepted findings
    /// (when `shown` lists them), then its stale entries; each line escaped with ``TerminalText/visible(_:)``.
    /// - Parameters:
    ///   - file: The baseline file as the user named it.
    ///   - accepted: How many findings the baseline accepted.
    ///   - noun: What a finding is called (`gap`, `diagnostic`); pluralised with `s`.
    ///   - stale: The entries no longer found, one line each.
    ///   - note: The note that the file is of an older format version, if it is.
    ///   - shown: The accepted findings, one line each, listed in a section of their own (the commands); nil when
    ///     they are not shown (the libraries' renderings of a comparison, which only count them).
    package static func rendered(
        file: String, accepted: Int, noun: String, stale: [String], note: String? = nil, shown: [String]? = nil
    ) -> String {
        let counted = "\(accepted) accepted \(noun)\(accepted == 1 ? "" : "s")"
        var lines = ["", "baseline \(file): " + (shown == nil ? counted + " not shown" : counted)]
        if let note { lines.append("note: " + note) }
        if let shown, !shown.isEmpty {
            lines.append("accepted (in the baseline), not counted:")
            lines += shown.map { "  " + $0 }
        }
        if !stale.isEmpty {
            lines.append("stale: no longer found, remove from the baseline:")
            lines += stale.map { "  " + $0 }
        }
        return lines.map(TerminalText.visible).joined(separator: "\n")
    }
}

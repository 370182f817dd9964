/// The baseline's part of a report's text output, shared by `check` and `aasa lint` (and the libraries' renderings
/// of their baseline comparisons).
package enum BaselineText {
    /// A blank line, how many findings the baseline accepted, then its stale entries; each line escaped with
    /// ``TerminalText/visible(_:)``.
    /// - Parameters:
    ///   - file: The baseline file as the user named it.
    ///   - accepted: How many findings the baseline accepted (not shown).
    ///   - noun: What a finding is called (`gap`, `diagnostic`); pluralised with `s`.
    ///   - stale: The entries no longer found, one line each.
    ///   - note: The note that the file is of an older format version, if it is.
    package static func rendered(
        file: String, accepted: Int, noun: String, stale: [String], note: String? = nil
    ) -> String {
        var lines = ["", "baseline \(file): \(accepted) accepted \(noun)\(accepted == 1 ? "" : "s") not shown"]
        if let note { lines.append("note: " + note) }
        if !stale.isEmpty {
            lines.append("stale: no longer found, remove from the baseline:")
            lines += stale.map { "  " + $0 }
        }
        return lines.map(TerminalText.visible).joined(separator: "\n")
    }
}

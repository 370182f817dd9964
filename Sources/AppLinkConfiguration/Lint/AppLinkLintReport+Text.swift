import RichMediaKitSupport

extension AppLinkLintReport {
    /// The report as `link-router app lint` prints it: one `FILE:line:column:` (XML) or `FILE: byte N:` (binary) line
    /// per diagnostic with its severity, code and message, then its fix hint, then the counts (information only when
    /// there is some).
    ///
    /// Control characters in file names and messages (an entry's text comes from the file) are shown as `\u{XX}`,
    /// so the text is safe to print to a terminal or a log.
    ///
    /// - Parameter files: The name to show for each file (the entitlements' is also the summary's).
    /// - Returns: The lines joined with `\n` (no trailing newline).
    public func renderedText(files: [AppLinkConfiguration.File: String]) -> String {
        let entitlements = files[.entitlements] ?? AppLinkConfiguration.File.entitlements.rawValue
        var lines: [String] = []
        for diagnostic in diagnostics {
            var location = entitlements + ":"
            if let place = diagnostic.location {
                let file = files[place.file] ?? place.file.rawValue
                if let line = place.position.line, let column = place.position.column {
                    location = "\(file):\(line):\(column):"
                } else {
                    location = "\(file): byte \(place.position.byteOffset):"
                }
            }
            lines.append(
                TerminalText.visible(
                    "\(location) \(diagnostic.severity.rawValue)[\(diagnostic.code.rawValue)]: \(diagnostic.message)"))
            lines.append(TerminalText.visible("  fix: \(diagnostic.fix)"))
        }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        lines.append(
            TerminalText.visible(
                "\(entitlements): \(count(errorCount, "error")), \(count(warningCount, "warning"))"
                    + (infoCount > 0 ? ", \(infoCount) info" : "")))
        return lines.joined(separator: "\n")
    }
}

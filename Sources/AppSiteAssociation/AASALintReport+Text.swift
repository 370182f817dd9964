import FileLocations
import RichMediaKitSupport

extension AASALintReport {
    /// The report as `link-router aasa lint` prints it: one `FILE:line:column:` (JSON syntax errors) or
    /// `FILE: /pointer:` line per diagnostic with its severity, code and message, then its fix hint, then the counts.
    ///
    /// Control characters (C0, DEL and C1) in the file name, pointers and messages are shown as `\u{XX}`, so the text
    /// is safe to print to a terminal or a log, exactly as the command prints it.
    /// - Parameter file: The name to show for the file (the command shows `<stdin>` for standard input).
    /// - Returns: The lines joined with `\n` (no trailing newline).
    public func renderedText(file: String) -> String {
        var lines: [String] = []
        for diagnostic in diagnostics {
            // A problem with the whole file is written after the name alone (`file: error[...]`).
            let place = diagnostic.fileLocation
            let location = (place.pointer == .root && !place.isTextPosition ? file : place.written(after: file)) + ":"
            let head = "\(location) \(diagnostic.severity.rawValue)[\(diagnostic.code.rawValue)]: \(diagnostic.message)"
            lines.append(TerminalText.visible(head))
            lines.append(TerminalText.visible("  fix: \(diagnostic.fix)"))
        }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        lines.append(
            TerminalText.visible("\(file): \(count(errorCount, "error")), \(count(warningCount, "warning"))"))
        return lines.joined(separator: "\n")
    }
}

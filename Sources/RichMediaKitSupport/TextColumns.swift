/// Aligned text columns for human-readable output: the package's one copy, used by the libraries' text renderings
/// (`LinkDecision.renderedText(_:)` and the others) and so by both command-line tools.
package enum TextColumns {
    /// Lines whose columns line up: every column but the last is padded to its widest cell, followed by
    /// `gap` spaces; trailing spaces are removed.
    ///
    /// For example, the rows `["route", "promotion", "shop://promotion/7"]` and `["reject", "-", "javascript:x"]`
    /// become `"route   promotion  shop://promotion/7"` and `"reject  -          javascript:x"`.
    ///
    /// Widths count characters. Escape untrusted cells with ``TerminalText/visible(_:)`` before aligning, so the
    /// widths are those of what is printed.
    /// - Parameters:
    ///   - rows: The cells of each line; rows may have different lengths.
    ///   - indent: Put before every line.
    ///   - gap: Spaces between columns.
    /// - Returns: One string per row.
    package static func align(_ rows: [[String]], indent: String = "", gap: Int = 2) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (column, cell) in row.enumerated().dropLast() { widths[column] = max(widths[column], cell.count) }
        }
        return rows.map { row in
            var line = indent
            for (column, cell) in row.enumerated() {
                line += cell
                if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - cell.count + gap) }
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}

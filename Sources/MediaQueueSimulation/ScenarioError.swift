/// A syntax error in a scenario, with its 1-based line and column (columns count Unicode scalars).
package struct ScenarioError: Error, Hashable, Sendable {
    /// The 1-based line.
    package let line: Int
    /// The 1-based column.
    package let column: Int
    /// What is wrong, in a short phrase.
    package let message: String

    package init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// The error as `FILE:LINE:COLUMN: message`.
    ///
    /// - Parameter file: The file name to show (`<stdin>` for standard input).
    /// - Returns: The formatted diagnostic.
    package func formatted(file: String) -> String {
        "\(file):\(line):\(column): \(message)"
    }
}

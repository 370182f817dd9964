extension JSONParser {
    /// Where a document that another decoder rejected stops being valid JSON, for error messages
    /// (`JSONDecoder` does not say).
    ///
    /// - Parameter bytes: The document's bytes.
    /// - Returns: The 1-based line and column of the first problem and what is wrong there;
    ///   `(1, 1, ...)` when the bytes are valid JSON (then the problem was elsewhere, such as the encoding).
    /// - Complexity: O(*n*).
    package static func locateSyntaxError(in bytes: some Collection<UInt8>) -> (line: Int, column: Int, message: String)
    {
        do {
            _ = try parse(bytes)
            return (1, 1, "the data is not UTF-8 JSON")
        } catch {
            return (error.line, error.column, error.message)
        }
    }
}

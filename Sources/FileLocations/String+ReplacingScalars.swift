extension String {
    /// The string with each Unicode scalar for which `replacement` gives a text replaced by it, the others kept
    /// (package access): the one loop of every escaper (JSON pointer tokens, terminal text, JSON strings, HTML,
    /// workflow commands, pattern literals).
    ///
    /// - Parameter replacement: The text standing for a scalar, or nil to keep the scalar.
    /// - Returns: The string with the replacements.
    /// - Complexity: O(*n*) in the length of the string.
    package func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let text = replacement(scalar) { result += text } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}

extension KeyedDecodingContainer {
    /// The string under `key` as a value of `type` (an enumeration of its string raw values), the one way the reports'
    /// JSON decodes such a value (package access: not public API).
    ///
    /// - Parameters:
    ///   - type: The type.
    ///   - key: The key.
    ///   - name: What the value is, for the error (`decision`, `severity`).
    /// - Returns: The value.
    /// - Throws: `DecodingError.dataCorrupted` for another string (its description "unknown", the name, and the text in
    ///   backquotes); what decoding a string throws.
    package func decode<T: RawRepresentable>(_ type: T.Type, forKey key: Key, unknown name: String) throws -> T
    where T.RawValue == String {
        let text = try decode(String.self, forKey: key)
        guard let value = T(rawValue: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "unknown \(name) `\(text)`")
        }
        return value
    }
}

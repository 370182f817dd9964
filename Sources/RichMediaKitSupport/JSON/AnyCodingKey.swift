import FileLocations

/// A coding key of any name (package access): the members of baseline files and their entries, a report's platforms
/// by key, a routes file's members (each checked against the known ones) and a decision's parameter names.
package struct AnyCodingKey: CodingKey {
    package var stringValue: String
    package var intValue: Int? { nil }
    package init(_ string: String) { stringValue = string }
    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}

extension AnyCodingKey: VerdictCodingKey {
    /// `ok`.
    package static var ok: AnyCodingKey { AnyCodingKey("ok") }
}

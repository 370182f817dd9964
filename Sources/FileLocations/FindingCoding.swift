/// The keys a lint writes after each diagnostic's own keys, the same in every lint: `"fix"` (the diagnostic's
/// `hint`) and `"places"` (the places of its ``LocatedFinding``, each an object of ``PlaceKeys``).
package protocol FindingCodingKey: CodingKey {
    /// How to fix it.
    static var fix: Self { get }
    /// Where it is: a list of places.
    static var places: Self { get }
}

extension KeyedEncodingContainer where Key: FindingCodingKey {
    /// Writes `"fix"` and `"places"` of a finding: the one diagnostic shape every lint's JSON has (code, severity,
    /// message, fix, places), after the lint's own keys. Each place is written with
    /// ``Swift/KeyedEncodingContainer/encodePlaces(_:forKey:)``: `{"file", "pointer", "line", "column"}`, the
    /// file by its role (`aasa`, `entitlements`, `info-plist`, `manifest`, `assetlinks`).
    ///
    /// - Parameter finding: The diagnostic as its report's ``CheckReport/locatedFindings`` gives it.
    /// - Throws: What the encoder throws.
    package mutating func encodeFixAndPlaces(of finding: LocatedFinding) throws {
        try encode(finding.fix, forKey: .fix)
        try encodePlaces(finding.places, forKey: .places)
    }
}

/// The keys of a lint's counts: `"errors"`, `"warnings"` and `"infos"`, the same in every lint.
package protocol FindingCountCodingKey: CodingKey {
    /// The number of errors.
    static var errors: Self { get }
    /// The number of warnings.
    static var warnings: Self { get }
    /// The number of findings that are information.
    static var infos: Self { get }
}

extension KeyedEncodingContainer where Key: FindingCountCodingKey {
    /// Writes `"errors"`, `"warnings"` and `"infos"`: how many of the findings have each severity.
    ///
    /// - Parameter findings: The findings, as a report's ``CheckReport/locatedFindings``.
    /// - Throws: What the encoder throws.
    package mutating func encodeCounts(of findings: [LocatedFinding]) throws {
        try encode(findings.count { $0.severity == .error }, forKey: .errors)
        try encode(findings.count { $0.severity == .warning }, forKey: .warnings)
        try encode(findings.count { $0.severity == .info }, forKey: .infos)
    }
}

import FileLocations
import Foundation
import Testing

/// The package's one severity: its order, its JSON, and the old `note` spelling that still reads.
@Suite struct FindingSeverityTests {
    @Test func errorsSortFirstThenWarningsThenInformation() {
        #expect(FindingSeverity.error < .warning && FindingSeverity.warning < .info)
        #expect([FindingSeverity.info, .error, .warning, .error].sorted() == [.error, .error, .warning, .info])
        #expect(FindingSeverity.allCases == [.error, .warning, .info])
    }

    @Test func aLocatedFindingsSeverityIsTheOneSeverity() {
        #expect(LocatedFinding.Severity.self == FindingSeverity.self)
        #expect(LocatedFinding(code: "c", severity: .info, message: "m").severity.description == "info")
    }

    @Test func itEncodesItsRawValueAndReadsTheOldNoteAsInfo() throws {
        let encoded = try JSONEncoder().encode([FindingSeverity.error, .warning, .info])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["error","warning","info"]"#)
        let decoded = try JSONDecoder().decode([FindingSeverity].self, from: Data(#"["info","note","error"]"#.utf8))
        #expect(decoded == [.info, .info, .error])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([FindingSeverity].self, from: Data(#"["fatal"]"#.utf8))
        }
    }
}

import AppCoverage
import FileLocations
import Foundation
import Testing

/// `PlatformDifference.Reason` and the typed `AppCoverageReport.Gap.code` (issue 38): growing values written as the
/// same strings as before.
@Suite struct TypedReasonTests {
    @Test func everyKnownReasonRoundTripsThroughJSON() throws {
        #expect(
            PlatformDifference.Reason.known.map(\.rawValue) == [
                "no-filter", "not-verified", "excluded", "not-claimed", "no-rule", "app-id-not-listed", "limit",
            ])
        let data = try JSONEncoder().encode(PlatformDifference.Reason.known)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"["no-filter","not-verified","excluded","not-claimed","no-rule","app-id-not-listed","limit"]"#)
        #expect(
            try JSONDecoder().decode([PlatformDifference.Reason].self, from: data) == PlatformDifference.Reason.known)
    }

    @Test func aReasonFromANewerVersionDecodes() throws {
        let reason = try JSONDecoder().decode(PlatformDifference.Reason.self, from: Data(#""blocked-by-cdn""#.utf8))
        #expect(reason.rawValue == "blocked-by-cdn")
        #expect(!PlatformDifference.Reason.known.contains(reason))
        #expect("\(reason)" == "blocked-by-cdn")
    }

    @Test func aStringLiteralIsAReasonAsBefore() {
        let difference = PlatformDifference(
            kind: .opensOnlyOnIOS, host: "example.com", route: "item", example: "https://example.com/x",
            reason: "no-filter", message: "m", place: .init(.routes, .pointer(.root)))
        #expect(difference.reason == .noFilter)
        #expect(difference.reason == "no-filter")
    }

    @Test func aDifferenceWritesItsReasonAsTheSameString() throws {
        let difference = PlatformDifference(
            kind: .opensOnlyOnAndroid, host: "example.com", route: "item", example: "https://example.com/x",
            reason: .appIDNotListed, message: "m", place: .init(.routes, .pointer(.root)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(difference), as: UTF8.self)
        #expect(json.contains(#""reason":"app-id-not-listed""#))
    }

    @Test func aGapWritesItsFetchCodeAsTheSameString() throws {
        let gap = AppCoverageReport.Gap(
            kind: .deployedFile, message: "m", place: .aasa(domain: "example.com", pointer: .root),
            domain: "example.com", code: "redirect")
        #expect(gap.code?.rawValue == "redirect")
        #expect(gap.code == "redirect")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(gap), as: UTF8.self)
        #expect(json.contains(#""code":"redirect""#))
        let none = AppCoverageReport.Gap(kind: .deployedFile, message: "m", place: .routes(pointer: .root))
        #expect(String(decoding: try encoder.encode(none), as: UTF8.self).contains(#""code":null"#))
    }
}

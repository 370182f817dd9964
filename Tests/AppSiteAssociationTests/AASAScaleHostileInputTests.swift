import Testing

@testable import AppSiteAssociation
@testable import RichMediaKitSupport

/// Hostile input beyond the AASA suite's own cases: 100 MB, a megabyte URL and 100,000 query items.
@Suite struct AASAScaleHostileInputTests {
    @Test func hundredMegabyteFileIsRefusedBySizeBeforeParsing() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000_000)
        let report = AASALinter.lint(bytes, passes: [])
        #expect(report.diagnostics.map(\.code.rawValue) == ["size-limit"])
        #expect { try AASAFile(parsing: bytes) } throws: { ($0 as? AASAError)?.kind == .tooLarge }
    }

    @Test func megabyteURLIsDecided() throws {
        let matcher = try AASATestSupport.matcher(components: #"[{"/": "/buy/*"}, {"/": "*x", "exclude": true}]"#)
        let body = String(repeating: "a", count: 1 << 20)
        #expect(AASATestSupport.decide(matcher, "https://example.com/buy/" + body) == .match)
        #expect(AASATestSupport.decide(matcher, "https://example.com/" + body + "x") == .exclude)
        #expect(AASATestSupport.decide(matcher, "https://example.com/" + body) == .noMatch)
    }

    @Test(arguments: [true, false])
    func hundredThousandQueryItemsAreAllChecked(percentEncoded: Bool) throws {
        let matcher = try AASATestSupport.matcher(
            components: #"[{"?": {"a": "1", "b": "*"}, "percentEncoded": \#(percentEncoded)}]"#)
        let items = Array(repeating: "a=1", count: 100_000)
        #expect(AASATestSupport.decide(matcher, "https://example.com/?" + items.joined(separator: "&")) == .match)
        // Every occurrence of a named item must match: one bad value among 100,000 fails the rule.
        let spoiled = items + ["a=2"]
        #expect(AASATestSupport.decide(matcher, "https://example.com/?" + spoiled.joined(separator: "&")) == .noMatch)
    }
}

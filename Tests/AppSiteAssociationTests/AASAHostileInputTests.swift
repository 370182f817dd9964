import Testing

@testable import AppSiteAssociation
@testable import RichMediaKitSupport

/// Hostile input: each case ends in a diagnostic, never a crash or a hang.
@Suite struct AASAHostileInputTests {
    /// A hostile file, built when the test runs (so that test names stay short).
    enum HostileFile: String, CaseIterable, Sendable {
        case invalidJSON, nonUTF8, nesting100000, tenMegabytes, topLevelString, nulBytes, empty

        var bytes: [UInt8] {
            switch self {
            case .invalidJSON: return Array(#"{"applinks": {"details": [}"#.utf8)
            case .nonUTF8: return [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D]
            case .nesting100000: return Array(String(repeating: "[", count: 100_000).utf8)
            case .tenMegabytes: return [UInt8](repeating: UInt8(ascii: " "), count: 10_000_000)
            case .topLevelString: return Array(#""hello""#.utf8)
            case .nulBytes: return [0x00, 0x00, 0x00]
            case .empty: return []
            }
        }

        var code: String {
            switch self {
            case .invalidJSON, .nulBytes, .empty: return "json-syntax"
            case .nonUTF8: return "invalid-utf8"
            case .nesting100000: return "nesting-limit"
            case .tenMegabytes: return "size-limit"
            case .topLevelString: return "not-object"
            }
        }
    }

    @Test(arguments: HostileFile.allCases)
    func hostileFileGivesADiagnostic(file: HostileFile) throws {
        let bytes = file.bytes
        let report = AASALinter.lint(bytes, passes: [])
        let first = try #require(report.diagnostics.first)
        #expect(first.code.rawValue == file.code)
        #expect(first.severity == .error)
        #expect(report.file == nil)
        #expect(throws: AASAError.self) { try AASAMatcher(parsing: bytes) }
    }

    @Test func fatalErrorsExposeTheirKindAndLocation() {
        #expect {
            try AASAFile(parsing: [UInt8](repeating: 0x20, count: AASAFile.maximumSize + 1))
        } throws: { ($0 as? AASAError)?.kind == .tooLarge }
        #expect { try AASAFile(parsing: Array("[]".utf8)) } throws: { ($0 as? AASAError)?.kind == .notObject }
        do {
            _ = try AASAFile(parsing: Array("{\n  x".utf8))
            Issue.record("parsed invalid JSON")
        } catch {
            #expect(error.kind == .invalidJSON)
            #expect(error.line == 2)
            #expect(error.column == 3)
        }
    }

    @Test(arguments: [
        "*a*a*a*a*a*a*a*a*b",
        "?*?*?*?*?*?*?*?*?*?*?*?*?*?*?*?*b",
        "$(alpha)*$(alpha)*$(alpha)*$(alpha)*$(alpha)*9",
        "*$(lang)*$(lang)*$(lang)*$(lang)*!",
    ])
    func backtrackingBombPatternsDecideLongURLs(pattern: String) throws {
        let matcher = try AASATestSupport.matcher(
            components: ##"[{"/": "\##(pattern)", "?": "\##(pattern)", "#": "\##(pattern)"}]"##)
        let body = String(repeating: "a", count: 10_000)
        let url = "https://example.com/\(body)?\(body)#\(body)"
        #expect(AASATestSupport.decide(matcher, url) == .noMatch)
    }

    @Test(arguments: [
        "https://", "https://example.com", "https://[::1", "https://example.com:/", "https://@", ":", "https:",
        "https://example.com/%", "https://example.com/%zz", "https://example.com/\u{0}", "https://example.com/?&&=&",
    ])
    func malformedURLsNeverCrash(url: String) throws {
        let matcher = try AASATestSupport.matcher(
            components: #"[{"/": "/a", "?": {"q": "1"}, "percentEncoded": false}, {}]"#)
        let result = matcher.explain(url, domain: "example.com", appID: AASATestSupport.appID)
        #expect(!result.reason.description.isEmpty)
    }
}

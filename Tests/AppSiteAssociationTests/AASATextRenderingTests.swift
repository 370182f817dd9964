import AppSiteAssociation
import Testing

/// `AASAMatch.renderedText`, `AASALintReport.renderedText(file:)` and the lint baseline's rendering: the text
/// `link-router aasa match` and `aasa lint` print, offered by the library (issue 11).
@Suite struct AASATextRenderingTests {
    static let json =
        #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [{"/": "/x", "exclude": true}, {"/": "/*"}]}]}}"#

    @Test func matchesAreAlignedAndTrialsFollowTheirURL() throws {
        let matcher = try AASAMatcher(parsing: Array(Self.json.utf8))
        let urls = ["https://example.com/x", "https://example.com/long/path", "http://example.com/"]
        let plain = AASAMatch.renderedText(urls.map { ($0, matcher.match($0, domain: "example.com", appID: "A.b")) })
        #expect(
            plain.split(separator: "\n") == [
                "exclude   /applinks/details/0/components/0  https://example.com/x          (the first matching component excludes)",
                "match     /applinks/details/0/components/1  https://example.com/long/path  (the first matching component opens the app)",
                "no_match  -                                 http://example.com/            (only https URLs are universal links (the scheme is 'http'))",
            ])
        let explained = AASAMatch.renderedText(
            urls.map { ($0, matcher.explain($0, domain: "example.com", appID: "A.b")) })
        let lines = explained.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 + 1 + 2 + 1)
        #expect(lines[1] == "    /applinks/details/0/components/0  exclude")
        #expect(lines[6].hasPrefix("    domain  failed at domain: "))
        #expect(AASAMatch.renderedText([]) == "")
    }

    @Test func controlCharactersInURLsAndReasonsAreEscaped() throws {
        let matcher = try AASAMatcher(parsing: Array(Self.json.utf8))
        let url = "https://exa\u{1B}mple.com/"
        let text = AASAMatch.renderedText([(url, matcher.explain(url, domain: "example.com", appID: "A.b"))])
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B })
        #expect(text.contains("https://exa\\u{1b}mple.com/"))
    }

    @Test func lintReportsLocateEachDiagnosticAndCount() {
        let syntax = AASALinter.lint(Array("{\n  \"applinks\": [".utf8), passes: [])
        let text = syntax.renderedText(file: "a\u{7}.json")
        let lines = text.split(separator: "\n")
        #expect(lines.first?.hasPrefix("a\\u{7}.json:2:") == true)
        #expect(lines.first?.contains(": error[json-syntax]: ") == true)
        #expect(lines.dropFirst().first?.hasPrefix("  fix: ") == true)
        #expect(lines.last == "a\\u{7}.json: 1 error, 0 warnings")

        let report = AASALintReport(
            diagnostics: [
                AASADiagnostic(severity: .warning, code: .unknownKey, pointer: "/applinks/x", message: "m", hint: "h"),
                AASADiagnostic(severity: .error, code: .notObject, pointer: "", message: "top", hint: "fix it"),
            ], file: nil)
        #expect(
            report.renderedText(file: "f").split(separator: "\n") == [
                "f: /applinks/x: warning[unknown-key]: m", "  fix: h", "f: error[not-object]: top", "  fix: fix it",
                "f: 1 error, 1 warning",
            ])
    }

    @Test func theBaselinePartListsAcceptedAndStaleEntries() {
        let accepted = AASADiagnostic(severity: .warning, code: .unknownKey, pointer: "/a", message: "m", hint: "h")
        // Diagnostics made by hand have no subject: their entries name them by pointer.
        let gone = AASADiagnostic(
            severity: .warning, code: .init(rawValue: "gone"), pointer: "/b\u{1B}", message: "m", hint: "h")
        let baseline = Baseline<AASALintReport>(scope: BaselineScope(), entries: [.init(accepted), .init(gone)])
        let comparison = baseline.compare(AASALintReport(diagnostics: [accepted], file: nil))
        #expect(
            comparison.renderedText(file: "base.json").split(separator: "\n", omittingEmptySubsequences: false) == [
                "", "baseline base.json: 1 accepted diagnostic", "accepted (in the baseline), not counted:",
                "  unknown-key: m (at /a).", "stale: no longer found, remove from the baseline:", "  gone /b\\u{1b}",
            ])
    }
}

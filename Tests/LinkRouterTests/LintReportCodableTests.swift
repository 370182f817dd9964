import Foundation
import LinkRouter
import Testing

/// Lint reports encode to what `link-router aasa lint --format json` prints, and decode back.
@Suite struct LintReportCodableTests {
    @Test(arguments: ["AASA/mistakes.json", "AASA/syntax-error.json", "AASA/worked-example.json"])
    func lintReportsEncodeAsTheLintCommandPrintsThem(fixture: String) throws {
        let file = CommandRunner.fixture(fixture)
        let result = try CommandRunner.run(["aasa", "lint", file, "--format", "json"])
        let printed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? NSDictionary
        let report = AASALinter.lint(
            Array(try Data(contentsOf: URL(fileURLWithPath: file))), passes: [.unreachableRules])
        let encoded = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(report)) as? NSDictionary
        #expect(printed != nil && printed == encoded)
        let decoded = try JSONDecoder().decode(AASALintReport.self, from: Data(result.stdout.utf8))
        #expect(decoded.diagnostics == report.diagnostics)
        #expect(decoded.file == nil)
    }
}

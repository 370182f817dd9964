// snippet.hide
import Foundation
import LinkRouter

// snippet.show
func summary<Code>(_ diagnostics: [LintDiagnostic<Code>]) -> [String] {
    diagnostics.map { "\($0.severity) \($0.code.rawValue) \($0.place): \($0.message) (fix: \($0.fix))" }
}
// snippet.hide
let data = try Data(contentsOf: URL(fileURLWithPath: "Tests/LinkRouterTests/Fixtures/AASA/mistakes.json"))
let aasa = summary(AASALinter.lint(Array(data), passes: []).diagnostics)
let android = summary(AndroidLintReport.lint(assetLinks: Array("[{".utf8)).entries.map(\.diagnostic))
guard !aasa.isEmpty, android.first?.hasPrefix("error json-syntax 1:3") == true else { fatalError("\(android)") }

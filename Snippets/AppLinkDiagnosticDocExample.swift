// snippet.hide
import AppLinkConfiguration
import Foundation

let entitlements = try Data(
    contentsOf: URL(fileURLWithPath: "Tests/LinkRouterTests/Fixtures/App/mistakes.entitlements"))
let configuration = try AppLinkConfiguration(entitlements: Array(entitlements))
// snippet.show
let report = AppLinkLinter.lint(configuration, options: .init(release: true))
for diagnostic in report.diagnostics {
    print(diagnostic.severity, diagnostic.code, diagnostic.message)
}
// snippet.hide
guard report.errorCount > 0 else { fatalError("mistakes.entitlements has errors") }

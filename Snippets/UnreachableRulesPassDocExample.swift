// snippet.hide
import Foundation
import AppSiteAssociation
import LinkCoverage

let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "Tests/LinkRouterTests/Fixtures/AASA/mistakes.json")))
// snippet.show
let report = AASALinter.lint(bytes, passes: [.unreachableRules])
// snippet.hide
guard report.diagnostics.contains(where: { "\($0.code)".contains("unreachable") }) else { fatalError("\(report)") }

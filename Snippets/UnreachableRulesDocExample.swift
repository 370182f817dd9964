// snippet.hide
import Foundation
import AppSiteAssociation
// snippet.show
import LinkCoverage

// snippet.hide
let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "Tests/LinkRouterTests/Fixtures/AASA/mistakes.json")))
// snippet.show
let report = AASALinter.lint(bytes, passes: [.unreachableRules])  // what `link-router aasa lint` runs
// snippet.hide
guard report.diagnostics.contains(where: { "\($0.code)".contains("unreachable") }) else { fatalError("\(report)") }

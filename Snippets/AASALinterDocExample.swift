// snippet.hide
import Foundation
import AppSiteAssociation

let data = try Data(contentsOf: URL(fileURLWithPath: "Tests/LinkRouterTests/Fixtures/AASA/mistakes.json"))
var failed = false
// snippet.show
let report = AASALinter.lint(Array(data), passes: [])  // import LinkCoverage for [.unreachableRules]
if report.errorCount > 0 { failed = true }
// snippet.hide
guard failed else { fatalError("mistakes.json has an error") }

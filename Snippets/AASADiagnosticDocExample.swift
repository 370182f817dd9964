// snippet.hide
import Foundation
import AppSiteAssociation

let data = try Data(contentsOf: URL(fileURLWithPath: "Tests/LinkRouterTests/Fixtures/AASA/mistakes.json"))
var printed = 0
@MainActor func print(_ items: Any...) { printed += 1 }
// snippet.show
let report = AASALinter.lint(Array(data), passes: [])
for diagnostic in report.diagnostics {
    print(diagnostic.severity, diagnostic.code, diagnostic.pointer, diagnostic.message)
}
// snippet.hide
guard printed == report.diagnostics.count, printed > 0 else { fatalError("printed \(printed)") }

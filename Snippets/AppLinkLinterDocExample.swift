// snippet.hide
import AppLinkConfiguration
import LinkRouting
import Foundation

let entitlements = try Data(contentsOf: URL(fileURLWithPath: "Docs/Examples/App.entitlements"))
let table = try RouteTable(json: Data(contentsOf: URL(fileURLWithPath: "Docs/Examples/routes.json")))
var failed = false
// snippet.show
let configuration = try AppLinkConfiguration(entitlements: Array(entitlements))
let report = AppLinkLinter.lint(configuration, options: .init(release: true, routes: table))
if report.errorCount > 0 { failed = true }
// snippet.hide
// The one error is the wildcard without its base; the example's placeholder domain is a warning.
guard failed, report.codes == [.wildcardWithoutBase, .documentationDomain], report.errorCount == 1 else {
    fatalError("the example's mistake")
}

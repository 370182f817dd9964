// snippet.hide
import AppLinkConfiguration
import Foundation

let entitlements = try Data(contentsOf: URL(fileURLWithPath: "Docs/Examples/App.entitlements"))
var failed = false
// snippet.show
let configuration = try AppLinkConfiguration(entitlements: Array(entitlements))
let report = AppLinkLinter.lint(configuration, options: .init(release: true, routeHosts: ["example.com"]))
if report.errorCount > 0 { failed = true }
// snippet.hide
guard failed, report.codes == [.wildcardWithoutBase] else { fatalError("the example's mistake") }

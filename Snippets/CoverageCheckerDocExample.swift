// snippet.hide
import Foundation
import LinkRouter

let matcher = try AASAMatcher(
    parsing: Array(try Data(contentsOf: URL(fileURLWithPath: "Docs/Examples/apple-app-site-association"))))
let table = try RouteTable(json: Data(contentsOf: URL(fileURLWithPath: "Docs/Examples/routes.json")))
var printed: [String] = []
@MainActor func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
// snippet.show
let report = try CoverageChecker.check(
    aasa: matcher, routes: table, domain: "example.com", appID: "ABCDE12345.com.example.app")
for gap in report.unrouted { print(gap.rule, gap.example) }
// snippet.hide
guard printed == ["/applinks/details/0/components/2 https://example.com/promotion"] else { fatalError("\(printed)") }

// snippet.hide
import Foundation
import LinkRouter

let matcher = try AASAMatcher(
    parsing: Array(try Data(contentsOf: URL(fileURLWithPath: "Docs/Examples/apple-app-site-association"))))
let table = try RouteTable(json: Data(contentsOf: URL(fileURLWithPath: "Docs/Examples/routes.json")))
let report = try CoverageChecker.check(
    aasa: matcher, routes: table, domain: "example.com", appID: "ABCDE12345.com.example.app")
// A baseline written before the `help` gap appeared, that still accepts a gone `search` gap.
let baselineData = try Data(contentsOf: URL(fileURLWithPath: "Docs/Examples/coverage-baseline-old.json"))
var printed: [String] = []
@MainActor func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.append(items.map { "\($0)" }.joined(separator: separator))
}
// snippet.show
let baseline = try Baseline<CoverageReport>(json: Array(baselineData))
let comparison = baseline.compare(report)
for gap in comparison.new.unrouted { print("new:", gap.rule, gap.example) }
for gap in comparison.new.unclaimed { print("new:", gap.route, gap.example) }
for entry in comparison.stale { print("stale:", entry) }
// new: help https://example.com/help/internal
// stale: unclaimed search (no rule)
// snippet.hide
guard printed == ["new: help https://example.com/help/internal", "stale: unclaimed search (no rule)"],
    comparison.accepted.unrouted.map(\.rule) == ["/applinks/details/0/components/2"]
else { fatalError("\(printed) \(comparison)") }

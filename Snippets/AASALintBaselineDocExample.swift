// snippet.hide
import Foundation
import LinkRouter

let fileBytes = Array(
    try Data(contentsOf: URL(fileURLWithPath: "Tests/LinkRouterTests/Fixtures/AASA/mistakes.json")))
let baselineBytes = Array(
    #"{"version": 1, "diagnostics": [{"code": "unknown-key", "pointer": "/applinks/details/0/components/1/casesensitive"}]}"#
        .utf8)
var printed: [String] = []
@MainActor func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.append(items.map { "\($0)" }.joined(separator: separator))
}
// snippet.show
let report = AASALinter.lint(fileBytes, passes: [.unreachableRules])  // LinkCoverage's pass, as `aasa lint` runs
let comparison = try Baseline<AASALintReport>(json: baselineBytes).compare(report)
for diagnostic in comparison.new.diagnostics { print(diagnostic) }
// snippet.hide
guard comparison.accepted.diagnostics.map(\.code.rawValue) == ["unknown-key"], comparison.stale.isEmpty,
    printed.count == 4, !printed.contains(where: { $0.contains("casesensitive") })
else { fatalError("\(printed)") }

// snippet.hide
import LinkRouter

// The third gap is unrouted but names no rule.
let bytes = Array(
    #"""
    {"version": 1, "domain": "example.com", "appID": "ABCDE12345.com.example.app", "gaps": [
      {"kind": "unrouted", "rule": "/applinks/details/0/components/2"},
      {"kind": "unclaimed", "route": "help", "rule": "/applinks/details/0/components/6"},
      {"kind": "unrouted"}
    ]}
    """#.utf8)
var printed: [String] = []
@MainActor func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.append(items.map { "\($0)" }.joined(separator: separator))
}
// snippet.show
do {
    let baseline = try Baseline<CoverageReport>(json: bytes)
    print(baseline.entries.count, "accepted gaps")
} catch {
    print(error.fileLocation, error.message)  // /gaps/2/rule missing required key `rule`
}
// snippet.hide
guard printed == ["/gaps/2/rule missing required key `rule`"] else { fatalError("\(printed)") }

import Foundation
import LinkRouter

let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "Docs/Examples/apple-app-site-association")))
let report = AASALinter.lint(bytes, passes: [.unreachableRules])  // passes: [] with AppSiteAssociation alone
for diagnostic in report.diagnostics { print(diagnostic) }

let matcher = try AASAMatcher(parsing: bytes)  // compile once
let result = matcher.match(
    "https://example.com/product/42", domain: "example.com", appID: "ABCDE12345.com.example.app")
print(result.decision, result.rule ?? "-", result.reason)
// match /applinks/details/0/components/3 the first matching component opens the app
// snippet.hide
precondition(report.diagnostics.isEmpty)
let printed = "\(result.decision) \(result.rule ?? "-") \(result.reason)"
guard printed == "match /applinks/details/0/components/3 the first matching component opens the app" else {
    fatalError("printed \(printed)")
}

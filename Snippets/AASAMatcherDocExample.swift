// snippet.hide
import Foundation
import AppSiteAssociation

let data = try Data(contentsOf: URL(fileURLWithPath: "Docs/Examples/apple-app-site-association"))
// snippet.show
let matcher = try AASAMatcher(parsing: Array(data))
let result = matcher.match("https://example.com/product/42", domain: "example.com",
                           appID: "ABCDE12345.com.example.app")
// result.decision == .match, result.rule == "/applinks/details/0/components/3"
// snippet.hide
guard result.decision == .match, result.rule == "/applinks/details/0/components/3" else { fatalError("\(result)") }

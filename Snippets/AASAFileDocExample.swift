// snippet.hide
import Foundation
import AppSiteAssociation

let data = try Data(contentsOf: URL(fileURLWithPath: "Docs/Examples/apple-app-site-association"))
// snippet.show
let file = try AASAFile(parsing: Array(data))
let matcher = AASAMatcher(file)
let result = matcher.match("https://example.com/product/42", domain: "example.com",
                           appID: "ABCDE12345.com.example.app")
// snippet.hide
guard result.decision == .match else { fatalError("\(result)") }

// snippet.hide
import Foundation
import LinkRouter

let manifestBytes = Array(try! Data(contentsOf: URL(fileURLWithPath: "Docs/Examples/AndroidManifest.xml")))
var printed: [String] = []
@MainActor func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
// snippet.show
let manifest = try AndroidManifest(
    parsing: manifestBytes, resources: ManifestResources(placeholders: ["webHost": "example.com"]))
for claim in IntentFilterClaim.claims(of: manifest) where claim.takesLinks {
    print(claim.activity, claim.verified ? "verified" : "not verified", claim.origins, claim.pathsText)
}
// snippet.hide
guard printed.count == 2, printed[0].hasPrefix(".LinkActivity verified [\"https://example.com\", \"https://*.example.com\"] path=/"),
    printed[1] == ".LinkActivity not verified [\"shop://promotion\", \"shop://cart\"] every path"
else { fatalError("\(printed)") }

// snippet.hide
import Foundation
import LinkDeployment

/// Stand-in for the app's HTTP client: the origin serves the shipped example file, the CDN has the same copy.
func fetch(_ url: String) -> AASAFetchResponse {
    let body = Array(try! Data(contentsOf: URL(fileURLWithPath: "Docs/Examples/apple-app-site-association")))
    return AASAFetchResponse(url: url, status: 200, headers: ["Content-Type": "application/json"], body: body)
}
let cdnURL = AASAFetchChecker.cdnURL(domain: "example.com")
var printed = ""
@MainActor func print(_ item: Any) { printed = "\(item)" }
// snippet.show
let urls = AASAFetchChecker.originURLs(domain: "example.com")
var responses = [fetch(urls[0])]
if AASAFetchChecker.shouldFetchRoot(after: responses[0]) { responses.append(fetch(urls[1])) }
let report = AASAFetchChecker.check(domain: "example.com", origin: responses, cdn: fetch(cdnURL))
print(report.text)
// snippet.hide
guard responses.count == 1, printed.contains("example.com: 0 errors, 0 warnings") else { fatalError(printed) }

// snippet.hide
import Foundation
import LinkDeployment

/// Stand-in for the app's HTTP client: every URL serves the shipped example file.
struct MyTransport: AASAFetchTransport {
    func response(for request: AASAFetchRequest) async -> AASAFetchResponse {
        let body = Array(try! Data(contentsOf: URL(fileURLWithPath: "Docs/Examples/apple-app-site-association")))
        return AASAFetchResponse(
            url: request.url, status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}
var printed = ""
@MainActor func print(_ item: Any) { printed = "\(item)" }
// snippet.show
let verification = await AASAFetchChecker.verify(
    domain: "example.com", configuration: AASAFetchConfiguration(timeout: .seconds(5)),
    transport: MyTransport())
print(verification.report.text)
// snippet.hide
guard printed.contains("example.com: 0 errors, 0 warnings"), verification.origin.count == 1 else {
    fatalError(printed)
}

// snippet.hide
import AndroidAppLinks
import Foundation
import LinkDeployment

/// Stand-in for the app's HTTP client: every URL serves the shipped example file.
struct MyTransport: AASAFetchTransport {
    func response(for request: AASAFetchRequest) async -> AASAFetchResponse {
        let body = Array(try! Data(contentsOf: URL(fileURLWithPath: "Docs/Examples/assetlinks.json")))
        return AASAFetchResponse(
            url: request.url, status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}
let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
var printed = ""
@MainActor func print(_ item: Any) { printed = "\(item)" }
// snippet.show
let verification = await AssetLinksFetchChecker.verify(
    hosts: ["example.com", "*.example.com"],
    app: AndroidAppIdentity(packageName: "com.example.app", fingerprints: [fingerprint]),
    transport: MyTransport())
print(verification.report.renderedText())
// snippet.hide
guard printed.hasSuffix("2 hosts, 2 verified: 0 errors, 0 warnings"), verification.responses.count == 1 else {
    fatalError(printed)
}

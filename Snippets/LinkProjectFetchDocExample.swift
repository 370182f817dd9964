// snippet.hide
import Foundation
import LinkRouter

// The app's folder: the shipped example's, which holds its project file.
guard FileManager.default.changeCurrentDirectoryPath("Docs/Examples") else { fatalError("no Docs/Examples") }
var printed: [String] = []
@MainActor func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.append(items.map { "\($0)" }.joined(separator: separator))
}
// snippet.show
// A transport serving the files about to be deployed, as the sites will (a program passes its HTTPS client).
struct StagedSite: AASAFetchTransport {
    func response(for request: AASAFetchRequest) async -> AASAFetchResponse {
        let name = request.url.split(separator: "/").last.map(String.init) ?? ""
        guard request.url.contains("/.well-known/"), let body = FileManager.default.contents(atPath: name) else {
            return AASAFetchResponse(url: request.url, status: 404)
        }
        return AASAFetchResponse(
            url: request.url, status: 200, headers: ["Content-Type": "application/json"], body: Array(body))
    }
}

// Fetch and judge every domain's and host's site file the project names, as `aasa fetch` and `assetlinks fetch` do.
let project = try LinkProject(contentsOfFile: ".link-router.json")
let report = try await project.fetch(
    .init(transport: StagedSite(), aasa: AASAFetchConfiguration(checksCDN: false, timeout: .seconds(60))))
for aasa in report.ios {
    print(aasa.domain, "served from", aasa.servedFrom ?? "nowhere", aasa.isClean ? "(clean)" : "(errors)")
}
for host in report.android?.hosts ?? [] { print(host.host, host.verdict) }
print(report.isClean ? "clean" : "not clean")
// example.com served from https://example.com/.well-known/apple-app-site-association (errors)
// example.com verified
// *.example.com verified
// not clean
// snippet.hide
guard
    printed == [
        "example.com served from https://example.com/.well-known/apple-app-site-association (errors)",
        "example.com verified", "*.example.com verified", "not clean",
    ]
else { fatalError("\(printed)") }

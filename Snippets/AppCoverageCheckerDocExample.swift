// snippet.hide
import Foundation
import LinkRouter

func read(_ path: String) -> [UInt8] { Array(try! Data(contentsOf: URL(fileURLWithPath: path))) }
let entitlements = read("Docs/Examples/App.entitlements")
let infoPlist = read("Docs/Examples/Info.plist")
let aasa = read("Docs/Examples/apple-app-site-association")
let table = try RouteTable(json: Data(read("Docs/Examples/routes.json")))
var printed: [String] = []
@MainActor func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
// snippet.show
let app = try AppLinkConfiguration(entitlements: entitlements, infoPlist: infoPlist)
let report = try AppCoverageChecker.check(
    app: app, hasInfoPlist: true, routes: table,
    files: ["example.com": try SiteFile.local(path: "aasa.json", bytes: aasa)])
for gap in report.gaps { print(gap.kind, gap.message) }
// snippet.hide
guard printed.count == 2, printed[0].hasPrefix("associated-domain-not-entitled The routes file associates"),
    report.appID == "ABCDE12345.com.example.app" else {
    fatalError("\(printed)")
}

// snippet.hide
import Foundation
import LinkRouter

func read(_ path: String) -> [UInt8] { Array(try! Data(contentsOf: URL(fileURLWithPath: path))) }
let entitlements = read("Docs/Examples/App.entitlements")
let infoPlist = read("Docs/Examples/Info.plist")
let aasa = read("Docs/Examples/apple-app-site-association")
let table = try RouteTable(json: Data(read("Docs/Examples/routes.json")))
var printed = ""
@MainActor func print(_ item: Any) { printed = "\(item)" }
// snippet.show
let app = try AppLinkConfiguration(entitlements: entitlements, infoPlist: infoPlist)
let report = LinkDoctor.diagnose(
    "https://example.com/promotion/7", app: app, hasInfoPlist: true, routes: table,
    file: try SiteFile.local(path: "aasa.json", bytes: aasa))
print(report.firstBroken?.name.description ?? "opens the app")
// snippet.hide
guard printed == "entitlement" else { fatalError(printed) }

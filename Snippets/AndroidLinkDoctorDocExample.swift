// snippet.hide
import Foundation
import LinkRouter

func read(_ path: String) -> [UInt8] { Array(try! Data(contentsOf: URL(fileURLWithPath: path))) }
let manifestBytes = read("Docs/Examples/AndroidManifest.xml")
let assetLinksBytes = read("Docs/Examples/assetlinks.json")
let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
let table = try RouteTable(json: Data(read("Docs/Examples/routes.json")))
var printed = ""
@MainActor func print(_ item: Any) { printed = "\(item)" }
// snippet.show
let manifest = try AndroidManifest(
    parsing: manifestBytes, resources: ManifestResources(placeholders: ["webHost": "example.com"]))
let file = try AssetLinksSiteFile.local(path: "assetlinks.json", bytes: assetLinksBytes)
let report = AndroidLinkDoctor.diagnose(
    "https://example.com/help/faq", manifest: manifest,
    app: AndroidAppIdentity(packageName: "com.example.app", fingerprints: [fingerprint]), routes: table,
    files: { _ in file })
print(report.firstBroken?.name.description ?? "opens the app")
// snippet.hide
guard printed == "filter" else { fatalError(printed) }

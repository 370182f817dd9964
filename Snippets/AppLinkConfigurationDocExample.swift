// snippet.hide
import AppLinkConfiguration
import Foundation

let entitlements = try Data(contentsOf: URL(fileURLWithPath: "Docs/Examples/App.entitlements"))
let infoPlist = try Data(contentsOf: URL(fileURLWithPath: "Docs/Examples/Info.plist"))
// snippet.show
let configuration = try AppLinkConfiguration(
    entitlements: Array(entitlements), infoPlist: Array(infoPlist), defines: ["TEAM": "ABCDE12345"])
for entry in configuration.associatedDomains where entry.domain.service == .applinks {
    print(entry.domain.host, entry.domain.isWildcard, entry.location)
}
// snippet.hide
guard configuration.applinksEntries(claiming: "shop.example.com").count == 1,
    configuration.applinksEntries(claiming: "example.com").isEmpty, configuration.urlScheme("shop") != nil
else { fatalError("the example claims only *.example.com and declares shop") }

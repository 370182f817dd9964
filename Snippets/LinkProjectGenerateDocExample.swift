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
// Write the site files the project's routes call for, as `aasa generate` and `assetlinks generate` do.
guard let file = LinkProject.nearestFile(from: ".") else { fatalError("no .link-router.json") }
let project = try LinkProject(contentsOfFile: file)
let files = try project.generate()
for aasa in files.ios {
    // What to serve at https://DOMAIN/.well-known/apple-app-site-association.
    print(aasa.domain, aasa.text.utf8.count, "bytes")
}
if let android = files.android {
    // assetlinks.json for every host, and the <intent-filter>s for the manifest's activity.
    print("intent filters for", android.hosts.joined(separator: ", "))
    print(android.differences.count, "URLs where they still differ from the routes")
}
// example.com 1222 bytes
// intent filters for example.com, *.example.com, stores.example.com
// 5 URLs where they still differ from the routes
// snippet.hide
guard
    printed == [
        "example.com 1222 bytes", "intent filters for example.com, *.example.com, stores.example.com",
        "5 URLs where they still differ from the routes",
    ]
else { fatalError("\(printed)") }

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
    print(android.hosts, android.isExact ? "exact" : "\(android.differences.count) differences")
}
// PRINTED
// snippet.hide
guard printed == [] else { fatalError("\(printed)") }

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
// Walk URLs on every platform the project names (here both), as `link-router doctor URL` does.
guard let file = LinkProject.nearestFile(from: ".") else { fatalError("no .link-router.json") }
let project = try LinkProject(contentsOfFile: file)
for url in ["shop://cart", "https://example.com/promotion/7"] {
    guard case .platforms(let walks) = try await project.doctor(url) else { continue }
    for walk in [walks.ios, walks.android] {
        print(url, walk.platform, walk.firstBroken.map { "broken at \($0.name)" } ?? "opens the app")
    }
}
// shop://cart ios opens the app
// shop://cart android opens the app
// https://example.com/promotion/7 ios broken at entitlement
// https://example.com/promotion/7 android opens the app
// snippet.hide
guard
    printed == [
        "shop://cart ios opens the app", "shop://cart android opens the app",
        "https://example.com/promotion/7 ios broken at entitlement",
        "https://example.com/promotion/7 android opens the app",
    ]
else { fatalError("\(printed)") }

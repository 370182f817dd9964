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
// The file the commands read: in the working directory or the nearest directory above it.
guard let file = LinkProject.nearestFile(from: ".") else { fatalError("no .link-router.json") }
let project = try LinkProject(contentsOfFile: file)
print(file, project.routes ?? "no routes")
for (domain, siteFile) in project.ios?.siteFiles ?? [] { print(domain, siteFile) }
print(project.android?.packageName ?? "no package")
// .link-router.json routes.json
// example.com apple-app-site-association
// com.example.app
// snippet.hide
guard printed == [".link-router.json routes.json", "example.com apple-app-site-association", "com.example.app"]
else { fatalError("\(printed)") }
do {
    _ = try LinkProject(contentsOfFile: "missing/.link-router.json")
    fatalError("read a missing file")
} catch {
    guard error.kind == .unreadable,
        error.description == "missing/.link-router.json: cannot read: No such file or directory"
    else { fatalError("\(error)") }
}

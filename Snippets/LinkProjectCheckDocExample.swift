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
// Load the project the commands read, then run the check of the platforms it names (here both).
guard let file = LinkProject.nearestFile(from: ".") else { fatalError("no .link-router.json") }
let project = try LinkProject(contentsOfFile: file)
do {
    switch try await project.check() {
    case .platforms(let report):
        print("iOS:", report.ios.gaps.count, "gaps; Android:", report.android.gaps.count, "gaps")
        print(report.differences.count, "URLs open the app on one platform only")
    case .ios(let report): print("iOS:", report.gaps.count, "gaps")
    case .android(let report): print("Android:", report.gaps.count, "gaps")
    }
} catch {
    // A file that cannot be read or is not what it should be, named as `link-router check` names it.
    print(error.kind, error.file ?? "the project", error)
}
// iOS: 2 gaps; Android: 16 gaps
// 10 URLs open the app on one platform only
// Site files marked "fetch" are fetched with the transport given: project.check(fetch: .init(transport: ...)).
// snippet.hide
guard printed == ["iOS: 2 gaps; Android: 16 gaps", "10 URLs open the app on one platform only"] else {
    fatalError("\(printed)")
}
var missing = project
missing.ios?.entitlements = "Missing.entitlements"
do {
    _ = try await missing.check()
    fatalError("checked a missing file")
} catch {
    guard error.kind == .unreadable, error.file == "Missing.entitlements",
        error.description == "Missing.entitlements: cannot read: No such file or directory"
    else { fatalError("\(error)") }
}

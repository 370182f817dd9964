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
// Load the project the commands read, then lint the app files of the platforms it names (here both).
guard let file = LinkProject.nearestFile(from: ".") else { fatalError("no .link-router.json") }
let project = try LinkProject(contentsOfFile: file)
let report = try project.lint()
switch report {
case .platforms(let lints):
    print("iOS:", lints.ios.diagnostics.count, "diagnostics; Android:", lints.android.entries.count)
    print(lints.android.claims?.count ?? 0, "intent filters claim links")
case .ios(let lint): print("iOS:", lint.diagnostics.count, "diagnostics")
case .android(let lint): print("Android:", lint.entries.count, "diagnostics")
}
for finding in report.locatedFindings where finding.severity == .error { print("error:", finding.code) }
// `link-router app lint` exits 1 when a finding is an error: the report is not clean.
print(report.isClean ? "clean" : "not clean")
// iOS: 3 diagnostics; Android: 1
// 2 intent filters claim links
// error: wildcard-without-base
// not clean
// snippet.hide
guard
    printed == [
        "iOS: 3 diagnostics; Android: 1", "2 intent filters claim links", "error: wildcard-without-base", "not clean",
    ]
else { fatalError("\(printed)") }
var missing = project
missing.android?.manifest = "Missing.xml"
do {
    _ = try missing.lint()
    fatalError("linted a missing file")
} catch {
    guard error.kind == .unreadable, error.description == "Missing.xml: cannot read: No such file or directory" else {
        fatalError("\(error)")
    }
}

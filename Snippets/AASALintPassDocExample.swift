// snippet.hide
import AppSiteAssociation

let bytes = Array(#"{"applinks": {"details": []}}"#.utf8)
// snippet.show
let noEmptyDetails = AASALintPass { file in
    guard let appLinks = file.appLinks, appLinks.details.isEmpty else { return [] }
    return [AASADiagnostic(severity: .warning, code: .missingAppID, pointer: "/applinks/details",
                           message: "no entries", hint: "add an entry")]
}
let report = AASALinter.lint(bytes, passes: [noEmptyDetails])
// snippet.hide
guard report.diagnostics.contains(where: { $0.message == "no entries" }) else { fatalError("\(report)") }

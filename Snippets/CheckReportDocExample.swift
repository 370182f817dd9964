// snippet.hide
import LinkRouter

// snippet.show
struct SpellingReport: CheckReport {
    var misspelled: [(word: String, pointer: JSONPointer)]

    var locatedFindings: [LocatedFinding] {
        misspelled.map { word in
            LocatedFinding(
                code: "misspelled", severity: .warning, message: "`\(word.word)` is not a word.",
                fix: "Correct the spelling.", in: .routes, at: .pointer(word.pointer))
        }
    }

    func renderedText(files: [ReportFile: String]) -> String {
        locatedFindings.map(\.message).joined(separator: "\n")
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(misspelled.map(\.word))
    }
}
// snippet.hide
let report = SpellingReport(misspelled: [("promtion", JSONPointer.root.appending("routes").appending(0))])
guard report.isClean, report.findingRules.map(\.code) == ["misspelled"],
    report.locatedFindings.first?.annotationText == "`promtion` is not a word. Fix: Correct the spelling.",
    report.renderedText(files: [:]) == "`promtion` is not a word."
else { fatalError("\(report.locatedFindings)") }

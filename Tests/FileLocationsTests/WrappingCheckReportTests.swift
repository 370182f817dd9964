import FileLocations
import Foundation
import Testing

/// A report that wraps another passes everything through: findings, rules, verdict, text and JSON.
@Suite struct WrappingCheckReportTests {
    /// A report whose warnings fail it and whose rules are its own (neither is `CheckReport`'s default).
    struct StrictReport: CheckReport {
        var words: [String]

        var locatedFindings: [LocatedFinding] {
            words.map {
                LocatedFinding(
                    code: "word", severity: .warning, message: $0, in: .routes, at: .text(line: 1, column: 1))
            }
        }
        var findingRules: [FindingRule] {
            [FindingRule(code: "word", summary: "A word.", help: "Remove it.", severity: .warning)]
        }
        var isClean: Bool { words.isEmpty }

        func renderedText(files: [ReportFile: String]) -> String {
            "\(files[.routes] ?? "?"): " + words.joined(separator: ",")
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(words)
        }
    }

    enum Wrapper: WrappingCheckReport {
        case strict(StrictReport)

        var report: any CheckReport {
            switch self {
            case .strict(let report): report
            }
        }
    }

    @Test func everyMemberIsTheWrappedReports() throws {
        let report = StrictReport(words: ["one", "two"])
        let wrapper = Wrapper.strict(report)
        #expect(wrapper.locatedFindings == report.locatedFindings)
        #expect(wrapper.findingRules == report.findingRules)
        #expect(!wrapper.isClean)
        #expect(Wrapper.strict(StrictReport(words: [])).isClean)
        #expect(wrapper.renderedText(files: [.routes: "routes.json"]) == "routes.json: one,two")
        #expect(try JSONEncoder().encode(wrapper) == JSONEncoder().encode(report))
    }
}

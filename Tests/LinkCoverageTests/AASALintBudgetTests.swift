import AppSiteAssociation
import Testing

@testable import LinkCoverage

/// The unreachable-rule analysis works within a budget linear in the file's size, and says so when it
/// gives up on a rule (`analysis-skipped`, severity info) instead of going quiet.
@Suite struct AASALintBudgetTests {
    static func file(_ components: [String]) -> String {
        let list = components.map { #"{"/": "\#($0)"}"# }.joined(separator: ", ")
        return #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [\#(list)]}]}}"#
    }

    static func stars(_ pairs: Int, _ unit: String = "*a") -> String {
        "/" + String(repeating: unit, count: pairs) + "b"
    }

    @Test func aRuleWithThousandsOfWildcardsIsSkippedWithAnInfoDiagnostic() throws {
        // 5,000 `*a` pairs (a 120 KB file holds 60,000).
        let report = CoverageTestSupport.lint(Self.file([Self.stars(5_000)]))
        let diagnostic = try #require(report.diagnostics.first { $0.code == .analysisSkipped })
        #expect(diagnostic.severity == .info)
        #expect(diagnostic.pointer == "/applinks/details/0/components/0")
        #expect(!diagnostic.fix.isEmpty)
        #expect(report.errorCount == 0 && report.warningCount == 0, "\(report.diagnostics)")
    }

    @Test func budgetExhaustionReportsTheRulesNotJudged() throws {
        let matcher = try AASAMatcher(parsing: Array(Self.file(["/x", Self.stars(200), Self.stars(200, "*b")]).utf8))
        let analysis = matcher.reachability(workLimit: 20_000)
        #expect(!analysis.undecided.isEmpty, "\(analysis)")
        #expect(!analysis.undecided.contains("/applinks/details/0/components/0"), "\(analysis)")
        #expect(analysis.unreachable.isEmpty)
    }

    @Test func theLinterReportsBudgetExhaustionAtTheEntry() throws {
        // Many rules of long wildcard runs: the budget runs out before they are judged.
        let rules = (0..<40).map { Self.stars(120, "*\(Character(Unicode.Scalar(UInt8(97 + $0 % 26))))") }
        let report = CoverageTestSupport.lint(Self.file(rules))
        let skipped = report.diagnostics.filter { $0.code == .analysisSkipped }
        #expect(!skipped.isEmpty)
        #expect(skipped.allSatisfy { $0.severity == .info && $0.message.contains("work budget") })
        #expect(!report.codes.contains(.unreachableRule))
    }

    @Test func ordinaryFilesAreAnalysedExactlyWithinTheDefaultBudget() throws {
        let report = CoverageTestSupport.lint(Self.file(["/a/*", "/b/*", "/a/b", "/c/*/d", "*.pdf"]))
        #expect(!report.codes.contains(.analysisSkipped), "\(report.diagnostics)")
        #expect(report.diagnostics.map(\.pointer) == ["/applinks/details/0/components/2"])
    }

    /// Issue 40: a file of 400 plain paths (a third ending in `/*`; sized for a debug build, 1,000 take about 4 s
    /// there) is judged whole on the coverage engine's construction: no rule skipped, and a duplicate and a path an
    /// earlier `/*` covers at the end are found.
    @Test func manyPlainPathsAreAnalysedWhole() throws {
        var rules = (0..<400).map { $0 % 3 == 0 ? "/section-\($0 % 10)/\($0)/*" : "/section-\($0 % 10)/item-\($0)" }
        rules += ["/section-1/item-1", "/section-3/3/x"]
        let report = CoverageTestSupport.lint(Self.file(rules))
        #expect(!report.codes.contains(.analysisSkipped), "\(report.diagnostics.prefix(3))")
        #expect(
            report.diagnostics.filter { $0.code == .unreachableRule }.map(\.pointer) == [
                "/applinks/details/0/components/400", "/applinks/details/0/components/401",
            ])
    }
}

import Foundation
import RichMediaKitSupport
import TestSupport
import Testing

@testable import AppSiteAssociation
@testable import LinkCoverage
@testable import LinkRouting

/// The one baseline mechanism: today's files are read as before and written back byte for byte, and every kind
/// splits a report the same way.
@Suite struct BaselineFamilyTests {
    @Test(arguments: ["coverage-baseline.json", "coverage-baseline-old.json"])
    func todaysCoverageBaselinesAreReadAndWrittenBackUnchanged(_ name: String) throws {
        let bytes = try ReportInputsTests.bytes(name)
        let baseline = try Baseline<CoverageReport>(json: bytes)
        #expect(baseline.scope.domain == "example.com")
        #expect(baseline.json == String(decoding: bytes, as: UTF8.self))
        #expect(baseline.fileText == baseline.json)
    }

    @Test func theStaleEntryOfTheOldBaselineIsFoundAndLocated() throws {
        let (report, _) = try ReportInputsTests.exampleReport()
        let bytes = try ReportInputsTests.bytes("coverage-baseline-old.json")
        let baseline = try Baseline<CoverageReport>(json: bytes)
        let split = baseline.split(report)
        #expect(split.accepted == 1)
        #expect(split.new.unclaimed.map(\.route) == ["help"])
        #expect(split.stale == [.unclaimed(route: "search", ruleContent: nil)])
        let summary = baseline.summary(path: "old.json", accepted: split.accepted, stale: split.stale)
        #expect(baseline.fileVersion == 1)
        #expect(summary.versionNote?.code == "baseline-version")
        #expect(summary.stale.map(\.description) == ["unclaimed search (no rule)"])
        let notes = ReportSources([.baseline: .init(path: "old.json", bytes: bytes)]).resolved(
            summary.stale.map(\.note))
        #expect(notes.first?.location == .init(path: "old.json", line: 7, column: 5))
    }

    @Test func aLintBaselineWrittenTodayReadsBackAndAcceptsEverything() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: AASAFixtures.path("mistakes.json"))))
        let report = AASALinter.lint(bytes, passes: [.unreachableRules])
        let baseline = Baseline<AASALintReport>(report: report)
        let read = try Baseline<AASALintReport>(json: Array(baseline.fileText.utf8))
        #expect(read == baseline)
        let split = read.split(report)
        #expect(split.new.diagnostics.isEmpty && split.stale.isEmpty)
        #expect(split.accepted == report.diagnostics.count)
        #expect(split.new.isClean)
    }
}

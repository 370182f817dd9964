import AppSiteAssociation
import Foundation
import LinkCoverage
import LinkDeployment
import Testing

/// `aasa fetch`'s report as a check's report: its summary follows its findings.
@Suite struct AASAFetchReportCheckReportTests {
    static func finding(_ severity: AASAFetchFinding.Severity) -> AASAFetchFinding {
        AASAFetchFinding(
            severity: severity, code: .redirect, source: .origin, url: "https://example.com/x", message: "m",
            hint: "h")
    }

    @Test func okAndTheCountsFollowFindingsAppendedLater() throws {
        var report = AASAFetchReport(
            domain: "example.com", origin: [], servedFrom: nil, cdn: nil, coverage: nil, findings: [])
        #expect(report.ok && report.isClean && report.errors == 0)
        // Regression (issue 27): the stored summary went stale when findings were appended.
        report.findings.append(Self.finding(.error))
        report.findings.append(Self.finding(.warning))
        #expect(!report.ok && !report.isClean)
        #expect(report.errors == 1 && report.warnings == 1)
        let json = try JSONEncoder().encode(report)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["ok"] as? Bool == false)
        #expect(object["errors"] as? Int == 1)
        #expect(object["warnings"] as? Int == 1)
        #expect(try JSONDecoder().decode(AASAFetchReport.self, from: json) == report)
    }

    @Test func requestFindingsPointIntoNoFileAndKeepTheirURL() {
        let report = AASAFetchReport(
            domain: "example.com", origin: [], servedFrom: nil, cdn: nil, coverage: nil,
            findings: [Self.finding(.error)])
        let located = report.locatedFindings
        #expect(located.count == 1)
        #expect(located[0].places.isEmpty)
        #expect(located[0].message == "https://example.com/x: m.")
        #expect(located[0].fix == "h")
        #expect(report.findingRules.map(\.code) == ["redirect"])
    }
}

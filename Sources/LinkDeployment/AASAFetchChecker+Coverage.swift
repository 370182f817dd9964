import AppSiteAssociation
import LinkCoverage
import LinkRouting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension AASAFetchChecker {
    /// The coverage check of the served file and its findings (`unrouted`, `unclaimed`, and `not-compared` for what
    /// the check could not compare at `stateLimit`).
    static func checkCoverage(
        _ file: AASAFile?, routes: RouteTable, domain: String, appID: String,
        stateLimit: Int = CoverageChecker.stateLimit
    ) -> (CoverageReport?, [AASAFetchFinding]) {
        // No report: the one `coverage-not-checked` finding saying why.
        func notChecked(_ severity: AASAFetchFinding.Severity, _ message: String, hint: String) -> [AASAFetchFinding] {
            let code = AASAFetchFinding.Code.coverageNotChecked
            return [AASAFetchFinding(severity: severity, code: code, source: .coverage, message: message, hint: hint)]
        }
        guard let file else {
            let why = "the routes were not compared: there is no loadable file"
            return (nil, notChecked(.info, why, hint: "fix the errors above, then run the check again"))
        }
        let report: CoverageReport
        do {
            report = try CoverageChecker.check(
                aasa: AASAMatcher(file), routes: routes, domain: domain, appID: appID, stateLimit: stateLimit)
        } catch {
            let why = "the routes could not be compared with the file: \(error.description)"
            return (nil, notChecked(.error, why, hint: "simplify the patterns, or compare fewer routes at a time"))
        }
        // Every finding of the report: an error of the coverage check about the rule at pointer `rule`.
        func issue(_ code: AASAFetchFinding.Code, _ rule: String?, _ text: String, _ fix: String) -> AASAFetchFinding {
            AASAFetchFinding(severity: .error, code: code, source: .coverage, pointer: rule, message: text, hint: fix)
        }
        var findings = report.unrouted.map { gap in
            issue(
                .unrouted, gap.rule, "\(gap.example) opens the app for \(appID), and no route handles it",
                "add a route for these URLs, or exclude them in the AASA file")
        }
        findings += report.unclaimed.map { gap in
            let why = gap.rule.map { "the rule \($0) excludes it" } ?? "no rule claims it"
            return issue(
                .unclaimed, gap.rule, "route `\(gap.route)` handles \(gap.example), and iOS opens Safari: \(why)",
                "claim these URLs in the AASA file, or remove the route")
        }
        // At the limit the check is incomplete, and says so as `check` does (an error: a gap may be missing).
        findings += report.notCompared.map {
            issue(.notCompared, $0.rule, $0.message(appID: appID), CoverageReport.notComparedRule.help)
        }
        return (report, findings)
    }
}

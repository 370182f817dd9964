import AppSiteAssociation
import LinkCoverage
import LinkRouting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension AASAFetchChecker {
    /// Size, content type and lint findings of the served body; the file when it could be loaded.
    static func bodyFindings(_ served: AASAFetchResponse) -> ([AASAFetchFinding], AASAFile?) {
        guard !served.isOverSizeLimit else {
            var size =
                served.truncated
                ? "more than \(sizeLimit) bytes (reading stopped there)" : "\(served.body.count) bytes"
            if let encoding = served.header("Content-Encoding") {
                let wire = served.contentLength.map { " from \($0) bytes" } ?? ""
                size += " once its Content-Encoding \(encoding) is undone (it came compressed\(wire))"
            }
            return (
                [
                    AASAFetchFinding(
                        severity: .error, code: .sizeLimit, source: .origin, url: served.url,
                        message: "the file is \(size); iOS reads at most \(sizeLimit) bytes (128 KB) and ignores "
                            + "a larger file entirely",
                        hint: "shrink the file: merge rules, use substitution variables, remove unused entries")
                ], nil
            )
        }
        var findings: [AASAFetchFinding] = []
        if served.contentType == nil {
            findings.append(
                AASAFetchFinding(
                    severity: .warning, code: .contentType, source: .origin, url: served.url,
                    message:
                        "the file is served without a Content-Type; Apple's documentation asks for application/json",
                    hint: "configure the server to send Content-Type: application/json for this path"))
        }
        let report = AASALinter.lint(served.body, contentType: served.contentType, passes: [.unreachableRules])
        // The content type first (it is about how the file is served), then the body's diagnostics.
        let contentType = report.diagnostics.filter { $0.code == .contentType }
        findings += contentType.map { diagnostic in
            var finding = AASAFetchFinding(diagnostic)
            finding.source = .origin
            finding.url = served.url
            finding.pointer = nil
            return finding
        }
        findings += report.diagnostics.filter { $0.code != .contentType }.map(AASAFetchFinding.init)
        return (findings, report.file)
    }
}

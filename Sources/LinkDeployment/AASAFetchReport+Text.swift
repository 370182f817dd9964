import RichMediaKitSupport

extension AASAFetchReport {
    /// The report exactly as `link-router aasa fetch` prints it: ``text`` with control characters (C0, DEL and C1)
    /// shown as `\u{XX}` in every line, so server-sent text is safe to print to a terminal or a log.
    /// - Returns: The lines joined with `\n` (no trailing newline).
    public func renderedText() -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.visible(String($0)) }
            .joined(separator: "\n")
    }

    /// The report as `link-router aasa fetch` prints it: how the requests were made (the client and its
    /// `User-Agent`, the deadline), the requests and what each got, what Apple's CDN says about its copy, the
    /// CDN state and coverage summary (and what the coverage check could not compare, as `check` lists it), then one
    /// `severity[code] location: message` line per finding with its fix hint (and, for a stale CDN copy, the
    /// differing URLs as `aasa diff` shows them), then the counts.
    ///
    /// Server-sent text (headers) appears as received; a terminal-facing caller escapes control characters, or uses
    /// ``renderedText()``.
    public var text: String {
        var lines: [String] = []
        if let client {
            var line = "fetched as \(client.name)"
            if let agent = client.userAgent { line += " (User-Agent: \(agent))" }
            if let timeout {
                line += ", within \(AASAFetchChecker.words(timeout)) in all"
            }
            lines.append(line)
        }
        for request in origin {
            lines.append("GET \(request.url)")
            lines.append("    " + Self.outcome(request) + (request.url == servedFrom ? " (serves the file)" : ""))
        }
        if let cdn {
            lines.append("GET \(cdn.request.url) (Apple's CDN)")
            var state = Self.outcome(cdn.request)
            switch cdn.state {
            case .current: state += ": same rules as the origin's file"
            case .stale: state += ": stale, opens the app for different URLs"
            case .notCompared: state += ": not compared"
            case .miss, .unavailable: break
            }
            lines.append("    " + state)
            if let diagnosis = cdn.diagnosis { lines += Self.diagnosisLines(diagnosis) }
        }
        if let coverage {
            lines.append("coverage for \(coverage.appID): \(coverage.isClean ? "ok" : "gaps"), \(coverage.countsText)")
            lines += coverage.notComparedLines(gapsListed: "below")
        }
        if !findings.isEmpty { lines.append("") }
        for finding in findings {
            var location = finding.url ?? finding.pointer.map { $0.isEmpty ? "/" : $0 } ?? domain
            if let line = finding.line, let column = finding.column { location = "\(line):\(column)" }
            lines.append("\(finding.severity.rawValue)[\(finding.code.rawValue)] \(location): \(finding.message)")
            lines.append("  fix: \(finding.hint)")
            if finding.code == .cdnStale, let cdn { lines += Self.differenceLines(cdn.differences) }
        }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        lines.append("")
        lines.append("\(domain): \(count(errors, "error")), \(count(warnings, "warning"))")
        return lines.joined(separator: "\n")
    }

    /// The CDN's header fields that explain its copy, each with what it means.
    static func diagnosisLines(_ diagnosis: CDNDiagnosis) -> [String] {
        var lines: [String] = []
        if let reason = diagnosis.failureReason {
            lines.append("    Apple-Failure-Reason: \(reason)" + (diagnosis.failureMeaning.map { " (\($0))" } ?? ""))
        }
        if let details = diagnosis.failureDetails { lines.append("    Apple-Failure-Details: \(details)") }
        if let tryDirect = diagnosis.tryDirect {
            lines.append("    Apple-Try-Direct: \(tryDirect) (undocumented; seen with the CDN's failures)")
        }
        if let cacheControl = diagnosis.cacheControl {
            let kept = diagnosis.maxAge.map { " (kept for \(CDNDiagnosis.words(seconds: $0)))" } ?? ""
            lines.append("    Cache-Control: \(cacheControl)\(kept)")
        }
        if let age = diagnosis.age {
            let next = diagnosis.refreshIn.map { ", fetched again in about \(CDNDiagnosis.words(seconds: $0))" } ?? ""
            lines.append("    Age: \(age) (\(CDNDiagnosis.words(seconds: age)) old\(next))")
        }
        return lines
    }

    /// `200, 1234 bytes, application/json`, `301 to URL`, `no response: tls`, `200, then timed-out after 3 of
    /// 820 bytes`.
    static func outcome(_ request: Request) -> String {
        if let failure = request.failure {
            guard let status = request.partialStatus else { return "no response: \(failure.rawValue)" }
            let expected = request.expectedBytes.map { " of \($0)" } ?? ""
            return "\(status), then \(failure.rawValue) after \(request.bytes)\(expected) bytes"
        }
        var text = request.status.map(String.init) ?? "?"
        if let location = request.location { text += " to \(location)" }
        if request.status == 200 {
            text += ", " + (request.truncated ? "more than \(request.bytes - 1)" : "\(request.bytes)") + " bytes"
            if let encoding = request.contentEncoding { text += " (\(encoding), decompressed)" }
            text += ", " + (request.contentType ?? "no Content-Type")
        }
        return text
    }

    /// The differing URLs per app ID, as `aasa diff CDN ORIGIN` lists them.
    static func differenceLines(_ differences: [AppDifference]) -> [String] {
        var lines: [String] = []
        let width = differences.flatMap { $0.originOnly + $0.cdnOnly }.map(\.example.count).max() ?? 0
        for difference in differences {
            lines.append(
                "  \(difference.appID): \(difference.originOnly.count) only with the origin's file, "
                    + "\(difference.cdnOnly.count) only with the CDN copy")
            func section(_ title: String, _ list: [Change]) {
                guard !list.isEmpty else { return }
                lines.append("    " + title)
                for change in list {
                    lines.append(
                        "      " + change.example + String(repeating: " ", count: width - change.example.count + 2)
                            + "cdn: " + (change.cdn ?? "no rule") + ", origin: " + (change.origin ?? "no rule"))
                }
            }
            section(
                "opens the app with the origin's file, not with the CDN copy (devices do not yet):",
                difference.originOnly)
            section(
                "opened the app with the CDN copy, not with the origin's file (devices still do):", difference.cdnOnly)
        }
        return lines
    }
}

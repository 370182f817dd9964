// libFuzzer harness: AASA bytes -> parse, lint, compile, match a few URLs, explain.
//
// Input: an apple-app-site-association file, then optionally a 0x01 byte followed by URLs, one a line
// (without the separator, a few fixed URLs are used). The domain is always example.com; the app IDs are
// those the file names (at most four) plus one it does not name. A file that grants nothing (no section iOS reads)
// is the error `grants-nothing`, unless another error says why.
// Every check below is an invariant of the library: breaking one traps, which libFuzzer reports as a crash.

// `@testable`: the harness checks internal invariants too (Fuzz/run.sh builds the modules with -enable-testing).
@testable import AppSiteAssociation
@testable import LinkCoverage

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}

private let defaultURLs = [
    "https://example.com/", "https://example.com/buy/42", "https://EXAMPLE.com/help/123?articleNumber=4815",
    "https://example.com/a%20b?x=1&y=%2F#frag", "http://example.com/buy/1", "https://other.org/buy/1",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAASA(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let separator = bytes.firstIndex(of: 0x01)
    let fileBytes = separator.map { Array(bytes[..<$0]) } ?? bytes
    let report = AASALinter.lint(fileBytes, passes: [.unreachableRules])
    check(report.errorCount + report.warningCount == report.diagnostics.count, "severities do not add up")
    for diagnostic in report.diagnostics {
        check(diagnostic.pointer.isEmpty || diagnostic.pointer.hasPrefix("/"), "bad pointer \(diagnostic.pointer)")
        check(!diagnostic.message.isEmpty, "empty diagnostic message")
        if let line = diagnostic.line { check(line >= 1 && (diagnostic.column ?? 0) >= 1, "bad location") }
    }
    let file: AASAFile
    do {
        file = try AASAFile(parsing: fileBytes)
    } catch {
        check(report.file == nil, "lint loaded a file that parsing refused")
        check(report.errorCount > 0, "parsing refused a file that lint found no error in")
        if error == .invalidJSON { check(error.line != nil && error.column != nil, "syntax error without location") }
        return 0
    }
    check(report.file == file, "lint and parsing disagree on the file")
    // A file grants nothing exactly when it has no section iOS reads; the lint says so unless another error does.
    let nothing = report.diagnostics.contains { $0.code == .grantsNothing }
    if nothing { check(file.grantsNothing && report.errorCount > 0, "grants-nothing for a file with a section") }
    if file.grantsNothing, !report.diagnostics.contains(where: { $0.severity == .error && $0.code != .grantsNothing }) {
        check(nothing, "a file that grants nothing passed")
    }
    if file.grantsNothing { check(AASAMatcher(file).appIDs.isEmpty, "a file that grants nothing names an app") }
    let matcher = AASAMatcher(file)
    var appIDs: [String] = []
    for entry in file.appLinks?.details ?? [] {
        for id in entry.appIDs where !appIDs.contains(id) && appIDs.count < 4 { appIDs.append(id) }
    }
    appIDs.append("ZZZZZ99999.not.listed")
    let urls =
        separator.map {
            bytes[($0 + 1)...].split(separator: 0x0A, omittingEmptySubsequences: false).prefix(16).map {
                String(decoding: $0, as: UTF8.self)
            }
        } ?? defaultURLs
    for url in urls {
        for appID in appIDs { checkMatch(matcher, url, appID, listed: appID != appIDs.last) }
    }
    return 0
}

private func checkMatch(_ matcher: AASAMatcher, _ url: String, _ appID: String, listed: Bool) {
    let result = matcher.match(url, domain: "example.com", appID: appID)
    let explained = matcher.explain(url, domain: "example.com", appID: appID)
    check(result.decision == explained.decision, "match and explain disagree for \(url)")
    check(result.rule == explained.rule, "match and explain name different rules for \(url)")
    check(result.trials.isEmpty, "match without explain lists trials")
    check((result.decision == .noMatch) == (result.rule == nil), "a rule is named iff the decision is not no_match")
    if !listed { check(result.decision == .noMatch, "an app ID the file does not name got \(result.decision)") }
    if let rule = result.rule {
        check(rule.hasPrefix("/applinks/details/"), "deciding rule \(rule) is not under /applinks/details")
        let last = explained.trials.last
        check(last?.rule == rule, "the last rule tried is not the deciding rule for \(url)")
        check(last?.outcome == (result.decision == .match ? .match : .exclude), "the last trial's outcome differs")
        check(explained.trials.dropLast().allSatisfy { $0.failedPart != nil }, "a rule before the decider matched")
    } else {
        check(explained.trials.allSatisfy { $0.failedPart != nil }, "no_match although a trial matched for \(url)")
    }
    // The host compares ignoring ASCII case.
    if url.utf8.starts(with: "https://example.com".utf8) {
        let upper = "https://EXAMPLE.COM" + String(decoding: url.utf8.dropFirst(19), as: UTF8.self)
        let again = matcher.match(upper, domain: "example.com", appID: appID)
        check(again.decision == result.decision && again.rule == result.rule, "host case changed the answer for \(url)")
    }
}

import Foundation
import LinkRouter

func runAASABenchmarks(options: Options, runs: Int, wanted: (String) -> Bool) throws {
    if wanted("aasa.match") { try runAASAMatch(options: options, runs: runs) }
    if wanted("aasa.pathological") { try runPathological(options: options, runs: runs) }
    if wanted("aasa.lint") || wanted("aasa.lint.pathological") {
        // One lint of a 120 KB file takes seconds: a single run is enough for the smoke run.
        runLint(options: options, runs: options.quick ? 1 : runs, wanted: wanted)
    }
}

/// `aasa.lint`: linting an ordinary file of about 120 KB (thousands of realistic rules), and
/// `aasa.lint.pathological`: 120 KB of long wildcard patterns (`*a*a*a…`), whose unreachable-rule
/// analysis used to grow quadratically. The pathological row's baseline is the ordinary file, so its
/// ratio is ordinary ÷ pathological: the goal is at least 0.2 (pathological within 5× of ordinary).
private func runLint(options: Options, runs: Int, wanted: (String) -> Bool) {
    let target = 120_000
    var rules = 2_000
    var ordinary = AASAWorkload.make(rules: rules, urls: 0).file
    while ordinary.count < target - 1_000 {
        rules += max(1, (target - ordinary.count) / 45)
        ordinary = AASAWorkload.make(rules: rules, urls: 0).file
    }
    while ordinary.count > target {
        rules -= 10
        ordinary = AASAWorkload.make(rules: rules, urls: 0).file
    }
    let ordinaryBytes = Array(ordinary)
    let pathologicalBytes = Array(pathologicalLintFile(size: target).utf8)
    func lint(_ bytes: [UInt8]) -> AASALintReport { AASALinter.lint(bytes, passes: [.unreachableRules]) }
    let ordinaryReport = lint(ordinaryBytes)
    let pathologicalReport = lint(pathologicalBytes)
    let (ordinaryTime, _) = compare(runs: runs, operations: 1, ours: { blackHole(lint(ordinaryBytes)) }, baseline: nil)
    if wanted("aasa.lint") {
        report(
            BenchmarkResult(
                name: "aasa.lint", nsPerOp: ordinaryTime, baselineNsPerOp: nil, runs: runs,
                note: "\(ordinaryBytes.count) bytes, \(rules) rules, \(summary(ordinaryReport))"), options)
    }
    guard wanted("aasa.lint.pathological") else { return }
    let (pathologicalTime, _) = compare(
        runs: runs, operations: 1, ours: { blackHole(lint(pathologicalBytes)) }, baseline: nil)
    report(
        BenchmarkResult(
            name: "aasa.lint.pathological", nsPerOp: pathologicalTime, baselineNsPerOp: ordinaryTime, runs: runs,
            note: "\(pathologicalBytes.count) bytes of *a*a... patterns; baseline is aasa.lint; "
                + summary(pathologicalReport)), options)
    if let peak = peakResidentBytes() { note("peak resident memory of the process: \(peak / 1_048_576) MiB", options) }
}

/// Components whose path patterns are long `*x*x*x…b` runs (50, 200 and 1,600 pairs, then one pattern
/// filling the rest), up to `size` bytes.
private func pathologicalLintFile(size: Int) -> String {
    let head = #"{"applinks": {"details": [{"appIDs": ["\#(AASAWorkload.appID)"], "components": ["#
    let tail = "]}]}}"
    var components: [String] = []
    var length = head.utf8.count + tail.utf8.count
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    var index = 0
    for pairs in [50, 50, 50, 50, 200, 200, 1_600] + Array(repeating: 50, count: 400) {
        let component = #"{"/": "/"# + String(repeating: "*\(letters[index % letters.count])", count: pairs) + #"b"}"#
        if length + component.utf8.count + 2 > size / 2 { break }
        components.append(component)
        length += component.utf8.count + 2
        index += 1
    }
    let remaining = size - length - 16
    components.append(#"{"/": "/"# + String(repeating: "*a", count: max(1, remaining / 2)) + #"b"}"#)
    return head + components.joined(separator: ", ") + tail
}

private func summary(_ report: AASALintReport) -> String {
    let skipped = report.diagnostics.filter { $0.code == .analysisSkipped }.count
    return "\(report.errorCount) errors, \(report.warningCount) warnings, \(skipped) analysis-skipped"
}

private func runAASAMatch(options: Options, runs: Int) throws {
    let workload = AASAWorkload.make(urls: options.quick ? 5_000 : 100_000)
    // Parse first and compile a small file once (built-in variable tables are initialised
    // lazily), so that the measurement covers the compiled form of the file only.
    let file = try AASAFile(parsing: workload.file)
    blackHole(
        try AASAMatcher(parsing: Data(#"{"applinks": {"details": [{"components": [{"/": "/$(lang)/*"}]}]}}"#.utf8)))
    // Resident growth is page-granular and includes allocator slack, so keep several compiled
    // copies alive and report the average growth per copy.
    let copies = 16
    let residentBefore = residentBytes() ?? 0
    let matchers = (0..<copies).map { _ in AASAMatcher(file) }
    let residentAfter = residentBytes() ?? 0
    let matcher = matchers[0]
    let regex = try RegexAASAMatcher(file: workload.file, appID: AASAWorkload.appID, domain: AASAWorkload.domain)
    let urls = workload.urls

    var disagreements = 0
    var decisions: [AASAMatch.Decision: Int] = [:]
    for url in urls {
        let ours = matcher.match(url, domain: AASAWorkload.domain, appID: AASAWorkload.appID).decision
        decisions[ours, default: 0] += 1
        let theirs: AASAMatch.Decision =
            switch regex.decide(url) {
            case .match: .match
            case .exclude: .exclude
            case .noMatch: .noMatch
            }
        if ours != theirs {
            disagreements += 1
            if disagreements <= 3 {
                note("  differs: \(url) ours \(ours.rawValue), baseline \(theirs.rawValue)", options)
            }
        }
    }
    if disagreements > 0 { note("warning: \(disagreements) URLs decided differently by the baseline", options) }

    let baselineURLs = Array(urls.prefix(options.quick ? 500 : 10_000))
    let (ours, baseline) = compare(
        runs: runs, operations: urls.count,
        ours: {
            for url in urls { blackHole(matcher.match(url, domain: AASAWorkload.domain, appID: AASAWorkload.appID)) }
        },
        baseline: nil)
    let (baselineTime, _) = compare(
        runs: runs, operations: baselineURLs.count, ours: { for url in baselineURLs { blackHole(regex.decide(url)) } },
        baseline: nil)
    _ = baseline
    let mix = decisions.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }
    report(
        BenchmarkResult(
            name: "aasa.match", nsPerOp: ours, baselineNsPerOp: baselineTime, runs: runs,
            note: "100 rules, \(urls.count) URLs (\(mix.joined(separator: ", ")))"), options)
    note(
        "memory: compiled 100-rule AASA file ~\((residentAfter - residentBefore) / copies / 1024) KiB resident "
            + "(growth while compiling, averaged over \(copies) copies kept alive)", options)
    blackHole(matchers)
}

private func runPathological(options: Options, runs: Int) throws {
    let shapes: [(name: String, pattern: String, character: Character)] = [
        ("star-a", "*a*a*a*a*a*a*a*a*a*a*b", "a"),
        ("star-question", "*?*?*?*?*?*?*?*?*?*?b", "a"),
        ("star-ab", "*ab*ab*ab*ab*ab*ab*ab*abc", "b"),
    ]
    let lengths = options.quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]
    for shape in shapes {
        let file = Data(
            """
            {"applinks": {"details": [{"appIDs": ["\(AASAWorkload.appID)"], "components": [{"/": "/\(shape.pattern)"}]}]}}
            """.utf8)
        let matcher = try AASAMatcher(parsing: file)
        var perLength: [(Int, Double)] = []
        for length in lengths {
            let body = String(repeating: shape.character, count: length)
            let url = "https://example.com/" + body
            let (time, _) = compare(
                runs: runs, operations: 1,
                ours: { blackHole(matcher.match(url, domain: AASAWorkload.domain, appID: AASAWorkload.appID)) },
                baseline: nil)
            perLength.append((length, time))
            if length == 10_000 {
                // The baseline gets one try with a 1 s budget.
                var glob = BacktrackingGlob("/" + shape.pattern, deadline: .now + .seconds(1))
                let text = Array(("/" + body).utf8)
                var outcome = "finished"
                let baselineTime = nanoseconds {
                    do { blackHole(try glob.matches(text)) } catch { outcome = "gave up after 1 s" }
                }
                report(
                    BenchmarkResult(
                        name: "aasa.pathological.\(shape.name)", nsPerOp: time, baselineNsPerOp: baselineTime,
                        runs: runs, note: "\(shape.pattern) vs 10,000 x '\(shape.character)'; baseline \(outcome)"),
                    options)
            }
        }
        let growth = perLength.map { String(format: "%d: %.3f ms", $0.0, $0.1 / 1e6) }.joined(separator: ", ")
        note("growth \(shape.name): \(growth)", options)
    }
}

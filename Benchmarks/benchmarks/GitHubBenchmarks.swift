import Foundation
import LinkRouter

/// The GitHub API route set (``gitHubAPIRoutes``) as the side-by-side with Go's httprouter runs it: every route
/// bound to `https://api.github.com`, one request per route line with `testvalue` in every parameter.
///
/// - `github.outcome`: `outcome(for:)` per URL; the baseline is the byte floor (summing the URL's UTF-8), so the
///   note gives outcome as a multiple of the floor.
/// - `github.decision.read`: `decision(for:)` and reading every parameter's value (what httprouter's `Lookup`
///   returns in its `Params`); the baseline is `outcome(for:)`, interleaved.
func runGitHubBenchmarks(options: Options, runs: Int, wanted: (String) -> Bool) throws {
    guard ["github.outcome", "github.decision.read"].contains(where: wanted) else { return }
    let host = "api.github.com"
    var patterns: [String] = []
    var urls: [String] = []
    var expected: [(route: String, parameters: [String: String])] = []
    for line in gitHubAPIRoutes.split(separator: "\n") {
        let fields = line.split(separator: "\t")
        guard fields.count == 2 else { continue }
        let pattern = String(fields[1])
        if !patterns.contains(pattern) { patterns.append(pattern) }
        var parameters: [String: String] = [:]
        let path = pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            guard segment.hasPrefix(":") else { return String(segment) }
            parameters[String(segment.dropFirst())] = "testvalue"
            return "testvalue"
        }
        urls.append("https://\(host)" + path.joined(separator: "/"))
        expected.append((pattern, parameters))
    }
    var builder = RouteTable.Builder(associatedDomains: ["applinks:\(host)"])
    for pattern in patterns { builder.add(pattern, "https://\(host)\(pattern)") }
    let table = try builder.build()

    // Same answers first: every request reaches its own route with exactly its parameters.
    var wrong = 0
    for (url, want) in zip(urls, expected) {
        let routed = table.decision(for: url).routed
        if routed?.route != want.route || routed?.parameters != want.parameters { wrong += 1 }
    }
    if wrong > 0 { note("warning: \(wrong) GitHub API requests routed wrongly", options) }

    let repeats = options.quick ? 50 : 2_000
    let operations = urls.count * repeats
    func outcomePass() {
        var total = 0
        for _ in 0..<repeats {
            for url in urls { total &+= table.outcome(for: url).routeIndex ?? -1 }
        }
        blackHole(total)
    }
    if wanted("github.outcome") {
        let (outcome, floor) = compare(
            runs: runs, operations: operations, ours: outcomePass,
            baseline: {
                var total = 0
                for _ in 0..<repeats {
                    for url in urls {
                        var text = url
                        text.withUTF8 { for byte in $0 { total &+= Int(byte) } }
                    }
                }
                blackHole(total)
            })
        report(
            BenchmarkResult(
                name: "github.outcome", nsPerOp: outcome, baselineNsPerOp: floor, runs: runs,
                note: String(
                    format: "GitHub API set, %d requests; outcome(for:) = %.1fx the byte floor (the baseline)",
                    urls.count, outcome / (floor ?? .nan))), options)
    }
    if wanted("github.decision.read") {
        let (read, outcome) = compare(
            runs: runs, operations: operations,
            ours: {
                var total = 0
                for _ in 0..<repeats {
                    for url in urls {
                        guard let routed = table.decision(for: url).routed else { continue }
                        for (_, value) in routed.parameters { total &+= value.utf8.count }
                    }
                }
                blackHole(total)
            }, baseline: outcomePass)
        report(
            BenchmarkResult(
                name: "github.decision.read", nsPerOp: read, baselineNsPerOp: outcome, runs: runs,
                note: String(
                    format: "decision(for:) + every parameter's value = %.2fx outcome(for:) (the baseline)",
                    read / (outcome ?? .nan))), options)
    }
}

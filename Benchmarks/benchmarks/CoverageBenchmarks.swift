import Foundation
import LinkRouter

/// `coverage.check`: the exact AASA ↔ routes comparison on 1,000 routes against a 200-rule AASA file
/// (the issue's target: under a second in release); `coverage.diff`: two 200-rule files.
func runCoverageBenchmarks(options: Options, runs: Int, wanted: (String) -> Bool) throws {
    guard wanted("coverage") else { return }
    let domain = "example.com"
    let appID = "ABCDE12345.com.example.app"
    var routes: [Route] = []
    for index in 0..<1_000 {
        let section = "section\(index % 100)"
        let pattern: String
        switch index % 5 {
        case 0: pattern = "/\(section)/item\(index)/:id"
        case 1: pattern = "/\(section)/page\(index)/:n<int>"
        case 2: pattern = "/\(section)/doc\(index)/**"
        case 3: pattern = "/\(section)/q\(index)?ref=:ref"
        default: pattern = "/\(section)/u\(index)/:u<uuid>/edit"
        }
        routes.append(Route(name: "r\(index)", pattern: pattern))
    }
    let table = try RouteTable(schemes: ["shop"], associatedDomains: ["applinks:\(domain)"], routes: routes)
    func file(_ components: [String]) throws -> AASAMatcher {
        let text =
            #"{"applinks": {"details": [{"appIDs": ["\#(appID)"], "components": [\#(components.joined(separator: ","))]}]}}"#
        return try AASAMatcher(parsing: Data(text.utf8))
    }
    var components: [String] = []
    for index in 0..<200 {
        let section = "section\(index % 100)"
        components.append(
            index < 100 ? #"{"/": "/\#(section)/internal/*", "exclude": true}"# : #"{"/": "/\#(section)/*"}"#)
    }
    let aasa = try file(components)
    let runs = options.quick ? 1 : runs
    if wanted("coverage.check") {
        var times: [Double] = []
        var result: CoverageReport?
        for _ in 0..<runs {
            times.append(
                try nanoseconds {
                    result = try CoverageChecker.check(aasa: aasa, routes: table, domain: domain, appID: appID)
                })
        }
        report(
            BenchmarkResult(
                name: "coverage.check", nsPerOp: median(times), baselineNsPerOp: nil, runs: runs,
                note: "1,000 routes x 200 AASA rules, \(result?.unrouted.count ?? 0) unrouted regions"), options)
    }
    if wanted("coverage.diff") {
        var changed = components
        changed[150] = #"{"/": "/section50/?*"}"#
        changed[20] = #"{"/": "/section20/internal/?*", "exclude": true}"#
        let new = try file(changed)
        var times: [Double] = []
        for _ in 0..<runs {
            times.append(
                try nanoseconds {
                    blackHole(try CoverageChecker.diff(old: aasa, new: new, domain: domain, appID: appID))
                })
        }
        report(
            BenchmarkResult(
                name: "coverage.diff", nsPerOp: median(times), baselineNsPerOp: nil, runs: runs,
                note: "two 200-rule AASA files"), options)
    }
}

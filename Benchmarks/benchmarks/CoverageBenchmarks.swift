import Foundation
import LinkRouter

/// `coverage.check`: the exact AASA ↔ routes comparison on 1,000 routes against a 200-rule AASA file
/// (the issue's target: under a second in release); `coverage.diff`: two 200-rule files; then the growth and
/// real-world benchmarks of issue 40 (see ``runCoverageGrowthBenchmarks(options:runs:wanted:)``).
func runCoverageBenchmarks(options: Options, runs: Int, wanted: (String) -> Bool) throws {
    try runCoverageGrowthBenchmarks(options: options, runs: runs, wanted: wanted)
    guard wanted("coverage.check") || wanted("coverage.diff") else { return }
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

/// Medians of wall and CPU time of several bodies, their runs interleaved (a, b, c, a, b, c, ...).
func interleavedMedians(runs: Int, _ bodies: [() throws -> Void]) throws -> [(wall: Double, cpu: Double)] {
    var walls = [[Double]](repeating: [], count: bodies.count)
    var cpus = [[Double]](repeating: [], count: bodies.count)
    for _ in 0..<runs {
        for (index, body) in bodies.enumerated() {
            let cpu = processCPUNanoseconds()
            walls[index].append(try nanoseconds(body))
            cpus[index].append(processCPUNanoseconds() - cpu)
        }
    }
    return zip(walls, cpus).map { (median($0), median($1)) }
}

/// Issue 40's benchmarks, each a ratio within one run (CPU time, runs interleaved):
/// - `coverage.check.storefront.N` (N = 10, 20, 40 rules `*/section/*`, some excluded, some with a query item; 20
///   routes, then `.200routes`): the 40-rule check at most 8x the 10-rule one, and none gives up;
/// - `coverage.check.mixed`: 100 mixed rules x 1,000 routes, at most 50x reading and linting the same AASA file
///   (unreachable-rule pass included);
/// - `coverage.android.check`: 500 intent filters x 1,000 routes, at most 50x reading and linting the manifest.
/// `--quick` runs each once, the Android one on 50 filters and 100 routes.
func runCoverageGrowthBenchmarks(options: Options, runs: Int, wanted: (String) -> Bool) throws {
    let domain = CoverageWorkloads.domain
    let appID = CoverageWorkloads.appID
    let runs = options.quick ? 1 : runs
    for routeCount in [20, 200] {
        let suffix = routeCount == 20 ? "" : ".\(routeCount)routes"
        let sizes = [10, 20, 40]
        if sizes.contains(where: { wanted("coverage.check.storefront.\($0)\(suffix)") }) {
            let table = try CoverageWorkloads.storefrontRoutes(routeCount)
            let files = try sizes.map { try AASAMatcher(parsing: CoverageWorkloads.storefrontAASA(rules: $0)) }
            var gaps = [Int](repeating: 0, count: sizes.count)
            var failures: [String] = []
            let times = try interleavedMedians(
                runs: runs,
                files.indices.map { index in
                    {
                        do {
                            let report = try CoverageChecker.check(
                                aasa: files[index], routes: table, domain: domain, appID: appID)
                            gaps[index] = report.unrouted.count + report.unclaimed.count
                            if !report.notCompared.isEmpty {
                                failures.append("\(sizes[index]) rules: \(report.notCompared.count) not compared")
                            }
                        } catch {
                            failures.append("\(sizes[index]) rules: \(error)")
                        }
                    }
                })
            for failure in failures { note("error: \(failure)", options) }
            for (index, size) in sizes.enumerated() where wanted("coverage.check.storefront.\(size)\(suffix)") {
                let growth = times[index].cpu / times[0].cpu
                var goal = ""
                if size == 40 {
                    goal = String(format: "; goal <= 8x: %@", growth <= 8 && failures.isEmpty ? "met" : "MISSED")
                }
                report(
                    BenchmarkResult(
                        name: "coverage.check.storefront.\(size)\(suffix)", nsPerOp: times[index].wall,
                        baselineNsPerOp: nil, runs: runs,
                        note: String(
                            format: "%d rules x %d routes, %d gaps; CPU %.1f ms, %.2fx the 10-rule run%@", size,
                            routeCount, gaps[index], times[index].cpu / 1e6, growth, goal)), options)
            }
        }
    }
    if wanted("coverage.check.mixed") {
        let bytes = CoverageWorkloads.mixedAASA()
        let table = try CoverageWorkloads.mixedRoutes()
        var gaps = 0
        var notCompared = 0
        let times = try interleavedMedians(
            runs: runs,
            [
                {
                    let matcher = try AASAMatcher(parsing: bytes)
                    let report = try CoverageChecker.check(aasa: matcher, routes: table, domain: domain, appID: appID)
                    gaps = report.unrouted.count + report.unclaimed.count
                    notCompared = report.notCompared.count
                },
                { blackHole(AASALinter.lint(Array(bytes), passes: [.unreachableRules])) },
            ])
        let multiple = times[0].cpu / times[1].cpu
        report(
            BenchmarkResult(
                name: "coverage.check.mixed", nsPerOp: times[0].wall, baselineNsPerOp: nil, runs: runs,
                note: String(
                    format: "100 rules x 1,000 routes, %d gaps, %d not compared; CPU %.1f ms, %.1fx reading and "
                        + "linting the file (%.1f ms); goal <= 50x: %@", gaps, notCompared, times[0].cpu / 1e6,
                    multiple, times[1].cpu / 1e6, multiple <= 50 && notCompared == 0 ? "met" : "MISSED")), options)
    }
    if wanted("coverage.android.check") {
        let filters = options.quick ? 50 : 500
        let routeCount = options.quick ? 100 : 1_000
        let manifestBytes = CoverageWorkloads.androidManifest(filters: filters)
        let file = try AssetLinksFile(parsing: CoverageWorkloads.assetLinks())
        let table = try CoverageWorkloads.androidRoutes(routeCount, filters: filters)
        let app = AndroidAppIdentity(
            packageName: CoverageWorkloads.packageName, fingerprints: [CoverageWorkloads.fingerprint])
        var gaps = 0
        var notCompared = 0
        let times = try interleavedMedians(
            runs: runs,
            [
                {
                    let manifest = try AndroidManifest(parsing: manifestBytes)
                    let decider = AndroidLinkDecider(manifest: manifest, app: app) { _ in file }
                    let found = try AndroidCoverageChecker.check(decider: decider, routes: table).gaps
                    notCompared = found.filter { $0.kind == .notCompared }.count
                    gaps = found.count - notCompared
                },
                { blackHole(AndroidManifestLinter.lint(try AndroidManifest(parsing: manifestBytes))) },
            ])
        let multiple = times[0].cpu / times[1].cpu
        report(
            BenchmarkResult(
                name: "coverage.android.check", nsPerOp: times[0].wall, baselineNsPerOp: nil, runs: runs,
                note: String(
                    format: "%d filters x %d routes (%d KB manifest), %d gaps, %d not compared; CPU %.1f ms, %.1fx "
                        + "reading and linting the manifest (%.1f ms); goal <= 50x: %@", filters, routeCount,
                    manifestBytes.count / 1_024, gaps, notCompared, times[0].cpu / 1e6, multiple,
                    times[1].cpu / 1e6, multiple <= 50 && notCompared == 0 ? "met" : "MISSED")), options)
    }
}

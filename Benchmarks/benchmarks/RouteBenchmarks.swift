import Foundation
import LinkRouter

func runRouteBenchmarks(options: Options, runs: Int, wanted: (String) -> Bool) async throws {
    let names = [
        "route.dispatch", "route.dispatch.decision", "route.decision", "route.decision.read",
        "route.dispatch.10k",
    ]
    guard names.contains(where: wanted) else { return }
    let urlCount = options.quick ? 5_000 : 100_000
    let workload: RouteWorkload
    do {
        workload = try RouteWorkload.make(routes: 1_000, urls: urlCount)
    } catch let error as WorkloadError where options.quick {
        // The smoke run must not depend on files outside the repository; a full run must.
        note("skipping route benchmarks: \(error)", options)
        return
    }
    let table = try RouteTable(json: workload.routesFile)
    let naive = try NaiveRouter(routesFile: workload.routesFile)

    // Same answers first: a fast wrong router is no result.
    var disagreements = 0
    for url in workload.urls {
        let ours = table.decision(for: url)
        let theirs = naive.dispatch(url)
        switch (ours.kind, theirs) {
        case (.route, .route(let name, _)) where ours.routed?.route == name: break
        case (.browser, .browser), (.unhandled, .unhandled), (.reject, .reject): break
        default: disagreements += 1
        }
    }
    if disagreements > 0 { note("warning: \(disagreements) URLs decided differently by the baseline", options) }

    let urls = workload.urls
    let baselineURLs = Array(urls.prefix(options.quick ? 500 : 10_000))
    func baselinePass() {
        for url in baselineURLs { blackHole(naive.dispatch(url)) }
    }
    // The baseline is ~100x slower: time it on a prefix of the stream and scale per URL.
    var ours: [Double] = []
    var baseline: [Double] = []
    for _ in 0..<runs {
        ours.append(nanoseconds { for url in urls { blackHole(table.outcome(for: url)) } } / Double(urls.count))
        baseline.append(nanoseconds(baselinePass) / Double(baselineURLs.count))
    }
    if wanted("route.dispatch") {
        report(
            BenchmarkResult(
                name: "route.dispatch", nsPerOp: median(ours), baselineNsPerOp: median(baseline), runs: runs,
                note: "outcome(for:), \(urls.count) URLs, 1,000 routes"), options)
    }
    if wanted("route.dispatch.decision") {
        let (decision, _) = compare(
            runs: runs, operations: urls.count,
            ours: { for url in urls { blackHole(table.decision(for: url)) } }, baseline: nil)
        report(
            BenchmarkResult(
                name: "route.dispatch.decision", nsPerOp: decision, baselineNsPerOp: median(baseline), runs: runs,
                note: "decision(for:) against the naive baseline"), options)
    }
    // decision(for:) against outcome(for:), interleaved in the same run: the goal is at most 2x.
    func outcomePass() {
        for url in urls { blackHole(table.outcome(for: url)) }
    }
    if wanted("route.decision") {
        let (decision, outcome) = compare(
            runs: runs, operations: urls.count,
            ours: { for url in urls { blackHole(table.decision(for: url)) } }, baseline: outcomePass)
        let times = decision / (outcome ?? .nan)
        report(
            BenchmarkResult(
                name: "route.decision", nsPerOp: decision, baselineNsPerOp: outcome, runs: runs,
                note: String(format: "decision(for:) = %.2fx outcome(for:) (the baseline) in this run", times)),
            options)
    }
    if wanted("route.decision.read") {
        // What a server does with a routed decision: read every parameter and query value once.
        let (read, outcome) = compare(
            runs: runs, operations: urls.count,
            ours: {
                var total = 0
                for url in urls {
                    let decision = table.decision(for: url)
                    if let routed = decision.routed {
                        for (_, value) in routed.parameters { total &+= value.utf8.count }
                        for (_, values) in routed.query { total &+= values.count }
                    }
                    blackHole(decision)
                }
                blackHole(total)
            }, baseline: outcomePass)
        let times = read / (outcome ?? .nan)
        report(
            BenchmarkResult(
                name: "route.decision.read", nsPerOp: read, baselineNsPerOp: outcome, runs: runs,
                note: String(format: "decision(for:) + parameters + query = %.2fx outcome(for:) in this run", times)),
            options)
    }
    if wanted("route.dispatch.10k") {
        let big = try RouteWorkload.make(routes: 10_000, urls: urlCount)
        let before = residentBytes() ?? 0
        let bigTable = try RouteTable(json: big.routesFile)
        let after = residentBytes() ?? 0
        let bigURLs = big.urls
        // Interleaved with the 1,000-route table (same URL count), so load on the machine affects both alike.
        let (time, small) = compare(
            runs: runs, operations: bigURLs.count,
            ours: { for url in bigURLs { blackHole(bigTable.outcome(for: url)) } }, baseline: outcomePass)
        let ratio = time / (small ?? .nan)
        report(
            BenchmarkResult(
                name: "route.dispatch.10k", nsPerOp: time, baselineNsPerOp: nil, runs: runs,
                note: String(format: "10,000 routes; %.2fx the interleaved 1,000-route time", ratio)), options)
        note("memory: 10,000-route table ~\((after - before) / 1024) KiB resident growth while loading", options)
        blackHole(bigTable)
    }
}

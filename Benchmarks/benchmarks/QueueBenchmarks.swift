import Foundation

/// `queue.floor.N`: a bare actor making the same four calls per item (see `FloorQueue`).
/// `queue.drain.N`: the same drain through `PresentationQueue`; its baseline column is the seed's chained
/// delegate (context only: it has none of the rules), and its note gives its cost as a multiple of the
/// floor measured in the same run (the budget: at most 10x, flat per item up to 1,000,000).
func runQueueBenchmarks(options: Options, runs: Int, wanted: (String) -> Bool) async {
    let sizes = options.quick ? [1_000, 10_000] : [10_000, 100_000, 1_000_000]
    let queueRuns = options.quick ? 1 : max(3, runs / 2)
    for size in sizes where wanted("queue.drain.\(size)") || wanted("queue.floor.\(size)") {
        var ours: [Double] = []
        var floor: [Double] = []
        var baseline: [Double] = []
        // The baseline is quadratic: past 100,000 items it would take minutes, so it is left out there.
        let measureBaseline = size <= 100_000
        for _ in 0..<(size >= 1_000_000 ? 1 : queueRuns) {
            floor.append(await asyncNanoseconds { blackHole(await FloorQueue.drain(count: size)) } / Double(size))
            ours.append(await asyncNanoseconds { blackHole(await QueueDrain.drain(count: size)) } / Double(size))
            if measureBaseline {
                baseline.append(nanoseconds { blackHole(ChainedDelegateQueue.drain(count: size)) } / Double(size))
            }
        }
        let floorMedian = median(floor)
        if wanted("queue.floor.\(size)") {
            report(
                BenchmarkResult(
                    name: "queue.floor.\(size)", nsPerOp: floorMedian, baselineNsPerOp: nil, runs: floor.count,
                    note: "bare actor, same four calls per item"), options)
        }
        if wanted("queue.drain.\(size)") {
            let times = median(ours) / floorMedian
            report(
                BenchmarkResult(
                    name: "queue.drain.\(size)", nsPerOp: median(ours),
                    baselineNsPerOp: measureBaseline ? median(baseline) : nil, runs: ours.count,
                    note: String(format: "per item: enqueue, present, presented, closed; %.1fx floor", times)),
                options)
        }
    }
}

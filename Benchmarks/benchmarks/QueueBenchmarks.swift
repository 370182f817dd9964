import Foundation

func runQueueBenchmarks(options: Options, runs: Int, wanted: (String) -> Bool) async {
    let sizes = options.quick ? [1_000, 10_000] : [10_000, 100_000, 1_000_000]
    let queueRuns = options.quick ? 1 : max(3, runs / 2)
    for size in sizes where wanted("queue.drain.\(size)") {
        var ours: [Double] = []
        var baseline: [Double] = []
        // The baseline is quadratic: past 100,000 items it would take minutes, so it is left out there.
        let measureBaseline = size <= 100_000
        for _ in 0..<(size >= 1_000_000 ? 1 : queueRuns) {
            ours.append(await asyncNanoseconds { blackHole(await QueueDrain.drain(count: size)) } / Double(size))
            if measureBaseline {
                baseline.append(nanoseconds { blackHole(ChainedDelegateQueue.drain(count: size)) } / Double(size))
            }
        }
        report(
            BenchmarkResult(
                name: "queue.drain.\(size)", nsPerOp: median(ours),
                baselineNsPerOp: measureBaseline ? median(baseline) : nil, runs: ours.count,
                note: "per item: enqueue, present, presented, closed"), options)
    }
}

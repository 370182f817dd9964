import Foundation

/// CPU time used by the whole process (all threads), in nanoseconds: on a loaded machine wall time also
/// counts other processes' turns, so the floor ratio is taken on CPU time.
func processCPUNanoseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

/// Wall and CPU nanoseconds of `body`.
func asyncWallAndCPU(_ body: () async -> Void) async -> (wall: Double, cpu: Double) {
    let cpu = processCPUNanoseconds()
    let wall = await asyncNanoseconds { await body() }
    return (wall, processCPUNanoseconds() - cpu)
}

/// `queue.floor.N`: a bare actor making the same four calls per item (see `FloorQueue`).
/// `queue.drain.N`: the same drain through `PresentationQueue`; its baseline column is the seed's chained
/// delegate (context only: it has none of the rules), and its note gives its cost as a multiple of the
/// floor measured in the same run, in wall and in CPU time, and the budget (Docs/Performance.md, issue 42): CPU
/// per item at most 100x the floor's at 100,000 items, and at 1,000,000 at most 1.5x the CPU
/// per item at 10,000.
func runQueueBenchmarks(options: Options, runs: Int, wanted: (String) -> Bool) async {
    let sizes = options.quick ? [1_000, 10_000] : [10_000, 100_000, 1_000_000]
    var smallestCPU: (size: Int, nsPerItem: Double)?
    let queueRuns = options.quick ? 1 : max(3, runs / 2)
    for size in sizes
    where wanted("queue.drain.\(size)") || wanted("queue.floor.\(size)") || wanted("queue.machine.\(size)") {
        var ours: [Double] = []
        var floor: [Double] = []
        var oursCPU: [Double] = []
        var floorCPU: [Double] = []
        var baseline: [Double] = []
        // The baseline is quadratic: past 100,000 items it would take minutes, so it is left out there.
        let measureBaseline = size <= 100_000
        let measureDrain = wanted("queue.drain.\(size)") || wanted("queue.floor.\(size)")
        for _ in 0..<(size >= 1_000_000 ? 1 : queueRuns) where measureDrain {
            let bare = await asyncWallAndCPU { blackHole(await FloorQueue.drain(count: size)) }
            floor.append(bare.wall / Double(size))
            floorCPU.append(bare.cpu / Double(size))
            let queue = await asyncWallAndCPU { blackHole(await QueueDrain.drain(count: size)) }
            ours.append(queue.wall / Double(size))
            oursCPU.append(queue.cpu / Double(size))
            if measureBaseline {
                baseline.append(nanoseconds { blackHole(ChainedDelegateQueue.drain(count: size)) } / Double(size))
            }
        }
        let floorMedian = median(floor)
        if wanted("queue.machine.\(size)") {
            let machine = await asyncWallAndCPU { blackHole(MachineDrain.drain(count: size)) }
            report(
                BenchmarkResult(
                    name: "queue.machine.\(size)", nsPerOp: machine.wall / Double(size), baselineNsPerOp: nil, runs: 1,
                    note: String(
                        format: "the same drain on the state machine alone, no actor; CPU %.0f ns/item",
                        machine.cpu / Double(size))), options)
        }
        if measureDrain, wanted("queue.floor.\(size)") {
            report(
                BenchmarkResult(
                    name: "queue.floor.\(size)", nsPerOp: floorMedian, baselineNsPerOp: nil, runs: floor.count,
                    note: String(format: "bare actor, same four calls per item; CPU %.0f ns/item", median(floorCPU))),
                options)
        }
        if wanted("queue.drain.\(size)") {
            let times = median(ours) / floorMedian
            let cpuTimes = median(oursCPU) / median(floorCPU)
            let cpu = median(oursCPU)
            var guardNote = ""
            if size == 100_000 {
                guardNote = String(
                    format: "; budget <= 100x floor in CPU (issue 42): %@", cpuTimes <= 100 ? "met" : "MISSED")
            }
            if let smallest = smallestCPU, size > smallest.size {
                let growth = cpu / smallest.nsPerItem
                guardNote += String(
                    format: "; CPU/item %.2fx the %d-item run (guard <= 1.5x: %@)", growth, smallest.size,
                    growth <= 1.5 ? "met" : "MISSED")
            } else {
                smallestCPU = (size, cpu)
            }
            report(
                BenchmarkResult(
                    name: "queue.drain.\(size)", nsPerOp: median(ours),
                    baselineNsPerOp: measureBaseline ? median(baseline) : nil, runs: ours.count,
                    note: String(
                        format:
                            "per item: enqueue, present, presented, closed; %.1fx floor (CPU %.0f ns/item, %.1fx floor)%@",
                        times, cpu, cpuTimes, guardNote)),
                options)
        }
    }
}

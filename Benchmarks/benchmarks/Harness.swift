import Foundation

/// One benchmark result line.
struct BenchmarkResult {
    var name: String
    var nsPerOp: Double
    var baselineNsPerOp: Double?
    var runs: Int
    var note: String?

    var ratio: Double? { baselineNsPerOp.map { $0 / nsPerOp } }

    var json: String {
        func number(_ value: Double?) -> String {
            guard let value, value.isFinite else { return "null" }
            return String(format: "%.3f", value)
        }
        var fields = [
            "\"name\":\"\(name)\"",
            "\"ns_per_op\":\(number(nsPerOp))",
            "\"baseline_ns_per_op\":\(number(baselineNsPerOp))",
            "\"ratio\":\(number(ratio))",
            "\"runs\":\(runs)",
        ]
        if let note { fields.append("\"note\":\"\(note)\"") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    var text: String {
        func format(_ value: Double?) -> String {
            guard let value else { return "-" }
            if value >= 1_000_000 { return String(format: "%.2f ms", value / 1_000_000) }
            if value >= 1_000 { return String(format: "%.2f µs", value / 1_000) }
            return String(format: "%.1f ns", value)
        }
        let ratioText = ratio.map { String(format: "%.1fx", $0) } ?? "-"
        let padded = name.padding(toLength: 34, withPad: " ", startingAt: 0)
        var line =
            "\(padded) \(format(nsPerOp).leftPadded(12))/op  baseline \(format(baselineNsPerOp).leftPadded(12))/op"
        line += "  ratio \(ratioText.leftPadded(8))  runs \(runs)"
        if let note { line += "  (\(note))" }
        return line
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

/// Keeps a value alive so the optimiser cannot drop the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Nanoseconds elapsed while running `body` once.
func nanoseconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let elapsed = start.duration(to: clock.now)
    let (seconds, attoseconds) = elapsed.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// Nanoseconds elapsed while running the async `body` once.
func asyncNanoseconds(_ body: () async throws -> Void) async rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try await body()
    let elapsed = start.duration(to: clock.now)
    let (seconds, attoseconds) = elapsed.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Runs `body` (which performs `operations` operations) `runs` times, interleaved with the baseline,
/// and returns the medians per operation.
func compare(
    runs: Int,
    operations: Int,
    ours: () -> Void,
    baseline: (() -> Void)?
) -> (ours: Double, baseline: Double?) {
    var oursTimes: [Double] = []
    var baselineTimes: [Double] = []
    for _ in 0..<runs {
        oursTimes.append(nanoseconds(ours) / Double(operations))
        if let baseline { baselineTimes.append(nanoseconds(baseline) / Double(operations)) }
    }
    return (median(oursTimes), baseline == nil ? nil : median(baselineTimes))
}

/// Peak resident memory of this process so far, in bytes (Linux: VmHWM; elsewhere nil).
func peakResidentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let digits = line.filter(\.isNumber)
        return Int(digits).map { $0 * 1024 }
    }
    return nil
}

/// Current resident memory of this process, in bytes (Linux: VmRSS; elsewhere nil).
func residentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        let digits = line.filter(\.isNumber)
        return Int(digits).map { $0 * 1024 }
    }
    return nil
}

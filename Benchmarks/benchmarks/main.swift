import Foundation
import LinkRouter

// `swift run -c release benchmarks [--quick] [--json] [--filter NAME]`
//
// Measures LinkRouter's and RichMediaQueue's hot paths against baselines implemented here and measured in
// the same run, interleaved. Prints the median time per operation, the baseline's, and their ratio.
// Speed goals live in Docs/Performance.md; nothing here asserts them.

struct Options {
    var quick = false
    var json = false
    var filter: String?

    init(_ arguments: [String]) throws {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--quick": quick = true
            case "--json": json = true
            case "--filter":
                guard let value = iterator.next() else { throw UsageError("--filter needs a benchmark name prefix") }
                filter = value
            case "--help", "-h":
                print("usage: benchmarks [--quick] [--json] [--filter PREFIX]")
                exit(0)
            default: throw UsageError("unknown argument '\(argument)'")
            }
        }
    }
}

struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

func report(_ result: BenchmarkResult, _ options: Options) {
    print(options.json ? result.json : result.text)
}

func note(_ text: String, _ options: Options) {
    if !options.json { print("  " + text) }
}

let options: Options
do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("benchmarks: \(error)\n".utf8))
    exit(2)
}

func wanted(_ name: String) -> Bool {
    options.filter.map { name.hasPrefix($0) } ?? true
}

let runs = options.quick ? 3 : 7

do {
    try await runRouteBenchmarks(options: options, runs: runs, wanted: wanted)
    try runGitHubBenchmarks(options: options, runs: runs, wanted: wanted)
    try runAASABenchmarks(options: options, runs: runs, wanted: wanted)
    try runCoverageBenchmarks(options: options, runs: runs, wanted: wanted)
    try await runReaderBenchmarks(options: options, runs: runs, wanted: wanted)
    await runQueueBenchmarks(options: options, runs: runs, wanted: wanted)
} catch {
    FileHandle.standardError.write(Data("benchmarks: \(error)\n".utf8))
    exit(1)
}

func runAASABenchmarks(options: Options, runs: Int, wanted: (String) -> Bool) throws {}
func runCoverageBenchmarks(options: Options, runs: Int, wanted: (String) -> Bool) throws {}

func runCoverageBenchmarks(options: Options, runs: Int, wanted: (String) -> Bool) throws {}

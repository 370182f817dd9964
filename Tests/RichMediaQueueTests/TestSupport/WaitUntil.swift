import Testing

/// Awaits a condition that other tasks will make true, yielding between checks (never sleeps).
func waitUntil(_ condition: @Sendable () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
    var spins = 0
    while !condition() {
        await Task.yield()
        spins += 1
        if spins > 1_000_000 {
            Issue.record("condition never became true", sourceLocation: sourceLocation)
            return
        }
    }
}

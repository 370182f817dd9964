/// A clock whose deadlines never pass: `now` stands still and sleeping ends only by cancellation.
///
/// A test that serves a fetch itself (a fake transport, a loopback server) measures the fetch's deadline on this
/// clock: the tests that run a command block threads of the pool the fetch's task waits for, so on a busy machine a
/// deadline on the real clock can pass before the answer the test already has.
package struct StoppedClock: Clock {
    /// The instant `now` stays at.
    package static let frozen = ContinuousClock.now

    /// Creates the clock.
    package init() {}

    /// ``frozen``, always.
    package var now: ContinuousClock.Instant { Self.frozen }

    /// No resolution: time never moves.
    package var minimumResolution: Duration { .zero }

    /// Sleeps until the task is cancelled, then throws `CancellationError`.
    ///
    /// - Parameters:
    ///   - deadline: Never reached.
    ///   - tolerance: Ignored.
    package func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        let stream = AsyncStream<Never> { _ in }
        for await _ in stream {}
        throw CancellationError()
    }
}

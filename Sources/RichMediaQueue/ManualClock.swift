/// A clock that only moves when you advance it, for deterministic tests of presentation ordering.
///
/// Sleepers (`sleep(until:tolerance:)`, and so a ``PresentationQueue``'s timer wake-ups) are parked until
/// ``advance(by:)`` or ``advance(to:)`` moves the clock past their deadline. Every call on a
/// ``PresentationQueue`` first catches up with its clock, so a test can advance the clock and then call any
/// queue method (for example ``PresentationQueue/snapshot()``) to observe the queue at the new time without
/// waiting for background tasks:
///
/// <!-- snippet: ManualClockDocExample -->
/// ```swift
/// let clock = ManualClock()
/// let queue = PresentationQueue<Promo, ManualClock>(
///     configuration: QueueConfiguration(presentTimeout: .seconds(5)), clock: clock)
/// await queue.enqueue(Promo(id: "spring"))
/// clock.advance(by: .seconds(5))
/// let state = await queue.snapshot()  // the present timeout has fired
/// ```
///
/// The clock is a reference type: copies share one time line. It is safe to use from any thread.
public final class ManualClock: Clock, Sendable {
    /// A point on a ``ManualClock``'s time line, measured from the clock's zero.
    public struct Instant: InstantProtocol, Hashable, Sendable, Codable {
        /// The time since the clock's zero.
        public var offset: Duration

        /// Creates an instant at `offset` after the clock's zero.
        ///
        /// - Parameter offset: The time since the clock's zero.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// Returns the instant `duration` after this one.
        ///
        /// - Parameter duration: The distance to move (may be negative).
        /// - Returns: The moved instant.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// Returns the duration from this instant to `other`.
        ///
        /// - Parameter other: The later (or earlier) instant.
        /// - Returns: `other - self`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Orders instants by their offset.
        ///
        /// - Parameters:
        ///   - lhs: An instant.
        ///   - rhs: Another instant.
        /// - Returns: Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Instant
        var nextToken: UInt64 = 0
        var starting: Set<UInt64> = []
        var cancelledBeforeParking: Set<UInt64> = []
        var sleepers: [UInt64: Sleeper] = [:]
        /// Tasks waiting until at least `count` sleepers are parked.
        var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// Removes and returns the waiters whose count of sleepers is reached.
        mutating func satisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
            let parked = sleepers.count
            let satisfied = sleeperWaiters.filter { $0.count <= parked }.map(\.continuation)
            sleeperWaiters.removeAll { $0.count <= parked }
            return satisfied
        }
    }

    private let state: LockedValue<State>

    /// Creates a clock standing at `now`.
    ///
    /// - Parameter now: The starting time; defaults to the clock's zero.
    public init(now: Instant = Instant(offset: .zero)) {
        state = LockedValue(State(now: now))
    }

    /// The current time of the clock.
    public var now: Instant {
        state.withLock { $0.now }
    }

    /// The smallest step the clock can take: zero, since it moves only when told to.
    public var minimumResolution: Duration { .zero }

    /// The number of tasks currently parked in ``sleep(until:tolerance:)``.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Waits until at least `count` tasks are parked in ``sleep(until:tolerance:)``, for example until a
    /// queue's timer wake-up sleeps, so a test can advance the clock knowing who will wake.
    ///
    /// <!-- snippet: ManualClockSleepersDocExample -->
    /// ```swift
    /// await queue.enqueue(Promo(id: "a"))  // a present timeout is due in 5 s
    /// await clock.sleepers(atLeast: 1)  // the queue's wake-up is parked on the clock
    /// clock.advance(by: .seconds(5))  // and wakes: the timeout fires without another call
    /// ```
    ///
    /// It returns at once when enough are parked. It does not return while fewer are parked: a test that
    /// waits for a sleeper nobody starts waits forever.
    ///
    /// - Parameter count: The number of parked sleepers to wait for.
    public func sleepers(atLeast count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                guard state.sleepers.count < count else { return true }
                state.sleeperWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Suspends until the clock has been advanced to `deadline` or past it.
    ///
    /// Returns at once when `deadline` is not in the future.
    ///
    /// - Parameters:
    ///   - deadline: The instant to wait for.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` when the sleeping task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let token = state.withLock { state -> UInt64 in
            state.nextToken &+= 1
            state.starting.insert(state.nextToken)
            return state.nextToken
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome {
                    case parked
                    case ready
                    case cancelled
                }
                let (outcome, waiters) = state.withLock { state -> (Outcome, [CheckedContinuation<Void, Never>]) in
                    state.starting.remove(token)
                    if state.cancelledBeforeParking.remove(token) != nil { return (.cancelled, []) }
                    if deadline <= state.now { return (.ready, []) }
                    state.sleepers[token] = Sleeper(deadline: deadline, continuation: continuation)
                    return (.parked, state.satisfiedWaiters())
                }
                for waiter in waiters { waiter.resume() }
                switch outcome {
                case .parked: break
                case .ready: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                if let sleeper = state.sleepers.removeValue(forKey: token) { return sleeper }
                if state.starting.contains(token) { state.cancelledBeforeParking.insert(token) }
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `duration` and wakes every sleeper whose deadline has been reached.
    ///
    /// - Parameter duration: How far to move; negative durations are treated as zero.
    /// - Complexity: O(*s* log *s*) for *s* parked sleepers.
    public func advance(by duration: Duration) {
        let target = state.withLock { $0.now.advanced(by: max(duration, .zero)) }
        advance(to: target)
    }

    /// Moves the clock to `instant` (if it is later than now) and wakes every sleeper whose deadline has
    /// been reached, earliest deadline first.
    ///
    /// - Parameter instant: The new time.
    /// - Complexity: O(*s* log *s*) for *s* parked sleepers.
    public func advance(to instant: Instant) {
        let due = state.withLock { state -> [Sleeper] in
            if instant > state.now { state.now = instant }
            let now = state.now
            let tokens = state.sleepers.filter { $0.value.deadline <= now }.map(\.key)
            return tokens.compactMap { state.sleepers.removeValue(forKey: $0) }
        }
        for sleeper in due.sorted(by: { $0.deadline < $1.deadline }) {
            sleeper.continuation.resume()
        }
    }
}

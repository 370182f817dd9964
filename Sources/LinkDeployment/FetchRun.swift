/// What one verification (`aasa fetch`, `assetlinks fetch`, each domain of `check --fetch`) may spend, in one place:
/// one deadline for all of its work (every request, its includes, and the reading and checking of the bodies after
/// the network) and one budget of body bytes (package access).
///
/// The deadline is an instant on the verification's clock, fixed when it starts: every request races it (a request
/// still open when it passes is cancelled, the transport returns what it had, and the response is `timedOut`), and
/// the checks after the network start only before it and race it too. So whatever servers send, a verification ends
/// within its deadline plus the time to write its report.
struct FetchRun<C: Clock<Duration>>: Sendable {
    /// The clock the deadline is measured on.
    let clock: C
    /// When all of the verification's work must be done.
    let deadline: C.Instant
    /// The body bytes the verification may keep and have in flight (``FetchBudget``).
    let budget: FetchBudget

    /// A run whose deadline is `timeout` from now on `clock`.
    ///
    /// - Parameters:
    ///   - clock: The clock.
    ///   - timeout: The whole verification's deadline, from now.
    ///   - budget: The body bytes it may keep (``FetchBudget/unlimited`` when the responses are few and small).
    init(clock: C, timeout: Duration, budget: FetchBudget = .unlimited) {
        self.clock = clock
        deadline = clock.now.advanced(by: timeout)
        self.budget = budget
    }

    /// Whether the deadline has passed.
    var isOver: Bool { clock.now >= deadline }

    /// Makes one request through `transport`, held to the run's deadline (``AASAFetchChecker/fetch(_:transport:clock:)``
    /// with the whole run's instant instead of the request's own timeout).
    func fetch(_ request: AASAFetchRequest, transport: some AASAFetchTransport) async -> AASAFetchResponse {
        guard !isOver else { return .failed(url: request.url, .timedOut) }
        return await AASAFetchChecker.fetch(request, transport: transport, until: deadline, clock: clock)
    }

    /// `work`'s result, or nil when the deadline passes first: before it starts (it is then not started) or while it
    /// runs (it is then abandoned: it runs to its end on its own, bounded by the limits of what it reads, and its
    /// result is dropped).
    ///
    /// A clock whose sleep returns before its `now` reaches the deadline does not stop the work: only a passed
    /// deadline does.
    func within<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T? {
        guard !isOver else { return nil }
        let outcome = FirstOutcome<T>()
        Task.detached { await outcome.settle(work()) }
        let clock = self.clock
        let deadline = self.deadline
        let timer = Task {
            while !Task.isCancelled {
                do {
                    try await clock.sleep(until: deadline, tolerance: nil)
                } catch {
                    return
                }
                if clock.now >= deadline {
                    await outcome.settle(nil)
                    return
                }
                await Task.yield()
            }
        }
        let result = await outcome.value()
        timer.cancel()
        return result
    }
}

/// The first of two racing outcomes, settled once; ``value()`` suspends until then.
private actor FirstOutcome<T: Sendable> {
    private var settled: T??
    private var waiter: CheckedContinuation<T?, Never>?

    /// Settles the outcome with `value`, unless it is settled already.
    func settle(_ value: T?) {
        guard settled == nil else { return }
        settled = .some(value)
        waiter?.resume(returning: value)
        waiter = nil
    }

    /// The outcome, once settled.
    func value() async -> T? {
        if let settled { return settled }
        return await withCheckedContinuation { waiter = $0 }
    }
}

/// The body bytes one verification may hold at once: each request reserves the most its body may be (its size
/// limit and one byte) before it starts, and gives back what its body did not use when it ends; a request that
/// cannot reserve while nothing else is in flight is not made. So many hosts or includes can make a run slower
/// (fewer requests at once), never larger than the budget.
actor FetchBudget {
    /// A budget that never runs out (a verification of a few small requests).
    static var unlimited: FetchBudget { FetchBudget(limit: .max) }

    /// The bytes the budget holds.
    let limit: Int
    private var used = 0

    /// A budget of `limit` bytes.
    init(limit: Int) {
        self.limit = limit
    }

    /// Takes `bytes` from the budget; false (taking nothing) when they do not fit.
    func reserve(_ bytes: Int) -> Bool {
        guard bytes <= limit - used else { return false }
        used += bytes
        return true
    }

    /// Gives back `bytes` taken before.
    func release(_ bytes: Int) {
        used = max(0, used - bytes)
    }

    /// The bytes taken and not given back.
    var spent: Int { used }
}

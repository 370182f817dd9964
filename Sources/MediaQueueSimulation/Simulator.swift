import RichMediaQueue

/// An item of a simulated queue: only its id matters.
package struct ScriptedItem: Identifiable, Sendable, Hashable {
    /// The id from the scenario.
    package var id: String

    package init(id: String) {
        self.id = id
    }
}

/// The state after a simulation: what is on screen, what is pending, and the tally of outcomes.
package struct SimulationSummary: Sendable, Hashable {
    /// The id on screen when the run ended, if any.
    package var onScreen: String?
    /// The pending ids in queue order.
    package var pending: [String]
    /// Terminal events and ignored inputs, counted.
    package var closed = 0
    package var failed = 0
    package var expired = 0
    package var dropped = 0
    package var cancelled = 0
    package var ignored = 0

    package init(onScreen: String? = nil, pending: [String] = []) {
        self.onScreen = onScreen
        self.pending = pending
    }

    mutating func count(_ event: QueueEvent<String>) {
        switch event.kind {
        case .closed: closed += 1
        case .failed(_, _, let final): if final { failed += 1 }
        case .expired: expired += 1
        case .dropped: dropped += 1
        case .cancelled: cancelled += 1
        case .ignored: ignored += 1
        default: break
        }
    }
}

/// Runs a scenario against the real ``PresentationQueue`` actor on a ``ManualClock``.
///
/// For each statement the simulator moves the clock to the statement's time and calls the queue; the
/// queue first fires every timer due by then (rule 12), then applies the statement. The scripted
/// presenter does nothing: `presented`, `closed`, `failed` and `declined` lines are its callbacks.
/// Without `end`, the run continues after the last statement until no timer is left.
package enum Simulator {
    /// Simulates `scenario`, calling `emit` for every queue event in order.
    ///
    /// - Parameters:
    ///   - scenario: The parsed scenario.
    ///   - emit: Receives each event as it happens (on the queue's executor, in order).
    /// - Returns: The final state and the tally of outcomes.
    /// - Complexity: O(e log n) for e events and n pending items.
    package static func run(
        _ scenario: Scenario, emit: @escaping @Sendable (QueueEvent<String>) -> Void
    ) async -> SimulationSummary {
        let clock = ManualClock()
        let queue = PresentationQueue<ScriptedItem, ManualClock>(
            configuration: scenario.configuration, clock: clock, presenter: ScriptedPresenter(),
            schedulesWakeUps: false)
        let tally = LockedValue(SimulationSummary())
        let observer = queue.addObserver { event in
            tally.withLock { $0.count(event) }
            emit(event)
        }
        var ended = false
        for statement in scenario.statements {
            clock.advance(to: ManualClock.Instant(offset: statement.time))
            switch statement.action {
            case .enqueue(let id, let priority, let ttl, let screens, let tags):
                await queue.enqueue(ScriptedItem(id: id), priority: priority, ttl: ttl, screens: screens, tags: tags)
            case .presented(let id, let attempt):
                await queue.callback(.presented, target: .init(id: id, attempt: attempt))
            case .closed(let id, let attempt):
                await queue.callback(.closed, target: .init(id: id, attempt: attempt))
            case .failed(let id, let attempt, let reason):
                await queue.callback(.failed(reason: reason), target: .init(id: id, attempt: attempt))
            case .declined(let id, let attempt):
                await queue.callback(.declined, target: .init(id: id, attempt: attempt))
            case .pause:
                await queue.pause()
            case .resume:
                await queue.resume()
            case .cancel(let id):
                await queue.cancel(id)
            case .cancelAll:
                await queue.cancelAll()
            case .cancelTagged(let tag):
                await queue.cancel(tagged: tag)
            case .screen(let name):
                await queue.setScreen(name)
            case .end:
                await queue.catchUp()
                ended = true
            }
            if ended { break }
        }
        if !ended {
            while let deadline = await queue.nextDeadline {
                clock.advance(to: ManualClock.Instant(offset: deadline))
                await queue.catchUp()
            }
        }
        let snapshot = await queue.snapshot()
        queue.removeObserver(observer)
        var summary = tally.withLock { $0 }
        summary.onScreen = snapshot.onScreen?.id
        summary.pending = snapshot.pending.map(\.item.id)
        return summary
    }
}

/// The simulator's presenter: the scenario's callback lines stand in for the UI.
struct ScriptedPresenter: MediaPresenter {
    func present(_ item: ScriptedItem, attempt: AttemptToken<String>) async throws {}
}

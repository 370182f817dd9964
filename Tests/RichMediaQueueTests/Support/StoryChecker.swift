@testable import RichMediaQueue

/// Rebuilds a queue's state from its events alone and checks every event against the contract's
/// accounting rules; ``compare(with:)`` then checks that the story agrees with `snapshot()`.
///
/// Installed as the queue's synchronous observer, so when a queue call returns, every event it caused has
/// been applied.
final class StoryChecker: Sendable {
    struct State {
        var configuration: QueueConfiguration
        /// Whether entries may start at a later attempt (restored backlogs keep their used attempts).
        var restoring: Bool
        var pending: [String: Int] = [:]
        var onScreen: AttemptToken<String>?
        var isPresented = false
        var isPaused = false
        var lastClose: Duration?
        var lastTime = Duration.zero
        var enqueued: [String: Int] = [:]
        var ended: [String: Int] = [:]
        var attempts: [UInt64: Int] = [:]
        var events: [QueueEvent<String>] = []
        var violations: [String] = []
    }

    private let state: LockedValue<State>

    init(configuration: QueueConfiguration, restoring: Bool = false) {
        state = LockedValue(State(configuration: configuration, restoring: restoring))
    }

    var violations: [String] { state.withLock { $0.violations } }
    var events: [QueueEvent<String>] { state.withLock { $0.events } }
    var eventCount: Int { state.withLock { $0.events.count } }

    func record(_ event: QueueEvent<String>) {
        state.withLock { $0.apply(event) }
    }

    /// Checks the story against a snapshot taken when no call is in flight.
    func compare(with snapshot: QueueSnapshot<Promo>) {
        state.withLock { state in
            func fail(_ message: String) { state.violations.append("at \(snapshot.elapsed): \(message)") }
            if snapshot.onScreenAttempt != state.onScreen {
                fail(
                    "snapshot shows \(String(describing: snapshot.onScreenAttempt)) on screen, events \(String(describing: state.onScreen))"
                )
            }
            if snapshot.onScreen?.id != snapshot.onScreenAttempt?.id { fail("on-screen item and attempt differ") }
            if snapshot.onScreen != nil, snapshot.isPresented != state.isPresented { fail("presented flag differs") }
            if snapshot.isPaused != state.isPaused { fail("paused flag differs") }
            var pending: [String: Int] = [:]
            for entry in snapshot.pending { pending[entry.item.id, default: 0] += 1 }
            if pending != state.pending.filter({ $0.value != 0 }) {
                fail("snapshot pending \(pending), events \(state.pending.filter { $0.value != 0 })")
            }
            // Capacity applies when an item is enqueued; an attempt that fails and returns for a retry may take
            // pending to capacity + 1, but never the items alive (pending and on screen) past capacity + 1.
            let alive = snapshot.pending.count + (snapshot.onScreen == nil ? 0 : 1)
            if let capacity = state.configuration.capacity, alive > capacity + 1 { fail("over capacity") }
            // Every entry ends exactly once or is still pending / on screen.
            var live = pending
            if let id = snapshot.onScreen?.id { live[id, default: 0] += 1 }
            for id in Set(state.enqueued.keys).union(state.ended.keys).union(live.keys) {
                let accounted = state.ended[id, default: 0] + live[id, default: 0]
                if accounted != state.enqueued[id, default: 0] {
                    fail("\(id): enqueued \(state.enqueued[id, default: 0]), ended or live \(accounted)")
                }
            }
        }
    }
}

extension StoryChecker.State {
    mutating func apply(_ event: QueueEvent<String>) {
        func fail(_ message: String) { violations.append("at \(event.elapsed): \(message)") }
        events.append(event)
        if event.elapsed < lastTime { fail("time went backwards") }
        lastTime = event.elapsed
        switch event.kind {
        case .enqueued(let id):
            enqueued[id, default: 0] += 1
            pending[id, default: 0] += 1
        case .dropped(let id, _), .expired(let id), .cancelled(let id):
            ended[id, default: 0] += 1
            pending[id, default: 0] -= 1
            if pending[id, default: 0] < 0 { fail("\(id) ended while not pending") }
        case .present(let token):
            if let onScreen { fail("present \(token) while \(onScreen) is on screen") }
            if isPaused { fail("present \(token) while paused") }
            if let lastClose, event.elapsed - lastClose < configuration.minInterval {
                fail("present \(token) inside min-interval")
            }
            if let previous = attempts[token.entry] {
                if token.attempt != previous + 1 { fail("attempt \(token.attempt) of \(token.id) after \(previous)") }
            } else if token.attempt != 1 && !restoring {
                fail("first attempt of \(token.id) is \(token.attempt)")
            }
            attempts[token.entry] = token.attempt
            if token.attempt > configuration.maxAttempts { fail("more than max-attempts attempts of \(token.id)") }
            pending[token.id, default: 0] -= 1
            if pending[token.id, default: 0] < 0 { fail("presented \(token.id), which was not pending") }
            onScreen = token
            isPresented = false
        case .presented(let token):
            if token != onScreen || isPresented { fail("presented \(token) is not the fresh attempt on screen") }
            isPresented = true
        case .closed(let token, _):
            if token != onScreen { fail("closed \(token) is not the attempt on screen") }
            ended[token.id, default: 0] += 1
            onScreen = nil
            lastClose = event.elapsed
        case .failed(let token, _, let final):
            if token != onScreen { fail("failed \(token) is not the attempt on screen") }
            if final {
                ended[token.id, default: 0] += 1
            } else {
                if token.attempt >= configuration.maxAttempts { fail("retry after the last attempt of \(token)") }
                pending[token.id, default: 0] += 1
            }
            onScreen = nil
        case .paused:
            if isPaused { fail("paused twice") }
            isPaused = true
        case .resumed:
            if !isPaused { fail("resumed while running") }
            isPaused = false
        case .ignored:
            break
        }
    }
}

/// Fans queue events out to any number of `AsyncStream` subscribers (and an optional synchronous
/// observer), preserving the order in which they were published.
final class EventHub<Event: Sendable>: Sendable {
    private struct State {
        var subscribers: [UInt64: AsyncStream<Event>.Continuation] = [:]
        var nextSubscriber: UInt64 = 0
        var isFinished = false
        var observer: (@Sendable (Event) -> Void)?
    }

    private let state = LockedValue(State())
    /// Whether an observer or a subscriber is listening; kept apart from the generic state so asking is
    /// cheap from unspecialized code.
    private let listening = LockedValue(false)

    /// Whether anyone listens right now; when not, publishers can skip building events.
    var isListening: Bool { listening.withLock { $0 } }

    private func updateListening(_ state: State) {
        let value = !state.isFinished && (state.observer != nil || !state.subscribers.isEmpty)
        listening.withLock { $0 = value }
    }

    func subscribe() -> AsyncStream<Event> {
        var captured: AsyncStream<Event>.Continuation?
        let stream = AsyncStream<Event>(bufferingPolicy: .unbounded) { captured = $0 }
        guard let continuation = captured else { return stream }
        let key = state.withLock { state -> UInt64? in
            guard !state.isFinished else { return nil }
            state.nextSubscriber += 1
            state.subscribers[state.nextSubscriber] = continuation
            updateListening(state)
            return state.nextSubscriber
        }
        guard let key else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { state in
                _ = state.subscribers.removeValue(forKey: key)
                self?.updateListening(state)
            }
        }
        return stream
    }

    func setObserver(_ observer: (@Sendable (Event) -> Void)?) {
        state.withLock { state in
            state.observer = observer
            updateListening(state)
        }
    }

    /// Who listens right now: the observer and the subscribers.
    struct Audience {
        fileprivate let observer: (@Sendable (Event) -> Void)?
        fileprivate let subscribers: [UInt64: AsyncStream<Event>.Continuation]

        /// Delivers `event` to the observer, then to every subscriber.
        func deliver(_ event: Event) {
            observer?(event)
            for continuation in subscribers.values {
                continuation.yield(event)
            }
        }
    }

    /// The current audience, or `nil` when nobody listens (so the publisher can skip building events).
    func audience() -> Audience? {
        state.withLock { state in
            guard state.observer != nil || !state.subscribers.isEmpty else { return nil }
            return Audience(observer: state.observer, subscribers: state.subscribers)
        }
    }

    func finish() {
        let subscribers = state.withLock { state -> [AsyncStream<Event>.Continuation] in
            state.isFinished = true
            defer {
                state.subscribers = [:]
                updateListening(state)
            }
            return Array(state.subscribers.values)
        }
        for continuation in subscribers {
            continuation.finish()
        }
    }
}

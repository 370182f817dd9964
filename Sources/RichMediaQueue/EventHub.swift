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

    func subscribe() -> AsyncStream<Event> {
        var captured: AsyncStream<Event>.Continuation?
        let stream = AsyncStream<Event>(bufferingPolicy: .unbounded) { captured = $0 }
        guard let continuation = captured else { return stream }
        let key = state.withLock { state -> UInt64? in
            guard !state.isFinished else { return nil }
            state.nextSubscriber += 1
            state.subscribers[state.nextSubscriber] = continuation
            return state.nextSubscriber
        }
        guard let key else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: key) }
        }
        return stream
    }

    func setObserver(_ observer: (@Sendable (Event) -> Void)?) {
        state.withLock { $0.observer = observer }
    }

    func publish(_ event: Event) {
        let (subscribers, observer) = state.withLock { ($0.subscribers, $0.observer) }
        observer?(event)
        for continuation in subscribers.values {
            continuation.yield(event)
        }
    }

    func finish() {
        let subscribers = state.withLock { state -> [AsyncStream<Event>.Continuation] in
            state.isFinished = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for continuation in subscribers {
            continuation.finish()
        }
    }
}

/// Fans queue events out to any number of `AsyncStream` subscribers and synchronous observers,
/// preserving the order in which they were published. One lock guards the lists.
final class EventHub<Event: Sendable>: Sendable {
    private struct State {
        var subscribers: [UInt64: AsyncStream<Event>.Continuation] = [:]
        var observers: [(key: UInt64, observer: @Sendable (Event) -> Void)] = []
        var nextKey: UInt64 = 1
        var isFinished = false
    }

    private let state = LockedValue(State())

    /// A new stream of every later event, buffered by `policy`.
    func subscribe(bufferingPolicy policy: AsyncStream<Event>.Continuation.BufferingPolicy) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: policy)
        let key = state.withLock { state -> UInt64? in
            guard !state.isFinished else { return nil }
            let key = state.nextKey
            state.nextKey += 1
            state.subscribers[key] = continuation
            return key
        }
        guard let key else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: key) }
        }
        return stream
    }

    /// Adds a synchronous observer; returns the key that removes it.
    func addObserver(_ observer: @escaping @Sendable (Event) -> Void) -> UInt64 {
        state.withLock { state in
            let key = state.nextKey
            state.nextKey += 1
            state.observers.append((key, observer))
            return key
        }
    }

    /// Removes the observer added with `key`.
    func removeObserver(_ key: UInt64) {
        state.withLock { $0.observers.removeAll { $0.key == key } }
    }

    /// Delivers `event` to every observer (in the order they were added), then to every subscriber;
    /// nothing after ``finish()``.
    func publish(_ event: Event) {
        let (observers, subscribers) = state.withLock { state in
            state.isFinished || (state.observers.isEmpty && state.subscribers.isEmpty)
                ? ([], []) : (state.observers, Array(state.subscribers.values))
        }
        for (_, observer) in observers { observer(event) }
        for continuation in subscribers { continuation.yield(event) }
    }

    /// Finishes every stream and stops publishing; later subscriptions finish at once.
    func finish() {
        let subscribers = state.withLock { state -> [AsyncStream<Event>.Continuation] in
            state.isFinished = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for continuation in subscribers { continuation.finish() }
    }
}

/// Fans queue events out to any number of `AsyncStream` subscribers and synchronous observers,
/// preserving the order in which they were published.
///
/// The queue asks ``isListening`` on every input, so the number of listeners is also kept in a
/// non-generic counter: reading it costs one small lock and no generic metadata lookups (the hub's own
/// state is generic over the event type, and the queue's code runs unspecialized in the app). The counter
/// is written only while the state's lock is held, so it always agrees with the state.
final class EventHub<Event: Sendable>: Sendable {
    private struct State {
        var subscribers: [UInt64: AsyncStream<Event>.Continuation] = [:]
        var observers: [(key: UInt64, observer: @Sendable (Event) -> Void)] = []
        var nextKey: UInt64 = 1
        var isFinished = false
    }

    private let state = LockedValue(State())
    /// The number of listeners (0 once finished), written under the state's lock.
    private let listeners = LockedValue(0)

    /// Copies the number of listeners to ``listeners``; called at the end of every change to the state,
    /// inside its lock.
    private func countListeners(_ state: State) {
        let count = state.isFinished ? 0 : state.observers.count + state.subscribers.count
        listeners.withLock { $0 = count }
    }

    /// A new stream of every later event, buffered by `policy`.
    func subscribe(bufferingPolicy policy: AsyncStream<Event>.Continuation.BufferingPolicy) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: policy)
        let key = state.withLock { state -> UInt64? in
            guard !state.isFinished else { return nil }
            let key = state.nextKey
            state.nextKey += 1
            state.subscribers[key] = continuation
            countListeners(state)
            return key
        }
        guard let key else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.state.withLock { state in
                state.subscribers.removeValue(forKey: key)
                self.countListeners(state)
            }
        }
        return stream
    }

    /// Adds a synchronous observer; returns the key that removes it.
    func addObserver(_ observer: @escaping @Sendable (Event) -> Void) -> UInt64 {
        state.withLock { state in
            let key = state.nextKey
            state.nextKey += 1
            state.observers.append((key, observer))
            countListeners(state)
            return key
        }
    }

    /// Removes the observer added with `key`.
    func removeObserver(_ key: UInt64) {
        state.withLock { state in
            state.observers.removeAll { $0.key == key }
            countListeners(state)
        }
    }

    /// Delivers `event` to every observer (in the order they were added), then to every subscriber;
    /// nothing after ``finish()``.
    func publish(_ event: Event) {
        let (observers, subscribers) = state.withLock { state in
            state.isFinished ? ([], []) : (state.observers, Array(state.subscribers.values))
        }
        for (_, observer) in observers { observer(event) }
        for continuation in subscribers { continuation.yield(event) }
    }

    /// Whether anyone listens right now.
    var isListening: Bool {
        listeners.withLock { $0 > 0 }
    }

    /// Finishes every stream and stops publishing; later subscriptions finish at once.
    func finish() {
        let subscribers = state.withLock { state -> [AsyncStream<Event>.Continuation] in
            state.isFinished = true
            countListeners(state)
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for continuation in subscribers { continuation.finish() }
    }
}

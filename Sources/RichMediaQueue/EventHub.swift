/// Fans queue events out to any number of `AsyncStream` subscribers and synchronous observers,
/// preserving the order in which they were published. One lock guards the lists; the queue takes it once
/// per input (``isListening``, then ``publish(_:)`` with the input's events only if someone listens).
final class EventHub<Event: Sendable>: Sendable {
    private struct State {
        var subscribers: [UInt64: AsyncStream<Event>.Continuation] = [:]
        var observers: [(key: UInt64, observer: @Sendable (Event) -> Void)] = []
        var nextKey: UInt64 = 1
        var isFinished = false
    }

    private let state = LockedValue(State())
    /// The number of observers and subscribers, or `-1` once finished: written inside ``state``'s lock
    /// whenever the lists change, read alone by ``isListening`` (a non-generic value, so the per-input
    /// check runs specialised code and asks the runtime for no metadata).
    private let listeners = LockedValue(0)

    /// Records the size of the lists; call inside ``state``'s lock after changing them.
    private func count(_ state: State) {
        let count = state.isFinished ? -1 : state.observers.count + state.subscribers.count
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
            count(state)
            return key
        }
        guard let key else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            state.withLock { state in
                state.subscribers[key] = nil
                count(state)
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
            count(state)
            return key
        }
    }

    /// Removes the observer added with `key`.
    func removeObserver(_ key: UInt64) {
        state.withLock { state in
            state.observers.removeAll { $0.key == key }
            count(state)
        }
    }

    /// Whether anyone would receive a published event now (an observer or a subscriber, and not finished).
    var isListening: Bool {
        listeners.withLock { $0 > 0 }
    }

    /// Delivers each of `events` in order, each to every observer (in the order they were added), then to
    /// every subscriber; nothing after ``finish()``. Takes the lock once.
    func publish(_ events: [Event]) {
        guard !events.isEmpty else { return }
        let (observers, subscribers) = state.withLock { state in
            state.isFinished || (state.observers.isEmpty && state.subscribers.isEmpty)
                ? ([], []) : (state.observers, Array(state.subscribers.values))
        }
        for event in events {
            for (_, observer) in observers { observer(event) }
            for continuation in subscribers { continuation.yield(event) }
        }
    }

    /// Finishes every stream and stops publishing; later subscriptions finish at once.
    func finish() {
        let subscribers = state.withLock { state -> [AsyncStream<Event>.Continuation] in
            state.isFinished = true
            count(state)
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for continuation in subscribers { continuation.finish() }
    }
}

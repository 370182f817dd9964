import RichMediaQueue

/// Records a queue's events synchronously, as they are published, and returns the timeline as one-line
/// strings (`QueueEvent`'s description, the vocabulary of `mediaqueue` scenarios).
///
/// The recorder observes on the queue's executor, so when a queue call returns, every event it caused
/// is recorded: no stream to drain, no `shutdown()` needed.
///
/// <!-- snippet: EventRecorderDocExample -->
/// ```swift
/// let recorder = EventRecorder(queue)
/// await queue.enqueue(Promo(id: "a"))
/// #expect(recorder.lines == ["0s enqueued a", "0s present a#1"])
/// ```
public final class EventRecorder<ID: Hashable & Sendable>: Sendable {
    private let recorded = LockedValue<[QueueEvent<ID>]>([])

    /// Starts recording every later event of `queue`.
    ///
    /// - Parameter queue: The queue to observe.
    public init<Item: Identifiable & Sendable, C: Clock>(_ queue: PresentationQueue<Item, C>)
    where Item.ID == ID, C.Duration == Duration {
        queue.addObserver { [recorded] event in recorded.withLock { $0.append(event) } }
    }

    /// The events recorded so far, in order.
    public var events: [QueueEvent<ID>] { recorded.withLock { $0 } }

    /// The events recorded so far as lines such as `0s present a#1`.
    public var lines: [String] { events.map(\.description) }

    /// Returns the lines recorded since the last call (or since recording started) and forgets them.
    ///
    /// - Returns: The lines, in order.
    public func take() -> [String] {
        recorded.withLock { events in
            defer { events.removeAll() }
            return events.map(\.description)
        }
    }
}

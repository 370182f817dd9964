import RichMediaQueue

/// A presenter for tests whose behaviour per item is scripted, and that records every call the queue
/// makes.
///
/// By default every item reports `presented` at once and stays on screen until the test closes it.
/// Script other behaviours per id:
///
/// <!-- snippet: RecordingPresenterDocExample -->
/// ```swift
/// let presenter = RecordingPresenter<Promo>(script: [
///     "welcome": .closes(after: .seconds(3)),   // presented, then closed 3 s later
///     "broken": .fails(reason: "http 500"),    // `present` throws: a failed attempt
///     "slow": .hangs,                          // never reports back (a present timeout ends it)
///     "promo": .declinesFirst(1),              // "not now" once, then presented
/// ])
/// ```
///
/// `closes(after:)` is timed on the queue's clock: a ``QueueTestDriver`` makes those closes when it
/// advances its clock past them.
public final class RecordingPresenter<Item: Identifiable & Sendable>: MediaPresenter, Sendable
where Item.ID: Sendable {
    /// What the presenter does when the queue asks it to present an item.
    ///
    /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
    #if hasAttribute(nonexhaustive)
        @nonexhaustive
    #endif
    public enum Behavior: Sendable, Hashable {
        /// Reports `presented` at once; the item stays on screen until the test reports it closed.
        case reportsPresented
        /// Reports `presented` at once and `closed` after `delay` on the queue's clock.
        case closes(after: Duration)
        /// `present` throws an error with this description: the attempt fails (rule 5).
        case fails(reason: String)
        /// Never reports back.
        case hangs
        /// Declines every attempt ("not now", rule 14): the item stays pending and the queue waits for the
        /// next enqueue, `resume()` or its decline delay before it asks again.
        case declines
        /// Declines the first `count` attempts of each entry of the item, then behaves as
        /// ``reportsPresented``.
        case declinesFirst(Int)
    }

    /// A call the queue made.
    ///
    /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
    #if hasAttribute(nonexhaustive)
        @nonexhaustive
    #endif
    public enum Call: Sendable, Hashable, CustomStringConvertible {
        /// The queue asked to present this attempt.
        case present(AttemptToken<Item.ID>)
        /// The queue asked to dismiss this attempt.
        case dismiss(AttemptToken<Item.ID>)

        /// The call as `present a#1` or `dismiss a#1`.
        public var description: String {
            switch self {
            case .present(let token): return "present \(token)"
            case .dismiss(let token): return "dismiss \(token)"
            }
        }
    }

    /// The error `present` throws for ``Behavior/fails(reason:)``; its description is the reason.
    public struct PresentError: Error, CustomStringConvertible, Sendable {
        /// The scripted reason.
        public let description: String
    }

    private struct State {
        var calls: [Call] = []
        var closes: [(due: Duration, token: AttemptToken<Item.ID>)] = []
        var report: (@Sendable (Report) async -> Void)?
        var now: (@Sendable () -> Duration)?
        var declinedByEntry: [UInt64: Int] = [:]
    }

    enum Report: Sendable {
        case presented(AttemptToken<Item.ID>)
        case closed(AttemptToken<Item.ID>)
        case declined(AttemptToken<Item.ID>)
    }

    private let defaultBehavior: Behavior
    private let script: [Item.ID: Behavior]
    private let state = LockedValue(State())

    /// Creates a presenter.
    ///
    /// - Parameters:
    ///   - defaultBehavior: What it does for items the script does not name.
    ///   - script: What it does for each named id.
    public init(default defaultBehavior: Behavior = .reportsPresented, script: [Item.ID: Behavior] = [:]) {
        self.defaultBehavior = defaultBehavior
        self.script = script
    }

    /// Every call the queue made, in order.
    public var calls: [Call] { state.withLock { $0.calls } }

    /// The token of the latest `present` for `id`, if any.
    ///
    /// - Parameter id: The item id.
    /// - Returns: The token to report callbacks with.
    public func lastToken(for id: Item.ID) -> AttemptToken<Item.ID>? {
        state.withLock { state in
            for call in state.calls.reversed() {
                if case .present(let token) = call, token.id == id { return token }
            }
            return nil
        }
    }

    /// Connects the presenter to the queue it reports to.
    ///
    /// - Parameter queue: The queue that calls this presenter.
    public func attach<C: Clock>(to queue: PresentationQueue<Item, C>) where C.Duration == Duration {
        state.withLock { state in
            state.report = { [weak queue] report in
                switch report {
                case .presented(let token): await queue?.presented(token)
                case .closed(let token): await queue?.closed(token)
                case .declined(let token): await queue?.declined(token)
                }
            }
        }
    }

    /// Sets how the presenter reads the queue's time, for ``Behavior/closes(after:)``.
    func useTime(_ now: @escaping @Sendable () -> Duration) {
        state.withLock { $0.now = now }
    }

    /// The earliest scripted close, as queue time.
    var nextClose: Duration? { state.withLock { $0.closes.map(\.due).min() } }

    /// Removes and returns the scripted closes due at or before `time`, earliest first.
    func takeCloses(dueBy time: Duration) -> [AttemptToken<Item.ID>] {
        state.withLock { state in
            let due = state.closes.filter { $0.due <= time }.sorted { $0.due < $1.due }
            state.closes.removeAll { $0.due <= time }
            return due.map(\.token)
        }
    }

    /// Reports a scripted close to the queue.
    func close(_ token: AttemptToken<Item.ID>) async {
        await state.withLock { $0.report }?(.closed(token))
    }

    /// Records the call and behaves as scripted for `item`.
    public func present(_ item: Item, attempt: AttemptToken<Item.ID>) async throws {
        var behavior = script[item.id] ?? defaultBehavior
        let report = state.withLock { state in
            state.calls.append(.present(attempt))
            if case .declinesFirst(let count) = behavior {
                let declined = state.declinedByEntry[attempt.entry, default: 0]
                if declined < count {
                    state.declinedByEntry[attempt.entry] = declined + 1
                    behavior = .declines
                } else {
                    behavior = .reportsPresented
                }
            }
            if case .closes(let delay) = behavior {
                state.closes.append(((state.now?() ?? .zero) + delay, attempt))
            }
            return state.report
        }
        switch behavior {
        case .reportsPresented, .closes, .declinesFirst: await report?(.presented(attempt))
        case .fails(let reason): throw PresentError(description: reason)
        case .hangs: break
        case .declines: await report?(.declined(attempt))
        }
    }

    /// Records the call.
    public func dismiss(_ item: Item, attempt: AttemptToken<Item.ID>) async {
        state.withLock { state in
            state.calls.append(.dismiss(attempt))
            state.closes.removeAll { $0.token == attempt }
        }
    }
}

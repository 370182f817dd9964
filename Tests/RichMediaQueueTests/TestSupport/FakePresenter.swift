import RichMediaQueue

struct Promo: Identifiable, Sendable, Hashable, Codable {
    var id: String
}

/// Records presenter calls; optionally throws from `present` for chosen ids.
final class FakePresenter: MediaPresenter, Sendable {
    enum Call: Hashable, Sendable {
        case present(String, Int)
        case dismiss(String, Int)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "render-error" }
    }

    private let state = LockedValue<(calls: [Call], tokens: [String: AttemptToken<String>], failing: Set<String>)>(
        ([], [:], []))

    init(failing: Set<String> = []) {
        state.withLock { $0.failing = failing }
    }

    var calls: [Call] { state.withLock { $0.calls } }

    func token(_ id: String) -> AttemptToken<String>? { state.withLock { $0.tokens[id] } }

    func present(_ item: Promo, attempt: AttemptToken<String>) async throws {
        let fails = state.withLock { state -> Bool in
            state.calls.append(.present(item.id, attempt.attempt))
            state.tokens[item.id] = attempt
            return state.failing.contains(item.id)
        }
        if fails { throw Failure() }
    }

    func dismiss(_ item: Promo, attempt: AttemptToken<String>) async {
        state.withLock { $0.calls.append(.dismiss(item.id, attempt.attempt)) }
    }
}

/// Collects events synchronously from a queue's observer.
final class EventLog: Sendable {
    private let events = LockedValue<[String]>([])

    func append(_ event: QueueEvent<String>) {
        let line = MachineHarness.compact(event)
        events.withLock { $0.append(line) }
    }

    var lines: [String] { events.withLock { $0 } }
}

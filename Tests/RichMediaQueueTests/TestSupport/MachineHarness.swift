@testable import RichMediaQueue

/// Drives a `QueueStateMachine<String>` (checking its invariants after every input) with times in seconds and
/// records its events as their one-line descriptions,
/// e.g. `"1s failed A#1 network retry"`.
struct MachineHarness {
    var machine: QueueStateMachine<String>
    var log: [String] = []
    var effects: [QueueStateMachine<String>.Effect] = []

    init(_ configuration: QueueConfiguration = QueueConfiguration()) {
        machine = QueueStateMachine(configuration: configuration, checksInvariants: true)
    }

    static func time(_ seconds: Double) -> Duration {
        .milliseconds(Int64((seconds * 1000).rounded()))
    }

    private mutating func record(
        _ body: (inout QueueStateMachine<String>, inout [QueueStateMachine<String>.Effect]) -> Void
    ) {
        var new: [QueueStateMachine<String>.Effect] = []
        body(&machine, &new)
        for effect in new {
            effects.append(effect)
            if case .event(let event) = effect { log.append(Self.compact(event)) }
        }
    }

    mutating func enqueue(
        _ id: String, at t: Double, priority: Int = 0, ttl: Double? = nil, screens: ScreenRule = .anywhere,
        tags: Set<String> = []
    ) {
        let input = QueueStateMachine<String>.Input.enqueue(
            id, priority: priority, ttl: ttl.map(Self.time), attemptsUsed: 0, screens: screens, tags: tags)
        record { $0.apply(input, at: Self.time(t), effects: &$1) }
    }

    mutating func presented(_ id: String, attempt: Int? = nil, at t: Double) {
        record { $0.presented(.init(id: id, attempt: attempt), at: Self.time(t), effects: &$1) }
    }

    mutating func closed(_ id: String, attempt: Int? = nil, at t: Double) {
        record { $0.closed(.init(id: id, attempt: attempt), at: Self.time(t), effects: &$1) }
    }

    mutating func failed(_ id: String, attempt: Int? = nil, reason: String? = nil, at t: Double) {
        record { $0.failed(.init(id: id, attempt: attempt), reason: reason, at: Self.time(t), effects: &$1) }
    }

    mutating func declined(_ id: String, attempt: Int? = nil, at t: Double) {
        record { $0.declined(.init(id: id, attempt: attempt), at: Self.time(t), effects: &$1) }
    }

    mutating func pause(at t: Double) { record { $0.pause(at: Self.time(t), effects: &$1) } }
    mutating func resume(at t: Double) { record { $0.resume(at: Self.time(t), effects: &$1) } }
    mutating func cancel(_ id: String, at t: Double) { record { $0.cancel(id, at: Self.time(t), effects: &$1) } }
    mutating func cancelAll(at t: Double) { record { $0.cancelAll(at: Self.time(t), effects: &$1) } }
    mutating func advance(to t: Double) { record { $0.advance(to: Self.time(t), effects: &$1) } }
    mutating func screen(_ name: String?, at t: Double) {
        record { $0.apply(.setScreen(name), at: Self.time(t), effects: &$1) }
    }
    mutating func cancelTagged(_ tag: String, at t: Double) {
        record { $0.apply(.cancelTagged(tag), at: Self.time(t), effects: &$1) }
    }

    /// Fires every remaining timer.
    mutating func drain() {
        while let deadline = machine.nextDeadline {
            record { $0.advance(to: deadline, effects: &$1) }
        }
    }

    /// Returns and clears the log.
    mutating func take() -> [String] {
        defer { log.removeAll() }
        return log
    }

    var onScreen: String? { machine.onScreenToken.map { "\($0.id)#\($0.attempt)" } }
    var pending: [String] { machine.pendingInQueueOrder.map(\.id) }

    static func compact(_ event: QueueEvent<String>) -> String {
        event.description
    }
}

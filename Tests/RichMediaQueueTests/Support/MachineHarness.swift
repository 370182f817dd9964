@testable import RichMediaQueue

/// Drives a `QueueStateMachine<String>` with times in seconds and records its events compactly,
/// e.g. `"1 failed A#1 network retry"`.
struct MachineHarness {
    var machine: QueueStateMachine<String>
    var log: [String] = []
    var effects: [QueueStateMachine<String>.Effect] = []

    init(_ configuration: QueueConfiguration = QueueConfiguration()) {
        machine = QueueStateMachine(configuration: configuration)
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

    mutating func enqueue(_ id: String, at t: Double, priority: Int = 0, ttl: Double? = nil) {
        record { $0.enqueue(id, priority: priority, ttl: ttl.map(Self.time), at: Self.time(t), effects: &$1) }
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

    mutating func pause(at t: Double) { record { $0.pause(at: Self.time(t), effects: &$1) } }
    mutating func resume(at t: Double) { record { $0.resume(at: Self.time(t), effects: &$1) } }
    mutating func cancel(_ id: String, at t: Double) { record { $0.cancel(id, at: Self.time(t), effects: &$1) } }
    mutating func cancelAll(at t: Double) { record { $0.cancelAll(at: Self.time(t), effects: &$1) } }
    mutating func advance(to t: Double) { record { $0.advance(to: Self.time(t), effects: &$1) } }

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
        let t = seconds(event.elapsed)
        switch event.kind {
        case .enqueued(let id): return "\(t) enqueued \(id)"
        case .present(let token): return "\(t) present \(token)"
        case .presented(let token): return "\(t) presented \(token)"
        case .closed(let token, let reason): return "\(t) closed \(token)" + (reason == .timeout ? " timeout" : "")
        case .failed(let token, let reason, let final):
            return "\(t) failed \(token)" + (reason.map { " \($0)" } ?? "") + (final ? " final" : " retry")
        case .expired(let id): return "\(t) expired \(id)"
        case .dropped(let id, let reason): return "\(t) dropped \(id) \(reason.rawValue)"
        case .cancelled(let id): return "\(t) cancelled \(id)"
        case .ignored(let action, let id, let attempt, let reason):
            let subject = id.map { " " + $0 + (attempt.map { "#\($0)" } ?? "") } ?? ""
            return "\(t) ignored \(action.rawValue)\(subject) \(reason.rawValue)"
        case .paused: return "\(t) paused"
        case .resumed: return "\(t) resumed"
        }
    }

    static func seconds(_ duration: Duration) -> String {
        let (whole, atto) = duration.components
        if atto == 0 { return String(whole) }
        let ms = atto / 1_000_000_000_000_000
        var fraction = String(ms)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }
}

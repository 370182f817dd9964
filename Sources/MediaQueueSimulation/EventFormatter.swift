import RichMediaKitSupport
import RichMediaQueue

/// Turns queue events and the summary into `mediaqueue simulate`'s output lines (without the trailing newline):
/// aligned text, or JSON Lines as in the contract (written by `OrderedJSON`, the package's one JSON writer).
package enum EventFormatter {
    /// One event as an aligned, human-readable line.
    ///
    /// - Parameter event: The event.
    /// - Returns: The line.
    package static func textLine(_ event: QueueEvent<String>) -> String {
        text(event)
    }

    /// One event as a JSON Lines line: `{"t":1.5,"event":"present","id":"A","attempt":1}`.
    ///
    /// - Parameter event: The event.
    /// - Returns: The line.
    package static func jsonLine(_ event: QueueEvent<String>) -> String {
        json(event).compact
    }

    /// The summary as an aligned, human-readable line.
    ///
    /// - Parameter summary: The final state.
    /// - Returns: The line.
    package static func textLine(_ summary: SimulationSummary) -> String {
        let pending = summary.pending.isEmpty ? "none" : summary.pending.joined(separator: " ")
        return padLeft("summary", 9) + "  on screen: \(summary.onScreen ?? "none"); pending: \(pending); "
            + "closed \(summary.closed), failed \(summary.failed), expired \(summary.expired), "
            + "dropped \(summary.dropped), cancelled \(summary.cancelled), ignored \(summary.ignored)"
    }

    /// The summary as the last JSON Lines line: `{"event":"summary","onScreen":...,"pending":[...],"counts":{...}}`.
    ///
    /// - Parameter summary: The final state.
    /// - Returns: The line.
    package static func jsonLine(_ summary: SimulationSummary) -> String {
        let counts: [OrderedJSON.Member] = [
            .init("closed", .integer(summary.closed)), .init("failed", .integer(summary.failed)),
            .init("expired", .integer(summary.expired)), .init("dropped", .integer(summary.dropped)),
            .init("cancelled", .integer(summary.cancelled)), .init("ignored", .integer(summary.ignored)),
        ]
        return OrderedJSON.object([
            .init("event", .string("summary")), .init("onScreen", .optional(summary.onScreen)),
            .init("pending", .array(summary.pending.map(OrderedJSON.string))), .init("counts", .object(counts)),
        ]).compact
    }

    private static func json(_ event: QueueEvent<String>) -> OrderedJSON {
        var members: [OrderedJSON.Member] = [.init("t", .number(DurationText.number(event.elapsed)))]
        func add(_ key: String, _ value: OrderedJSON) { members.append(.init(key, value)) }
        func name(_ event: String) { add("event", .string(event)) }
        func token(_ token: AttemptToken<String>) {
            add("id", .string(token.id))
            add("attempt", .integer(token.attempt))
        }
        switch event.kind {
        case .enqueued(let id):
            name("enqueued")
            add("id", .string(id))
        case .present(let attempt):
            name("present")
            token(attempt)
        case .presented(let attempt):
            name("presented")
            token(attempt)
        case .closed(let attempt, let reason):
            name("closed")
            token(attempt)
            if reason != .closed { add("reason", .string(reason.rawValue)) }
        case .failed(let attempt, let reason, let final):
            name("failed")
            token(attempt)
            if let reason { add("reason", .string(reason)) }
            add("final", .bool(final))
        case .declined(let attempt):
            name("declined")
            token(attempt)
        case .expired(let id):
            name("expired")
            add("id", .string(id))
        case .dropped(let id, let reason):
            name("dropped")
            add("id", .string(id))
            add("reason", .string(reason.rawValue))
        case .cancelled(let id):
            name("cancelled")
            add("id", .string(id))
        case .ignored(let action, let id, let attempt, let reason):
            name("ignored")
            if let id { add("id", .string(id)) }
            if let attempt { add("attempt", .integer(attempt)) }
            add("action", .string(action.rawValue))
            add("reason", .string(reason.rawValue))
        case .paused:
            name("paused")
        case .resumed:
            name("resumed")
        case .screen(let screen):
            name("screen")
            add("screen", .optional(screen))
        case .waiting(let id, let reason, let until):
            name("waiting")
            add("id", .string(id))
            add("reason", .string(reason.rawValue))
            if let until { add("until", .number(DurationText.number(until))) }
        }
        return .object(members)
    }

    private static func text(_ event: QueueEvent<String>) -> String {
        let time = padLeft(DurationText.seconds(event.elapsed), 9)
        let name: String
        let detail: String
        switch event.kind {
        case .enqueued(let id):
            (name, detail) = ("enqueued", id)
        case .present(let attempt):
            (name, detail) = ("present", attempt.description)
        case .presented(let attempt):
            (name, detail) = ("presented", attempt.description)
        case .closed(let attempt, let reason):
            let why = reason == .timeout ? "  (display timeout)" : reason == .leftScreen ? "  (left screen)" : ""
            (name, detail) = ("closed", attempt.description + why)
        case .failed(let attempt, let reason, let final):
            let because = reason.map { "  \($0)" } ?? ""
            (name, detail) = ("failed", attempt.description + because + (final ? "  (final)" : "  (will retry)"))
        case .declined(let attempt):
            (name, detail) = ("declined", attempt.description + "  (not now)")
        case .expired(let id):
            (name, detail) = ("expired", id)
        case .dropped(let id, let reason):
            (name, detail) = ("dropped", "\(id)  (\(reason.rawValue))")
        case .cancelled(let id):
            (name, detail) = ("cancelled", id)
        case .ignored(let action, let id, let attempt, let reason):
            var subject = action.rawValue
            if let id { subject += " " + id + (attempt.map { "#\($0)" } ?? "") }
            (name, detail) = ("ignored", "\(subject)  (\(reason.rawValue))")
        case .paused:
            (name, detail) = ("paused", "")
        case .resumed:
            (name, detail) = ("resumed", "")
        case .screen(let screen):
            (name, detail) = ("screen", screen ?? "none")
        case .waiting(let id, let reason, let until):
            let end = until.map { " until " + DurationText.seconds($0) } ?? ""
            (name, detail) = ("waiting", "\(id)  (\(reason.rawValue)\(end))")
        }
        let line = time + "  " + pad(name, 9) + "  " + detail
        var end = line.endIndex
        while end > line.startIndex, line[line.index(before: end)] == " " { end = line.index(before: end) }
        return String(line[..<end])
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}

import RichMediaKitSupport
import RichMediaQueue

/// The output formats of `mediaqueue simulate`.
package enum OutputFormat: String, Sendable, CaseIterable {
    /// Aligned, human-readable lines.
    case text
    /// JSON Lines, one object per event, as in the contract.
    case json
}

/// Turns queue events and the summary into output lines (without the trailing newline).
package enum EventFormatter {
    /// One event as a line in `format`.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - format: The output format.
    /// - Returns: The line.
    package static func line(_ event: QueueEvent<String>, format: OutputFormat) -> String {
        switch format {
        case .json: return json(event)
        case .text: return text(event)
        }
    }

    /// The summary as a line in `format`.
    ///
    /// - Parameters:
    ///   - summary: The final state.
    ///   - format: The output format.
    /// - Returns: The line.
    package static func line(_ summary: SimulationSummary, format: OutputFormat) -> String {
        switch format {
        case .json:
            var out = #"{"event":"summary","onScreen":"#
            out += summary.onScreen.map(JSONQuoting.quoted) ?? "null"
            out += #","pending":["# + summary.pending.map(JSONQuoting.quoted).joined(separator: ",") + "]"
            out += #","counts":{"closed":\#(summary.closed),"failed":\#(summary.failed),"#
            out += #""expired":\#(summary.expired),"dropped":\#(summary.dropped),"#
            out += #""cancelled":\#(summary.cancelled),"ignored":\#(summary.ignored)}}"#
            return out
        case .text:
            let pending = summary.pending.isEmpty ? "none" : summary.pending.joined(separator: " ")
            return padLeft("summary", 9) + "  on screen: \(summary.onScreen ?? "none"); pending: \(pending); "
                + "closed \(summary.closed), failed \(summary.failed), expired \(summary.expired), "
                + "dropped \(summary.dropped), cancelled \(summary.cancelled), ignored \(summary.ignored)"
        }
    }

    private static func json(_ event: QueueEvent<String>) -> String {
        var fields: [(String, String)] = [("t", DurationText.number(event.elapsed))]
        func add(_ key: String, _ value: String) { fields.append((key, value)) }
        func token(_ token: AttemptToken<String>) {
            add("id", JSONQuoting.quoted(token.id))
            add("attempt", String(token.attempt))
        }
        switch event.kind {
        case .enqueued(let id):
            add("event", #""enqueued""#)
            add("id", JSONQuoting.quoted(id))
        case .present(let attempt):
            add("event", #""present""#)
            token(attempt)
        case .presented(let attempt):
            add("event", #""presented""#)
            token(attempt)
        case .closed(let attempt, let reason):
            add("event", #""closed""#)
            token(attempt)
            if reason == .timeout { add("reason", JSONQuoting.quoted("timeout")) }
        case .failed(let attempt, let reason, let final):
            add("event", #""failed""#)
            token(attempt)
            if let reason { add("reason", JSONQuoting.quoted(reason)) }
            add("final", final ? "true" : "false")
        case .declined(let attempt):
            add("event", #""declined""#)
            token(attempt)
        case .expired(let id):
            add("event", #""expired""#)
            add("id", JSONQuoting.quoted(id))
        case .dropped(let id, let reason):
            add("event", #""dropped""#)
            add("id", JSONQuoting.quoted(id))
            add("reason", JSONQuoting.quoted(reason.rawValue))
        case .cancelled(let id):
            add("event", #""cancelled""#)
            add("id", JSONQuoting.quoted(id))
        case .ignored(let action, let id, let attempt, let reason):
            add("event", #""ignored""#)
            if let id { add("id", JSONQuoting.quoted(id)) }
            if let attempt { add("attempt", String(attempt)) }
            add("action", JSONQuoting.quoted(action.rawValue))
            add("reason", JSONQuoting.quoted(reason.rawValue))
        case .paused:
            add("event", #""paused""#)
        case .resumed:
            add("event", #""resumed""#)
        }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
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
            (name, detail) = ("closed", attempt.description + (reason == .timeout ? "  (display timeout)" : ""))
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

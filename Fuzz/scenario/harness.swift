// libFuzzer harness: scenario bytes -> parse, then simulate on the real queue actor and check the story.
//
// Checks, on every input the parser accepts (and that is small enough to simulate quickly):
// - accounting: every enqueued entry ends exactly once or is still pending / on screen at the end;
// - one at a time: a `present` only when nothing is on screen, and never while paused;
// - callbacks: `presented`, `closed` and a failure only for the attempt on screen; attempts count 1, 2, ...
//   up to max-attempts; min-interval is respected after every close;
// - the event stream agrees with the final snapshot and the simulator's tally;
// - both output formats render every event, and the JSON lines are valid JSON objects.
// Parse errors must name a line and column inside the file.

import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}

/// Any JSON value, to check that the JSON output parses.
private struct JSONValue: Decodable {
    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            while !array.isAtEnd { _ = try array.decode(JSONValue.self) }
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            for key in object.allKeys { _ = try object.decode(JSONValue.self, forKey: key) }
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { return }
            if (try? single.decode(Bool.self)) != nil { return }
            if (try? single.decode(Double.self)) != nil { return }
            _ = try single.decode(String.self)
        }
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// The simulator's results, handed from the simulation task to the fuzzer's thread.
private final class Outcome: @unchecked Sendable {
    var summary: SimulationSummary?
    let events = LockedValue<[QueueEvent<String>]>([])
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let scenario: Scenario
    do {
        scenario = try ScenarioParser.parse(bytes)
    } catch {
        let lines = bytes.count(where: { $0 == 0x0A }) + 1
        check(error.line >= 1 && error.line <= lines, "error line \(error.line) outside the file (\(lines) lines)")
        check(error.column >= 1, "error column \(error.column)")
        check(!error.message.isEmpty, "empty error message")
        return 0
    }
    // Bound the simulated work so every input finishes quickly: attempts are what timers multiply.
    let enqueues = scenario.statements.count(where: { if case .enqueue = $0.action { true } else { false } })
    guard scenario.statements.count <= 2000, enqueues * scenario.configuration.maxAttempts <= 20_000 else { return 0 }

    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    Task {
        outcome.summary = await Simulator.run(scenario) { event in outcome.events.withLock { $0.append(event) } }
        done.signal()
    }
    done.wait()
    guard let summary = outcome.summary else { fatalError("the simulation returned nothing") }
    verify(scenario, outcome.events.withLock { $0 }, summary)
    return 0
}

private func verify(_ scenario: Scenario, _ events: [QueueEvent<String>], _ summary: SimulationSummary) {
    let configuration = scenario.configuration
    var enqueued: [String: Int] = [:]
    var ended: [String: Int] = [:]
    var onScreen: AttemptToken<String>?
    var presentedOnScreen = false
    var paused = false
    var lastClose: Duration?
    var lastTime = Duration.zero
    var attempts: [UInt64: Int] = [:]
    var tally = SimulationSummary()
    for event in events {
        check(event.elapsed >= lastTime, "time went backwards at \(event)")
        lastTime = event.elapsed
        tally.count(event)
        if event.isTerminal {
            switch event.kind {
            case .closed(let token, _), .failed(let token, _, _): ended[token.id, default: 0] += 1
            case .expired(let id), .dropped(let id, _), .cancelled(let id): ended[id, default: 0] += 1
            default: break
            }
        }
        switch event.kind {
        case .enqueued(let id):
            enqueued[id, default: 0] += 1
        case .present(let token):
            check(onScreen == nil, "present \(token) while \(onScreen!) is on screen")
            check(!paused, "present \(token) while paused")
            if let lastClose {
                check(event.elapsed - lastClose >= configuration.minInterval, "present \(token) inside min-interval")
            }
            let attempt = attempts[token.entry, default: 0] + 1
            check(token.attempt == attempt, "attempt \(token.attempt) of \(token.id), expected \(attempt)")
            check(attempt <= configuration.maxAttempts, "more than max-attempts attempts of \(token.id)")
            attempts[token.entry] = attempt
            onScreen = token
            presentedOnScreen = false
        case .presented(let token):
            check(token == onScreen && !presentedOnScreen, "presented \(token) is not the attempt on screen")
            presentedOnScreen = true
        case .closed(let token, let reason):
            check(token == onScreen, "closed \(token) is not the attempt on screen")
            if reason == .timeout { check(presentedOnScreen, "display timeout before presented") }
            onScreen = nil
            lastClose = event.elapsed
        case .failed(let token, _, let final):
            check(token == onScreen, "failed \(token) is not the attempt on screen")
            if !final { check(token.attempt < configuration.maxAttempts, "retry after the last attempt") }
            onScreen = nil
        case .paused:
            check(!paused, "paused twice")
            paused = true
        case .resumed:
            check(paused, "resumed while running")
            paused = false
        case .expired, .dropped, .cancelled, .ignored:
            break
        }
        for format in OutputFormat.allCases {
            let line = EventFormatter.line(event, format: format)
            check(!line.isEmpty && !line.contains("\n"), "bad \(format) line for \(event)")
        }
        let json = EventFormatter.line(event, format: .json)
        check((try? JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))) != nil, "invalid JSON: \(json)")
    }
    check(onScreen?.id == summary.onScreen, "stream says \(String(describing: onScreen)) on screen, summary \(String(describing: summary.onScreen))")
    var stillThere: [String: Int] = [:]
    for id in summary.pending { stillThere[id, default: 0] += 1 }
    if let id = summary.onScreen { stillThere[id, default: 0] += 1 }
    for id in Set(enqueued.keys).union(ended.keys).union(stillThere.keys) {
        let total = ended[id, default: 0] + stillThere[id, default: 0]
        check(enqueued[id, default: 0] == total, "\(id): enqueued \(enqueued[id, default: 0]), accounted \(total)")
    }
    check(
        tally.closed == summary.closed && tally.failed == summary.failed && tally.expired == summary.expired
            && tally.dropped == summary.dropped && tally.cancelled == summary.cancelled
            && tally.ignored == summary.ignored, "the summary's counts differ from the event stream")
    if let capacity = configuration.capacity { check(summary.pending.count <= capacity, "over capacity") }
    for format in OutputFormat.allCases { _ = EventFormatter.line(summary, format: format) }
    let json = EventFormatter.line(summary, format: .json)
    check((try? JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))) != nil, "invalid JSON: \(json)")
}

// libFuzzer harness: scenario bytes -> parse, then simulate on the real queue actor and check the story.
//
// Checks, on every input the parser accepts (and that is small enough to simulate quickly):
// - the contract, with the package's one ContractChecker (Sources/MediaQueueSimulation): accounting, one at
//   a time, never while paused, callbacks only for the attempt on screen, attempts 1, 2, ... up to
//   max-attempts, min-interval after every close;
// - the event stream agrees with the final summary and the simulator's tally;
// - both output formats render every event, and the JSON lines are valid JSON objects.
// Parse errors must name a line and column inside the file.

// `@testable`: the harness checks internal invariants too (Fuzz/run.sh builds the modules with -enable-testing).
@testable import MediaQueueSimulation
@testable import RichMediaQueue

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
private struct HarnessJSONValue: Decodable {
    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            while !array.isAtEnd { _ = try array.decode(HarnessJSONValue.self) }
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            for key in object.allKeys { _ = try object.decode(HarnessJSONValue.self, forKey: key) }
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
    // The package's one contract checker (shared with the model-based and fault-injection tests).
    var checker = ContractChecker(configuration: scenario.configuration)
    var tally = SimulationSummary()
    for event in events {
        checker.apply(event)
        tally.count(event)
        for (format, line) in [("text", EventFormatter.textLine(event)), ("json", EventFormatter.jsonLine(event))] {
            check(!line.isEmpty && !line.contains("\n"), "bad \(format) line for \(event)")
        }
        let json = EventFormatter.jsonLine(event)
        check((try? JSONDecoder().decode(HarnessJSONValue.self, from: Data(json.utf8))) != nil, "invalid JSON: \(json)")
    }
    // The summary reports the on-screen id only; compare it with the story's attempt.
    let onScreen = events.reversed().lazy.compactMap { event -> AttemptToken<String>? in
        if case .present(let token) = event.kind { return token } else { return nil }
    }.first.flatMap { $0.id == summary.onScreen ? $0 : nil }
    checker.compare(
        onScreen: summary.onScreen == nil ? nil : onScreen, isPresented: checker.storyIsPresented,
        isPaused: checker.storyIsPaused, pending: summary.pending)
    check(checker.violations.isEmpty, checker.violations.joined(separator: "; "))
    check(
        tally.closed == summary.closed && tally.failed == summary.failed && tally.expired == summary.expired
            && tally.dropped == summary.dropped && tally.cancelled == summary.cancelled
            && tally.ignored == summary.ignored, "the summary's counts differ from the event stream")
    _ = EventFormatter.textLine(summary)
    let json = EventFormatter.jsonLine(summary)
    check((try? JSONDecoder().decode(HarnessJSONValue.self, from: Data(json.utf8))) != nil, "invalid JSON: \(json)")
}

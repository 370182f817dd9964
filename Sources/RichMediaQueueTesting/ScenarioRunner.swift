import MediaQueueSimulation
import RichMediaQueue

/// Runs `mediaqueue` scenario text from Swift tests, so an ordering test can be a scenario plus the lines
/// it must produce.
///
/// <!-- snippet: ScenarioRunnerDocExample -->
/// ```swift
/// let lines = try await ScenarioRunner.run(
///     """
///     at 0s enqueue a
///     at 0s enqueue b priority=5
///     at 1s closed a
///     """,
///     configuration: AppQueue.configuration)
/// #expect(lines == ["0s enqueued a", "0s present a#1", "0s enqueued b", "1s closed a#1", "1s present b#1"])
/// ```
public enum ScenarioRunner {
    /// Runs a scenario on the real queue (as `mediaqueue simulate` does) and returns its events as lines
    /// such as `0s present a#1` (without the summary).
    ///
    /// - Parameters:
    ///   - text: The scenario, in the format of `Docs/mediaqueue.md`.
    ///   - configuration: The rules to run it under; when given, it replaces the scenario's `set` lines.
    /// - Returns: The events, in order.
    /// - Throws: ``ScenarioSyntaxError`` with the line and column of the first syntax error.
    public static func run(_ text: String, configuration: QueueConfiguration? = nil) async throws -> [String] {
        var scenario: Scenario
        do {
            scenario = try ScenarioParser.parse(text)
        } catch {
            throw ScenarioSyntaxError(line: error.line, column: error.column, message: error.message)
        }
        if let configuration { scenario.configuration = configuration }
        let lines = LockedValue<[String]>([])
        _ = await Simulator.run(scenario) { event in lines.withLock { $0.append(event.description) } }
        return lines.withLock { $0 }
    }
}

/// A syntax error in scenario text.
public struct ScenarioSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line.
    public let line: Int
    /// The 1-based column.
    public let column: Int
    /// What is wrong.
    public let message: String

    /// The error as `LINE:COLUMN: message`.
    public var description: String { "\(line):\(column): \(message)" }
}

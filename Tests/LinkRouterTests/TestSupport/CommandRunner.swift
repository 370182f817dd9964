import Foundation
import TestSupport

/// Runs the built `link-router` binary and captures its output and exit status.
enum CommandRunner {
    typealias Result = ProcessRunner.Result

    static let runner = ProcessRunner("link-router")

    /// The directory holding the fixtures.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The path of a fixture file.
    static func fixture(_ name: String) -> String {
        fixtures.appendingPathComponent(name).path
    }

    /// Runs `link-router arguments...` with `input` on standard input, in `environment` (default: this
    /// process's).
    static func run(
        _ arguments: [String], input: String = "", environment: [String: String]? = nil, dataLimit: Int? = nil
    ) throws -> Result {
        try runner.run(arguments, input: input, environment: environment, dataLimit: dataLimit)
    }
}

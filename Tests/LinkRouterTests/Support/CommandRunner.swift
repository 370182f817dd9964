import CommandLineTestSupport
import Foundation

/// Runs the built `linkrouter` binary and captures its output and exit status.
enum CommandRunner {
    typealias Result = ProcessRunner.Result

    static let runner = ProcessRunner("linkrouter")

    /// The directory holding the fixtures.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The path of a fixture file.
    static func fixture(_ name: String) -> String {
        fixtures.appendingPathComponent(name).path
    }

    /// Runs `linkrouter arguments...` with `input` on standard input.
    static func run(_ arguments: [String], input: String = "") throws -> Result {
        try runner.run(arguments, input: input)
    }
}

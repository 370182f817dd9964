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

extension CommandRunner {
    /// The `"baseline"` member of a check's JSON output and its `"acceptedFindings"`.
    ///
    /// - Parameter json: The command's standard output (`--format json` with `--baseline`).
    /// - Returns: The member, and the accepted findings it lists.
    /// - Throws: When the output has no such member.
    static func baseline(_ json: String) throws -> (summary: [String: Any], accepted: [[String: Any]]) {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        guard let summary = object?["baseline"] as? [String: Any],
            let accepted = summary["acceptedFindings"] as? [[String: Any]]
        else { throw CocoaError(.coderReadCorrupt) }
        return (summary, accepted)
    }
}

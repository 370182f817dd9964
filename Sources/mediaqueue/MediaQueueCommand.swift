import Foundation
import MediaQueueSimulation

/// `mediaqueue`: simulates RichMediaQueue scenarios on a virtual clock.
@main
struct MediaQueueCommand {
    static let version = "0.1.0"

    static let usage = """
        usage: mediaqueue simulate [--format text|json] [--] FILE
               mediaqueue --help | --version

        Runs a RichMediaQueue scenario (see Docs/mediaqueue.md) against the real queue on a virtual
        clock and prints every queue event, then a summary. FILE may be - for standard input.

        options:
          --format text|json   output format (default text; json prints JSON Lines)
          -h, --help           show this help
          --version            show the version

        exit status: 0 success, 1 file could not be read, 2 usage or scenario syntax error
        """

    static func main() async {
        let code = await run(Array(CommandLine.arguments.dropFirst()))
        exit(code)
    }

    static func run(_ arguments: [String]) async -> Int32 {
        let invocation: Invocation
        do {
            invocation = try Invocation.parse(arguments)
        } catch {
            StandardStreams.error("mediaqueue: \(error.message)\n\(usageHint)")
            return 2
        }
        switch invocation {
        case .help:
            StandardStreams.output(usage + "\n")
            return 0
        case .version:
            StandardStreams.output("mediaqueue \(version)\n")
            return 0
        case .simulate(let file, let format):
            return await simulate(file: file, format: format)
        }
    }

    static let usageHint = "Run 'mediaqueue --help' for usage.\n"

    static func simulate(file: String, format: OutputFormat) async -> Int32 {
        let displayName = file == "-" ? "<stdin>" : file
        let bytes: [UInt8]
        if file == "-" {
            bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        } else {
            guard let data = FileManager.default.contents(atPath: file) else {
                StandardStreams.error("mediaqueue: cannot read '\(file)'\n")
                return 1
            }
            bytes = Array(data)
        }
        let scenario: Scenario
        do {
            scenario = try ScenarioParser.parse(bytes)
        } catch {
            StandardStreams.error(error.formatted(file: displayName) + "\n")
            return 2
        }
        let writer = LineWriter()
        let summary = await Simulator.run(scenario) { event in
            writer.write(EventFormatter.line(event, format: format))
        }
        writer.write(EventFormatter.line(summary, format: format))
        writer.flush()
        return 0
    }
}

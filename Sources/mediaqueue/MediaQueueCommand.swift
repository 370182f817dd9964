import CommandLineToolkit
import MediaQueueSimulation
import RichMediaQueue

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `mediaqueue`: simulates RichMediaQueue scenarios on a virtual clock.
@main
enum MediaQueueCommand {
    static let program = CommandLineProgram(
        name: "mediaqueue",
        root: .group("mediaqueue", summary: "RichMediaQueue scenarios on a virtual clock", subcommands: [simulate]))

    static func main() async {
        exit(await program.run(Array(CommandLine.arguments.dropFirst())))
    }

    /// What `simulate` prints: the event lines of ``EventFormatter`` (text or JSON Lines) or the SVG timeline.
    static let format = Option<OutputFormat>.format(
        [.text, .json, .svg],
        help: "Aligned text lines (default), JSON Lines (one object per event), or svg: a\n"
            + "self-contained SVG timeline (screens, on-screen attempts, waits, events, backlog).")

    static let spec = CommandSpec(
        operands: "[--] FILE",
        discussion: """
            Runs a RichMediaQueue scenario (see Docs/mediaqueue.md) against the real queue on a virtual
            clock and prints every queue event, then a summary. FILE may be - for standard input.
            """,
        options: [.optional(format)],
        exitStatus: ExitStatusText(failure: "a scenario syntax error\n(printed as FILE:LINE:COLUMN: message)"))

    static let simulate = Command(
        "simulate", summary: "run a scenario file and print every queue event", spec: spec, run: run)

    /// The largest scenario file read.
    static let sizeLimit = 256 << 20

    static func run(_ arguments: ParsedArguments) async throws(CommandFailure) -> ExitStatus {
        guard let file = arguments.positionals.first else { throw .usage("missing FILE (`-` reads standard input)") }
        guard arguments.positionals.count == 1 else {
            throw .usage("unexpected argument `\(arguments.positionals[1])`")
        }
        let bytes = try InputFile.read(file, limit: sizeLimit)
        let scenario: Scenario
        do {
            scenario = try ScenarioParser.parse(bytes)
        } catch {
            throw .diagnostic(error.formatted(file: InputFile.displayName(file)))
        }
        let chosen = arguments[format] ?? .text
        switch chosen {
        case .svg:
            let events = LockedValue([QueueEvent<String>]())
            let summary = await Simulator.run(scenario) { event in events.withLock { $0.append(event) } }
            var buffer = OutputBuffer()
            let title = file == "-" ? "mediaqueue simulate" : String(file.split(separator: "/").last ?? "")
            let svg = TimelineSVG(events: events.withLock { $0 }, summary: summary, title: title).render()
            buffer.append(line: String(svg.dropLast()))  // render() ends with a newline
            buffer.flush()
        case .text, .json:
            let json = chosen == .json
            let output = LockedValue(OutputBuffer())
            let summary = await Simulator.run(scenario) { event in
                let line = json ? EventFormatter.jsonLine(event) : EventFormatter.textLine(event)
                output.withLock { $0.append(line: line) }
            }
            output.withLock { buffer in
                buffer.append(line: json ? EventFormatter.jsonLine(summary) : EventFormatter.textLine(summary))
                buffer.flush()
            }
        }
        return .success
    }
}

import Foundation
import TestSupport
import Testing

/// One `$ command` of a ```` ```console ```` block and the output the documentation shows for it.
struct Transcript: CustomStringConvertible, Sendable {
    var file: String
    var line: Int
    var command: String
    var output: [String]

    var description: String { "\(file):\(line)" }

    /// The commands of a console block: a line starting with `$ ` (continued by lines ending in `\`), then its
    /// output up to the next command.
    static func parse(_ block: DocumentationFiles.Block) -> [Transcript] {
        var transcripts: [Transcript] = []
        var continued = false
        for (offset, line) in block.lines.enumerated() {
            if continued, var last = transcripts.popLast() {
                last.command += "\n" + line
                continued = line.hasSuffix("\\")
                transcripts.append(last)
            } else if line.hasPrefix("$ ") {
                transcripts.append(
                    Transcript(
                        file: block.file, line: block.line + 1 + offset, command: String(line.dropFirst(2)), output: [])
                )
                continued = line.hasSuffix("\\")
            } else if var last = transcripts.popLast() {
                last.output.append(line)
                transcripts.append(last)
            }
        }
        return transcripts
    }
}

/// Every command the documentation shows with its output is run, and must print exactly that.
///
/// A command runs with `/bin/bash` in the package root, with the built executables first on `PATH`; `swift run`
/// and `swift run -c release` before a command name are dropped (the test runs the binary `swift test` built).
/// Standard output and standard error are compared together, as a terminal shows them. Normalised: the package
/// root's absolute path (shown as `.`), trailing spaces and trailing blank lines. Commands that fetch from
/// `127.0.0.1:8000` run against `LoopbackServer` on a free port, written back as 8000.
@Suite struct TranscriptTests {
    static var consoleBlocks: [DocumentationFiles.Block] {
        DocumentationFiles.markdownFiles.flatMap { file in
            ((try? DocumentationFiles.blocks(in: file)) ?? []).filter { $0.info == "console" && $0.notRun == nil }
        }
    }

    static var transcripts: [Transcript] { consoleBlocks.flatMap(Transcript.parse) }

    static func normalised(_ lines: [String]) -> [String] {
        let root = DocumentationFiles.packageRoot.path
        var lines = lines.map { line in
            var line = line.replacingOccurrences(of: root, with: ".")
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    static func run(_ command: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let binaries = try #require(
            ProcessRunner("linkrouter").executable?.deletingLastPathComponent(), sourceLocation: sourceLocation)
        var command = command
        for prefix in ["swift run -c release ", "swift run "] where command.hasPrefix(prefix) {
            command.removeFirst(prefix.count)
        }
        command = command.replacingOccurrences(of: "| swift run ", with: "| ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = DocumentationFiles.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binaries.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
    }

    @Test func theDocumentationShowsCommandOutput() {
        #expect(Self.transcripts.count >= 20)
    }

    @Test(arguments: transcripts)
    func everyShownCommandPrintsWhatTheDocumentationShows(transcript: Transcript) throws {
        var command = transcript.command
        var server: LoopbackServer?
        if command.contains("127.0.0.1:\(LoopbackServer.shownPort)") {
            server = try LoopbackServer()
            command = server!.command(command)
        }
        defer { server?.stop() }
        let actual = Self.normalised(try Self.run(command).map { server?.output($0) ?? $0 })
        let shown = Self.normalised(transcript.output)
        #expect(
            actual == shown,
            "\(transcript): `\(transcript.command)` prints:\n\(actual.joined(separator: "\n"))")
    }

    /// A block showing `$ command` lines that is not a console block would escape the check.
    @Test func everyBlockWithAPromptIsAConsoleBlock() throws {
        for file in DocumentationFiles.markdownFiles {
            for block in try DocumentationFiles.blocks(in: file) where block.info != "console" {
                #expect(
                    !block.lines.contains { $0.hasPrefix("$ ") },
                    "\(block): a block with `$ command` lines must be a ```console transcript")
            }
        }
    }
}

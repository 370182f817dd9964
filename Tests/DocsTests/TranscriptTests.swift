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
/// Each console block runs in a scratch directory of its own: a fresh temporary directory holding copies of the
/// files the documentation's commands read (`scratchContents`, at the same paths as in the package), so that a
/// command may write files (`--write-baseline`, `--save`) without touching the repository, and a later command
/// of the same block may read them. Its commands run in order, each with `/bin/bash` in that directory, with the
/// built executables first on `PATH`; `swift run` and `swift run -c release` before a command name are dropped
/// (the test runs the binary `swift test` built). Standard output and standard error are compared together, as
/// a terminal shows them. Normalised: the scratch directory's absolute path (shown as `.`), trailing spaces and
/// trailing blank lines. Commands that fetch from `127.0.0.1:8000` run against `LoopbackServer` on a free port,
/// written back as 8000.
@Suite struct TranscriptTests {
    /// What a scratch directory holds: the shipped examples and the test fixtures the guides use (a command that
    /// reads another file of the repository fails here: add its folder).
    static let scratchContents = ["Docs/Examples", "Tests/LinkRouterTests/Fixtures", "Scripts/xcode-build-phase.sh"]

    static var consoleBlocks: [DocumentationFiles.Block] {
        DocumentationFiles.markdownFiles.flatMap { file in
            ((try? DocumentationFiles.blocks(in: file)) ?? []).filter { $0.info == "console" }
        }
    }

    static var transcripts: [Transcript] { consoleBlocks.flatMap(Transcript.parse) }

    /// A fresh scratch directory with `scratchContents` copied in.
    static func makeScratchDirectory() throws -> URL {
        let files = FileManager.default
        let directory = files.temporaryDirectory.appendingPathComponent("DocsTests-\(UUID().uuidString)")
        for path in scratchContents {
            let destination = directory.appendingPathComponent(path)
            try files.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try files.copyItem(at: DocumentationFiles.packageRoot.appendingPathComponent(path), to: destination)
        }
        return directory
    }

    static func normalised(_ lines: [String], directory: URL) -> [String] {
        let paths = Set([directory.path, directory.resolvingSymlinksInPath().path]).sorted { $0.count > $1.count }
        var lines = lines.map { line in
            var line = line
            for path in paths { line = line.replacingOccurrences(of: path, with: ".") }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    static func run(
        _ command: String, in directory: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let binaries = try #require(
            ProcessRunner("link-router").executable?.deletingLastPathComponent(), sourceLocation: sourceLocation)
        var command = command
        for prefix in ["swift run -c release ", "swift run "] where command.hasPrefix(prefix) {
            command.removeFirst(prefix.count)
        }
        command = command.replacingOccurrences(of: "| swift run ", with: "| ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
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

    @Test(arguments: consoleBlocks)
    func everyShownCommandPrintsWhatTheDocumentationShows(block: DocumentationFiles.Block) throws {
        let directory = try Self.makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for transcript in Transcript.parse(block) {
            var command = transcript.command
            var server: LoopbackServer?
            if command.contains("127.0.0.1:\(LoopbackServer.shownPort)") {
                server = try LoopbackServer()
                command = server!.command(command)
            }
            defer { server?.stop() }
            let output = try Self.run(command, in: directory).map { server?.output($0) ?? $0 }
            let actual = Self.normalised(output, directory: directory)
            let shown = Self.normalised(transcript.output, directory: directory)
            #expect(
                actual == shown,
                "\(transcript): `\(transcript.command)` prints:\n\(actual.joined(separator: "\n"))")
        }
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

import Foundation

/// The local HTTP server `Docs/AASA.md`'s `aasa fetch` examples were run against
/// (`Tests/LinkRouterTests/Fixtures/AASAFetch/aasa-server.py`, the one the fetch end-to-end tests use). The
/// documentation shows port 8000; a transcript runs against a port the system picks, written back as 8000.
final class FetchServer {
    /// The port the documentation shows.
    static let shownPort = 8000
    /// The port the server listens on.
    let port: Int
    private let process = Process()
    private let input = Pipe()

    /// Starts the server and waits for its `PORT <port> CLOSED <port>` line (a handshake, no waiting).
    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3",
            DocumentationFiles.packageRoot.appendingPathComponent(
                "Tests/LinkRouterTests/Fixtures/AASAFetch/aasa-server.py"
            )
            .path,
        ]
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let words = String(decoding: line, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard words.count == 4, words[0] == "PORT", let port = Int(words[1]) else {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the fetch server did not start"])
        }
        self.port = port
    }

    /// The command with the shown port replaced by the server's.
    func command(_ command: String) -> String {
        command.replacingOccurrences(of: "127.0.0.1:\(Self.shownPort)", with: "127.0.0.1:\(port)")
    }

    /// The output with the server's port written as the shown one.
    func output(_ line: String) -> String {
        line.replacingOccurrences(of: "127.0.0.1:\(port)", with: "127.0.0.1:\(Self.shownPort)")
            .replacingOccurrences(of: "port \(port) ", with: "port \(Self.shownPort) ")
    }

    /// Stops the server (it exits when its standard input closes) and waits for it.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

import Foundation

/// The local HTTP server (`Tests/LinkRouterTests/Fixtures/AASAFetch/aasa-server.py`) that the `aasa fetch`
/// end-to-end tests and `Docs/AASA.md`'s fetch transcripts run against, listening on 127.0.0.1 on a port the
/// system picks.
///
/// Started per test; ready when it has printed its ports (a handshake on its standard output, no waiting);
/// stopped by closing its standard input. It serves one case per base path (see the script).
package final class LoopbackServer {
    /// The port the server listens on.
    package let port: Int
    /// A port that is bound and never listens: connecting to it is refused.
    package let closedPort: Int
    /// The port the same server listens on at [::1], the IPv6 loopback address (0 when this machine has none).
    package let ipv6Port: Int
    private let process: Process
    private let input: Pipe

    /// The script.
    package static let script = PackagePaths.path("Tests/LinkRouterTests/Fixtures/AASAFetch/aasa-server.py")

    /// Starts the server and waits for its `PORT <port> CLOSED <port> PORT6 <port>` line.
    package init() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script]
        input = Pipe()
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
        guard words.count == 6, words[0] == "PORT", words[2] == "CLOSED", words[4] == "PORT6", let port = Int(words[1]),
            let closedPort = Int(words[3]), let ipv6Port = Int(words[5])
        else {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            throw CocoaError(
                .fileReadUnknown,
                userInfo: [
                    NSLocalizedDescriptionKey: "the test server did not start: \(String(decoding: line, as: UTF8.self))"
                ])
        }
        self.port = port
        self.closedPort = closedPort
        self.ipv6Port = ipv6Port
    }

    /// `http://127.0.0.1:PORT/<path>`.
    package func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)/\(path)"
    }

    /// `http://[::1]:PORT6/<path>`: the same case on the IPv6 loopback address.
    package func ipv6URL(_ path: String) -> String {
        "http://[::1]:\(ipv6Port)/\(path)"
    }

    /// Stops the server (it exits when its standard input closes) and waits for it to exit.
    package func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The environment for the commands: this process's, without proxies, so requests stay on loopback.
    package static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.lowercased().hasSuffix("_proxy") }
        environment["no_proxy"] = "*"
        environment["NO_PROXY"] = "*"
        return environment
    }()
}

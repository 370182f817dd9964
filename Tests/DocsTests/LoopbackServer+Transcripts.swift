import Foundation
import TestSupport

/// `Docs/AASA.md`'s `aasa fetch` examples were run against the loopback server on port 8000; a transcript runs
/// against a port the system picks, written back as 8000.
extension LoopbackServer {
    /// The port the documentation shows.
    static let shownPort = 8000

    /// The command with the shown port replaced by the server's.
    func command(_ command: String) -> String {
        command.replacingOccurrences(of: "127.0.0.1:\(Self.shownPort)", with: "127.0.0.1:\(port)")
    }

    /// The output with the server's port written as the shown one.
    func output(_ line: String) -> String {
        line.replacingOccurrences(of: "127.0.0.1:\(port)", with: "127.0.0.1:\(Self.shownPort)")
            .replacingOccurrences(of: "port \(port) ", with: "port \(Self.shownPort) ")
    }
}

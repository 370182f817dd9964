import Foundation
import RichMediaQueue

/// Unbuffered writes to standard output and standard error.
enum StandardStreams {
    static func output(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// Buffers output lines and writes them to standard output in large chunks.
final class LineWriter: Sendable {
    private let buffer = LockedValue<[UInt8]>([])

    func write(_ line: String) {
        buffer.withLock { buffer in
            buffer.append(contentsOf: line.utf8)
            buffer.append(UInt8(ascii: "\n"))
            if buffer.count >= 1 << 16 { Self.emit(&buffer) }
        }
    }

    func flush() {
        buffer.withLock { Self.emit(&$0) }
    }

    private static func emit(_ buffer: inout [UInt8]) {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}

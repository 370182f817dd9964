/// Lines collected for standard output and written in large chunks (for commands that print many lines).
///
/// Not thread-safe: a command that appends from another executor keeps it behind its own lock.
package struct OutputBuffer: Sendable {
    private var bytes: [UInt8] = []
    /// Written out when the buffer grows past this many bytes.
    package let chunkSize: Int

    /// - Parameter chunkSize: Written out when the buffer grows past this many bytes.
    package init(chunkSize: Int = 1 << 16) {
        self.chunkSize = chunkSize
    }

    /// Appends `line` and a newline; writes the buffer out when it is full.
    package mutating func append(line: String) {
        bytes.append(contentsOf: line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        if bytes.count >= chunkSize { flush() }
    }

    /// Writes what is buffered to standard output.
    package mutating func flush() {
        guard !bytes.isEmpty else { return }
        Console.out(bytes: bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}

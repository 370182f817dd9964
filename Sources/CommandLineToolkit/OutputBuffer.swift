/// Lines collected for standard output and written in large chunks (for commands that print many lines).
///
/// Not thread-safe: a command that appends from another executor keeps it behind its own lock.
package struct OutputBuffer: Sendable {
    private var bytes: [UInt8] = []
    private let sink: @Sendable ([UInt8]) -> Void
    /// Written out when the buffer grows past this many bytes.
    package let chunkSize: Int

    /// - Parameters:
    ///   - chunkSize: Written out when the buffer grows past this many bytes.
    ///   - sink: Where full chunks go (standard output unless a test collects them).
    package init(chunkSize: Int = 1 << 16, sink: @escaping @Sendable ([UInt8]) -> Void = { Console.out(bytes: $0) }) {
        self.chunkSize = chunkSize
        self.sink = sink
    }

    /// Appends `line` and a newline; writes the buffer out when it is full.
    package mutating func append(line: String) {
        bytes.append(contentsOf: line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        if bytes.count >= chunkSize { flush() }
    }

    /// Writes out what is buffered.
    package mutating func flush() {
        guard !bytes.isEmpty else { return }
        sink(bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}

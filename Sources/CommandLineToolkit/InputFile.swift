#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reading an input file, or standard input for `-`, with a size limit.
package enum InputFile {
    /// The name to show for `path` in messages (`<stdin>` for `-`).
    package static func displayName(_ path: String) -> String {
        path == "-" ? "<stdin>" : path
    }

    /// Reads all of `path` (`-`: standard input), refusing more than `limit` bytes.
    ///
    /// - Parameters:
    ///   - path: A file path, or `-` for standard input.
    ///   - limit: The most bytes accepted.
    /// - Returns: The bytes.
    /// - Throws: ``CommandFailure/input(_:)`` naming the file and the problem (exit 2): `FILE: cannot read: No
    ///   such file or directory`, `FILE: larger than the limit of N bytes`.
    package static func read(_ path: String, limit: Int) throws(CommandFailure) -> [UInt8] {
        let name = displayName(path)
        let descriptor: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw .input("\(name): cannot read: \(String(cString: strerror(errno)))")
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .input("\(name): cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
            if bytes.count > limit {
                throw .input("\(name): larger than the limit of \(limit) bytes")
            }
        }
        return bytes
    }

    /// The non-empty lines of `bytes` (a list of URLs read from standard input), decoded as UTF-8.
    package static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
    }
}

/// `read(2)`, named apart from ``InputFile/read(_:limit:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

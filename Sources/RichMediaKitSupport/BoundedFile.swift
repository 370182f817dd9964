#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reading all of a file, or standard input, with a size limit: the one reader of the commands' input files and of
/// the project file (package access).
package enum BoundedFile {
    /// Why a file was not read.
    package enum Failure: Error, Equatable, Sendable {
        /// The system's reason the file cannot be opened or read (`No such file or directory`).
        case cannotRead(String)
        /// The file has more bytes than the limit.
        case tooLarge

        /// What the commands and the project file's errors say after the file's name: `cannot read: REASON`,
        /// `larger than the limit of N bytes`.
        package func message(limit: Int) -> String {
            switch self {
            case .cannotRead(let reason): return "cannot read: \(reason)"
            case .tooLarge: return "larger than the limit of \(limit) bytes"
            }
        }
    }

    /// Reads all of `path` (nil: standard input), refusing more than `limit` bytes.
    ///
    /// - Parameters:
    ///   - path: A file path, or nil for standard input (a path is only a path: `-` is a file named `-`).
    ///   - limit: The most bytes accepted.
    /// - Returns: The bytes.
    /// - Throws: ``Failure/cannotRead(_:)`` with the system's reason, ``Failure/tooLarge`` past `limit` bytes.
    package static func read(_ path: String?, limit: Int) throws(Failure) -> [UInt8] {
        let descriptor: Int32 = path.map { open($0, O_RDONLY) } ?? 0
        guard descriptor >= 0 else { throw .cannotRead(String(cString: strerror(errno))) }
        defer { if path != nil { close(descriptor) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
            if bytes.count > limit { throw .tooLarge }
        }
        return bytes
    }
}

/// `read(2)`, named apart from ``BoundedFile/read(_:limit:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

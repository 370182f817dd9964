import RichMediaKitSupport

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
        do {
            return try BoundedFile.read(path == "-" ? nil : path, limit: limit)
        } catch {
            throw .input("\(displayName(path)): \(error.message(limit: limit))")
        }
    }

    /// The non-empty lines of `bytes` (a list of URLs read from standard input), decoded as UTF-8.
    package static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
    }
}

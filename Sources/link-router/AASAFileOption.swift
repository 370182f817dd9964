import CommandLineToolkit
import LinkRouter

/// Loading an AASA file operand or option (`-` reads standard input) into a matcher.
enum AASAFileOption {
    /// The most read from a file or standard input (the 128 KB limit is then reported by the linter).
    static let readLimit = 64 << 20

    /// Reads and compiles the file.
    /// - Throws: ``CommandFailure/input(_:)`` naming the file, with line and column for JSON syntax errors (exit 2).
    static func load(_ path: String) throws(CommandFailure) -> AASAMatcher {
        try loadWithBytes(path).matcher
    }

    /// Reads and compiles the file, keeping its bytes (for source positions in annotations).
    /// - Throws: ``CommandFailure/input(_:)`` as ``load(_:)``.
    static func loadWithBytes(_ path: String) throws(CommandFailure) -> (matcher: AASAMatcher, bytes: [UInt8]) {
        let bytes = try InputFile.read(path, limit: readLimit)
        do {
            return (try AASAMatcher(parsing: bytes), bytes)
        } catch {
            throw failure(error, file: InputFile.displayName(path))
        }
    }

    /// A file that is not an AASA file, as a command failure naming it (with line and column for JSON syntax
    /// errors; exit 2).
    static func failure(_ error: AASAError, file: String) -> CommandFailure {
        if let line = error.line, let column = error.column {
            return .input("\(file):\(line):\(column): \(error.diagnostic?.message ?? error.description)")
        }
        return .input("\(file): \(error.description)")
    }

    /// A coverage error as a command failure (exit 2): the question could not be answered.
    static func failure(_ error: CoverageError) -> CommandFailure {
        .input(error.description)
    }
}

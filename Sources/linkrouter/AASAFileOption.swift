import LinkRouter

/// Loading an AASA file operand or option (`-` reads standard input) into a matcher.
enum AASAFileOption {
    /// Reads and compiles the file.
    /// - Throws: ``CommandFailure/input(_:)`` naming the file, with line and column for JSON syntax errors (exit 2).
    static func load(_ path: String) throws(CommandFailure) -> AASAMatcher {
        let bytes = try InputFile.read(path, limit: AASACommand.readLimit)
        do {
            return try AASAMatcher(parsing: bytes)
        } catch {
            let file = InputFile.displayName(path)
            if let line = error.line, let column = error.column {
                throw .input("\(file):\(line):\(column): \(error.diagnostic?.message ?? error.description)")
            }
            throw .input("\(file): \(error.description)")
        }
    }

    /// The `--domain` option: a host name, optionally with a port (the examples are built on it).
    static func domain(_ arguments: ParsedArguments) throws(CommandFailure) -> String {
        let domain = try arguments.required("domain")
        let allowed = domain.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":") || byte >= 0x80
        }
        guard !domain.isEmpty, allowed else {
            throw .usage("`--domain` must be a host name such as example.com, not `\(domain)`")
        }
        return domain
    }

    /// A coverage error as a command failure (exit 2): the question could not be answered.
    static func failure(_ error: CoverageError) -> CommandFailure {
        .input(error.description)
    }
}

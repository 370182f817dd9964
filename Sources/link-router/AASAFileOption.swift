import CommandLineToolkit
import LinkRouter

/// Loading an AASA file operand or option (`-` reads standard input) into a matcher.
enum AASAFileOption {
    /// The most read from a file or standard input (the 128 KB limit is then reported by the linter).
    static let readLimit = ProjectInputReader.siteFileLimit

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

    /// The `--aasa` values of `check` and `doctor`: `DOMAIN=FILE` pairs (each domain once, lowercased), or a plain
    /// `FILE` (nil domain) where `plainAllowed` (a value whose part before `=` is not a host name is then a path).
    /// - Throws: ``CommandFailure/usage(_:)`` for a domain that is not a host name (when plain files are not
    ///   allowed) or given twice, and for a plain file beside others (exit 2).
    static func domainPaths(
        _ values: [String], plainAllowed: Bool = false
    ) throws(CommandFailure) -> [(domain: String?, path: String)] {
        var result: [(domain: String?, path: String)] = []
        for value in values {
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                result.append((nil, value))
                continue
            }
            let domain = String(value[..<equals])
            do throws(RouteConfigurationError) {
                try AssociatedDomain.validateServingDomain(domain)
            } catch {
                if plainAllowed {
                    result.append((nil, value))
                    continue
                }
                throw .usage("`--aasa \(value)`: DOMAIN must be a host name such as example.com; \(error.message)")
            }
            let host = domain.lowercased()
            guard !result.contains(where: { $0.domain == host }) else {
                throw .usage("`--aasa \(host)=...` is given twice")
            }
            result.append((host, String(value[value.index(after: equals)...])))
        }
        if plainAllowed, result.count > 1, result.contains(where: { $0.domain == nil }) {
            throw .usage(
                "`--aasa FILE` alone is the file of the URL's host; for several, give `--aasa DOMAIN=FILE` each")
        }
        return result
    }

    /// A file that is not an AASA file, as a command failure naming it (with line and column for JSON syntax
    /// errors; exit 2).
    static func failure(_ error: AASAError, file: String) -> CommandFailure {
        .input(ProjectInputReader.failure(error, file: file).description)
    }

    /// A coverage error as a command failure (exit 2): the question could not be answered.
    static func failure(_ error: CoverageError) -> CommandFailure {
        .input(error.description)
    }
}

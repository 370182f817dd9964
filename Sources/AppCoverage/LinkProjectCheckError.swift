import FileLocations

/// Why ``LinkProject/check(allURLs:fetch:)`` could not check a project: a file that cannot be read or is not what
/// it should be (named, with the place in it), a value the check needs and the project lacks, or a check that could
/// not be decided. Its description is the message `link-router check` writes for the same problem.
public struct LinkProjectCheckError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of problem: compare with the static members; ``identifier`` is its stable code.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        fileprivate enum Code: String, Sendable {
            case unreadable
            case tooLarge = "too-large"
            case invalidFile = "invalid-file"
            case missingValue = "missing-value"
            case invalidValue = "invalid-value"
            case fetchUnavailable = "fetch-unavailable"
            case notDecided = "not-decided"
        }

        fileprivate let code: Code

        fileprivate init(_ code: Code) { self.code = code }

        /// A file cannot be opened or read (the message has the system's reason, such as `cannot read: No such
        /// file or directory`).
        public static let unreadable = Self(.unreadable)
        /// A file is larger than the check reads.
        public static let tooLarge = Self(.tooLarge)
        /// A file is not what it should be (not JSON, not a property list, not a manifest; an undefined build
        /// variable): ``LinkProjectCheckError/fileLocation`` says where.
        public static let invalidFile = Self(.invalidFile)
        /// The project lacks a value the check needs (the routes, an app ID, the package, a fingerprint, the site
        /// files) or names no platform to check.
        public static let missingValue = Self(.missingValue)
        /// A value of the project the check cannot use (a fingerprint that is not one, site files that mix local
        /// files and ``LinkProject/fetch``).
        public static let invalidValue = Self(.invalidValue)
        /// The project's site files are ``LinkProject/fetch`` and no fetcher was given.
        public static let fetchUnavailable = Self(.fetchUnavailable)
        /// The check could not decide (a coverage check past its limits: `CoverageError`).
        public static let notDecided = Self(.notDecided)

        /// A stable machine-readable code, such as `invalid-file`.
        public var identifier: String { code.rawValue }

        /// The ``identifier``.
        public var description: String { identifier }
    }

    /// The kind of problem.
    public let kind: Kind
    /// What is wrong.
    public let message: String
    /// The file the problem is in, as named in the project (nil for a value of the project itself).
    public let file: String?
    /// Where in ``file``: a line and column, or a JSON pointer; empty when the whole file is meant.
    public let fileLocation: FileLocation

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: The kind of problem.
    ///   - message: What is wrong.
    ///   - file: The file it is in, if any.
    ///   - location: Where in the file.
    public init(_ kind: Kind, _ message: String, file: String? = nil, at location: FileLocation = FileLocation()) {
        self.kind = kind
        self.message = message
        self.file = file
        self.fileLocation = location
    }

    /// A stable machine-readable code, such as `invalid-file` (the kind's ``Kind/identifier``).
    public var identifier: String { kind.identifier }

    /// Whether the problem is the project's values (``Kind/missingValue``, ``Kind/invalidValue``,
    /// ``Kind/fetchUnavailable``): what `link-router check` reports as a usage error.
    public var isUsage: Bool {
        kind == .missingValue || kind == .invalidValue || kind == .fetchUnavailable
    }

    /// As `link-router check` writes it: `FILE:line:column: message`, `FILE: /pointer: message`, `FILE: message`,
    /// or the message alone for a value of the project.
    public var description: String {
        guard let file else { return message }
        return "\(fileLocation.written(after: file)): \(message)"
    }
}

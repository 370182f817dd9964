import FileLocations

/// Why a project could not be read or checked: a project file that cannot be read or is not one
/// (``LinkProject/init(contentsOfFile:)``, ``LinkProject/init(json:)``, ``LinkProject/json(schema:)``), or why
/// ``LinkProject/check(allURLs:fetch:)`` could not check it (or ``LinkProject/lint(release:)``,
/// ``LinkProject/fetch(_:)`` and ``LinkProject/generate()`` could not do their part): a file that cannot be read or is
/// not what it should be (named, with the place in it), a value the check needs and the project lacks, or a check
/// that could not be decided. Its description is the message the `link-router` commands write for the same problem.
public struct LinkProjectError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of problem: compare with the static members; ``identifier`` is its stable code.
    public struct Kind: Sendable, Hashable, CaseIterable, CustomStringConvertible {
        fileprivate enum Code: String, Sendable, CaseIterable {
            case unreadable
            case tooLarge = "too-large"
            case invalidJSON = "invalid-json"
            case wrongType = "wrong-type"
            case unknownKey = "unknown-key"
            case duplicateKey = "duplicate-key"
            case version
            case invalidFile = "invalid-file"
            case missingValue = "missing-value"
            case invalidValue = "invalid-value"
            case fetchUnavailable = "fetch-unavailable"
            case notDecided = "not-decided"
        }

        fileprivate let code: Code

        fileprivate init(_ code: Code) { self.code = code }

        /// A file cannot be opened or read (the project file, or a file the check reads): the message has the
        /// system's reason, such as `cannot read: No such file or directory`.
        public static let unreadable = Self(.unreadable)
        /// A file is larger than it is read: a project file larger than ``LinkProject/maximumFileSize``, or a file
        /// the check reads larger than its limit.
        public static let tooLarge = Self(.tooLarge)
        /// The project file is not valid JSON (``LinkProjectError/fileLocation`` has the line and column).
        public static let invalidJSON = Self(.invalidJSON)
        /// A value of the project file of the wrong type or out of range (an empty path, an unknown format).
        public static let wrongType = Self(.wrongType)
        /// A key the project file format does not have there (the message names the keys allowed).
        public static let unknownKey = Self(.unknownKey)
        /// A key of the project file given twice, or a definition given both at the top level and for Android.
        public static let duplicateKey = Self(.duplicateKey)
        /// The project file's `version` is missing, or not one this package reads.
        public static let version = Self(.version)
        /// A file the check reads is not what it should be (not JSON, not a property list, not a manifest; an
        /// undefined build variable): ``LinkProjectError/fileLocation`` says where.
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

        /// Every kind, each with its own ``identifier``.
        public static var allCases: [Self] { Code.allCases.map(Self.init) }

        /// A stable machine-readable code, such as `invalid-file`.
        public var identifier: String { code.rawValue }

        /// The ``identifier``.
        public var description: String { identifier }
    }

    /// The kind of problem.
    public let kind: Kind
    /// What is wrong (and, in a project file, what was expected).
    public let message: String
    /// The file the problem is in: the project file's path as given to ``LinkProject/init(contentsOfFile:)``, or a
    /// file the check reads as named in the project; nil for bytes read with ``LinkProject/init(json:)`` and for a
    /// value of the project itself.
    public let file: String?
    /// Where in ``file`` (or in the bytes read): a line and column, a JSON pointer, or both; empty when the whole
    /// file is meant or there is no file.
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
    /// ``Kind/fetchUnavailable``): what `link-router check` reports as a usage error. False for every other kind,
    /// the project file's own included: a project file that cannot be read or is not one is an input error, as
    /// the commands report it.
    public var isUsage: Bool {
        kind == .missingValue || kind == .invalidValue || kind == .fetchUnavailable
    }

    /// As the commands write it: `FILE:line:column: message`, `FILE: /pointer: message` or `FILE: message` with a
    /// ``file``; without one, `line:column: message` (or `/pointer: message`) for a place in the bytes read, and
    /// the message alone for a value of the project.
    public var description: String {
        guard let file else { return fileLocation.description.isEmpty ? message : "\(fileLocation): \(message)" }
        return "\(fileLocation.written(after: file)): \(message)"
    }
}

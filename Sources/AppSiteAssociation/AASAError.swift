import FileLocations

/// Why an apple-app-site-association file could not be loaded at all.
///
/// Match the kind with ``kind`` (`error.kind == .invalidJSON`, or `switch error.kind`); ``line``, ``column``,
/// ``diagnostic`` and ``description`` say where and why, and ``identifier`` is a stable machine-readable code.
/// `==` compares everything the error carries (kind and diagnostic); a `catch AASAError.invalidJSON` or
/// `case .invalidJSON` pattern matches the kind alone.
public struct AASAError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of an ``AASAError``, without where it happened.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        fileprivate enum Code: Sendable, Hashable {
            case tooLarge
            case invalidJSON
            case notObject
        }

        fileprivate let code: Code

        fileprivate init(_ code: Code) { self.code = code }

        /// The file is larger than 128 KB.
        public static let tooLarge = Self(.tooLarge)
        /// The file is not valid JSON (or not UTF-8, or absurdly nested).
        public static let invalidJSON = Self(.invalidJSON)
        /// The file's top-level value is not a JSON object.
        public static let notObject = Self(.notObject)

        /// A stable machine-readable code: the code of the lint diagnostic that reports the same problem
        /// where there is one (`size-limit`, `not-object`; `invalid-json` covers `json-syntax`, `invalid-utf8` and
        /// `nesting-limit`).
        public var identifier: String {
            switch code {
            case .tooLarge: return AASADiagnostic.Code.sizeLimit.rawValue
            case .invalidJSON: return "invalid-json"
            case .notObject: return AASADiagnostic.Code.notObject.rawValue
            }
        }

        /// The ``identifier``.
        public var description: String { identifier }
    }

    /// The kind of problem.
    public let kind: Kind
    /// The diagnostic describing the problem (message, location, fix hint).
    public let diagnostic: AASADiagnostic?

    private init(_ kind: Kind, diagnostic: AASADiagnostic? = nil) {
        self.kind = kind
        self.diagnostic = diagnostic
    }

    init(fatal diagnostic: AASADiagnostic?) {
        switch diagnostic?.code {
        case .some(.sizeLimit): self.init(.tooLarge, diagnostic: diagnostic)
        case .some(.notObject): self.init(.notObject, diagnostic: diagnostic)
        default: self.init(.invalidJSON, diagnostic: diagnostic)
        }
    }

    /// The file is larger than 128 KB (no diagnostic: use it as a pattern, or compare ``kind``).
    public static var tooLarge: AASAError { AASAError(.tooLarge) }
    /// The file is not valid JSON (no diagnostic: use it as a pattern, or compare ``kind``).
    public static var invalidJSON: AASAError { AASAError(.invalidJSON) }
    /// The file's top-level value is not a JSON object (no diagnostic: use it as a pattern, or compare ``kind``).
    public static var notObject: AASAError { AASAError(.notObject) }

    /// A stable machine-readable code, such as `invalid-json` (the kind's ``Kind/identifier``).
    public var identifier: String { kind.identifier }

    /// The 1-based line of a JSON syntax error.
    public var line: Int? { diagnostic?.line }
    /// The 1-based column of a JSON syntax error.
    public var column: Int? { diagnostic?.column }
    /// Where the problem is: the diagnostic's place (a JSON pointer, or the line and column of a syntax error), or
    /// nil without a diagnostic.
    public var fileLocation: FileLocation? { diagnostic?.fileLocation }
    /// Where the problem is: the diagnostic's JSON pointer (`/` for the whole file), or nil without a diagnostic.
    public var location: JSONPointer? { diagnostic.map { JSONPointer(known: $0.pointer) } }

    /// `line:column: message`, or just the message (the ``identifier`` without a diagnostic).
    public var description: String {
        guard let diagnostic else { return identifier }
        if let line = diagnostic.line, let column = diagnostic.column {
            return "\(line):\(column): \(diagnostic.message)"
        }
        return diagnostic.message
    }

    /// Whether `value` is an error of the same kind as `pattern`, wherever it happened: lets
    /// `catch AASAError.invalidJSON` and `case .tooLarge` match by kind.
    ///
    /// - Parameters:
    ///   - pattern: An error standing for its kind, such as ``invalidJSON``.
    ///   - value: The error to test.
    /// - Returns: Whether both have the same ``kind``.
    public static func ~= (pattern: AASAError, value: AASAError) -> Bool {
        pattern.kind == value.kind
    }

    /// Whether `value` is an ``AASAError`` of the same kind as `pattern` (for `catch AASAError.invalidJSON`).
    ///
    /// - Parameters:
    ///   - pattern: An error standing for its kind, such as ``invalidJSON``.
    ///   - value: Any error.
    /// - Returns: Whether `value` is an ``AASAError`` with the same ``kind``.
    public static func ~= (pattern: AASAError, value: any Error) -> Bool {
        (value as? AASAError).map { pattern.kind == $0.kind } ?? false
    }
}

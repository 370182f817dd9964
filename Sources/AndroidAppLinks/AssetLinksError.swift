import FileLocations

/// Why an `assetlinks.json` file could not be read at all: too large, not JSON, or not an array.
///
/// Compare ``kind`` (`error.kind == .invalidJSON`); ``diagnostic`` says where and why.
public struct AssetLinksError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of an ``AssetLinksError``.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// The stable code: the code of the diagnostic that reports the same problem.
        public let identifier: String

        private init(_ identifier: String) { self.identifier = identifier }

        /// The file is larger than 1 MiB.
        public static let tooLarge = Kind(AndroidLinkDiagnostic.Code.sizeLimit.rawValue)
        /// The file is not valid JSON (or not UTF-8, or nested absurdly deep).
        public static let invalidJSON = Kind(AndroidLinkDiagnostic.Code.jsonSyntax.rawValue)
        /// The top-level value is not a JSON array.
        public static let notArray = Kind(AndroidLinkDiagnostic.Code.notArray.rawValue)

        /// The ``identifier``.
        public var description: String { identifier }
    }

    /// The kind of problem.
    public let kind: Kind
    /// The diagnostic: message, fix and location.
    public let diagnostic: AndroidLinkDiagnostic

    init(_ kind: Kind, _ diagnostic: AndroidLinkDiagnostic) {
        self.kind = kind
        self.diagnostic = diagnostic
    }

    /// Where the problem is.
    public var location: FileLocation { diagnostic.location }

    /// The diagnostic's description, such as `error[json-syntax] 3:5: unexpected ']'`.
    public var description: String { diagnostic.description }
}

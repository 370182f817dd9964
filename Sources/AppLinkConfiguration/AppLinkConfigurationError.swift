import FileLocations

/// Why an app's entitlements or Info.plist could not be read: which file, where, and what is wrong.
///
/// Match the kind with `==` on ``kind`` or with a pattern (`catch AppLinkConfigurationError.malformedPropertyList`);
/// ``file``, ``position`` and ``message`` say where and why.
public struct AppLinkConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of an ``AppLinkConfigurationError``, without where it happened.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        fileprivate enum Code: Sendable, Hashable {
            case malformedPropertyList
            case notDictionary
            case wrongType
        }

        fileprivate let code: Code

        fileprivate init(_ code: Code) { self.code = code }

        /// The file is not a well-formed XML or binary property list.
        public static let malformedPropertyList = Self(.malformedPropertyList)
        /// The file's top-level value is not a dictionary.
        public static let notDictionary = Self(.notDictionary)
        /// A key this module reads holds a value of the wrong type (such as a string where an array belongs).
        ///
        /// No longer thrown: since 0.2.0 such a value is named in `AppLinkConfiguration.wrongTypeValues` and the
        /// lint reports it (`wrong-type`), and the rest of the file is read.
        public static let wrongType = Self(.wrongType)

        /// A stable machine-readable code: `malformed-property-list`, `not-dictionary` or `wrong-type`.
        public var identifier: String {
            switch code {
            case .malformedPropertyList: return "malformed-property-list"
            case .notDictionary: return "not-dictionary"
            case .wrongType: return "wrong-type"
            }
        }

        /// The ``identifier``.
        public var description: String { identifier }
    }

    /// The kind of problem.
    public let kind: Kind
    /// The file that holds it.
    public let file: AppLinkConfiguration.File
    /// Where in the file: line and column (XML) or byte offset (binary); nil when the problem has no place.
    public let position: PropertyListPosition?
    /// What is wrong, in one sentence.
    public let message: String

    private init(_ kind: Kind, file: AppLinkConfiguration.File, position: PropertyListPosition?, message: String) {
        self.kind = kind
        self.file = file
        self.position = position
        self.message = message
    }

    static func malformed(_ error: PropertyListSyntaxError, in file: AppLinkConfiguration.File) -> Self {
        Self(.malformedPropertyList, file: file, position: error.position, message: error.message)
    }

    static func notDictionary(_ value: PropertyListValue, in file: AppLinkConfiguration.File) -> Self {
        Self(
            .notDictionary, file: file, position: value.position,
            message: "the top-level value is a \(value.typeName), not a dict")
    }

    static func wrongType(
        _ value: PropertyListValue, at keyPath: String, expected: String, in file: AppLinkConfiguration.File
    ) -> Self {
        Self(
            .wrongType, file: file, position: value.position,
            message: "`\(keyPath)` is a \(value.typeName), not \(expected)")
    }

    /// The file is not a well-formed property list (no position: use it as a pattern, or compare ``kind``).
    public static var malformedPropertyList: Self {
        Self(.malformedPropertyList, file: .entitlements, position: nil, message: "malformed property list")
    }
    /// The top-level value is not a dictionary (no position: use it as a pattern, or compare ``kind``).
    public static var notDictionary: Self {
        Self(.notDictionary, file: .entitlements, position: nil, message: "not a dictionary")
    }
    /// A key holds a value of the wrong type (no position: use it as a pattern, or compare ``kind``).
    public static var wrongType: Self { Self(.wrongType, file: .entitlements, position: nil, message: "wrong type") }

    /// A stable machine-readable code, such as `malformed-property-list`.
    public var identifier: String { kind.identifier }

    /// The place as the link modules' shared `FileLocation`: line and column in an XML property list, nil
    /// without a position or in a binary one (see ``position`` for its byte offset).
    public var fileLocation: FileLocation? {
        position.map { .propertyList(keyPath: nil, line: $0.line, column: $0.column, byteOffset: $0.byteOffset) }
    }

    /// `position: message` (`12:5: expected </string>`, `byte 48: ...`), or the message alone.
    public var description: String {
        position.map { "\($0): \(message)" } ?? message
    }

    /// Whether `value` is an error of the same kind as `pattern`, wherever it happened.
    ///
    /// - Parameters:
    ///   - pattern: An error standing for its kind, such as ``malformedPropertyList``.
    ///   - value: The error to test.
    /// - Returns: Whether both have the same ``kind``.
    public static func ~= (pattern: Self, value: Self) -> Bool {
        pattern.kind == value.kind
    }

    /// Whether `value` is an ``AppLinkConfigurationError`` of the same kind as `pattern`.
    ///
    /// - Parameters:
    ///   - pattern: An error standing for its kind.
    ///   - value: Any error.
    /// - Returns: Whether `value` is an ``AppLinkConfigurationError`` with the same ``kind``.
    public static func ~= (pattern: Self, value: any Error) -> Bool {
        (value as? Self).map { pattern.kind == $0.kind } ?? false
    }
}

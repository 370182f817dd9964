/// Why an apple-app-site-association file could not be loaded at all.
///
/// Compare with the static members (`error == .invalidJSON`); ``line``, ``column`` and
/// ``description`` say where.
public struct AASAError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Kind: Sendable, Equatable {
        case tooLarge
        case invalidJSON
        case notObject
    }

    private let kind: Kind
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

    /// The file is larger than 128 KB.
    public static var tooLarge: AASAError { AASAError(.tooLarge) }
    /// The file is not valid JSON (or not UTF-8, or absurdly nested).
    public static var invalidJSON: AASAError { AASAError(.invalidJSON) }
    /// The file's top-level value is not a JSON object.
    public static var notObject: AASAError { AASAError(.notObject) }

    /// The 1-based line of a JSON syntax error.
    public var line: Int? { diagnostic?.line }
    /// The 1-based column of a JSON syntax error.
    public var column: Int? { diagnostic?.column }

    /// `line:column: message`, or just the message.
    public var description: String {
        guard let diagnostic else { return "\(kind)" }
        if let line = diagnostic.line, let column = diagnostic.column {
            return "\(line):\(column): \(diagnostic.message)"
        }
        return diagnostic.message
    }

    /// Compares the kinds of two errors (not their locations).
    ///
    /// - Parameters:
    ///   - lhs: An error.
    ///   - rhs: Another error.
    /// - Returns: Whether both are the same kind of error.
    public static func == (lhs: AASAError, rhs: AASAError) -> Bool {
        lhs.kind == rhs.kind
    }
}

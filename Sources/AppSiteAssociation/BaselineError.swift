import FileLocations
import RichMediaKitSupport

/// Why a baseline file could not be read: where and what.
///
/// Compare the kind with ``kind`` (`error.kind == .invalidJSON`); ``fileLocation`` says where (the line and column of
/// a JSON syntax error, else the JSON pointer of the offending value) and ``message`` what.
///
/// <!-- snippet: BaselineErrorDocExample -->
/// ```swift
/// do {
///     let baseline = try Baseline<CoverageReport>(json: bytes)
///     print(baseline.entries.count, "accepted gaps")
/// } catch {
///     print(error.fileLocation, error.message)  // /gaps/2/rule missing required key `rule`
/// }
/// ```
public struct BaselineError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Detail: Sendable, Hashable {
        case invalidJSON(line: Int, column: Int, String)
        case notABaseline(JSONPointer, String)
    }

    private let detail: Detail

    private init(_ detail: Detail) {
        self.detail = detail
    }

    /// The file is not valid JSON.
    ///
    /// - Parameters:
    ///   - line: The 1-based line of the error.
    ///   - column: The 1-based column of the error.
    ///   - message: What is wrong.
    /// - Returns: The error.
    public static func invalidJSON(line: Int, column: Int, _ message: String) -> BaselineError {
        BaselineError(.invalidJSON(line: line, column: column, message))
    }

    /// The file is JSON, but not a baseline of the expected kind.
    ///
    /// - Parameters:
    ///   - pointer: The JSON pointer of the offending value (the root for the whole file).
    ///   - message: What is wrong.
    /// - Returns: The error.
    public static func notABaseline(at pointer: JSONPointer, _ message: String) -> BaselineError {
        BaselineError(.notABaseline(pointer, message))
    }

    /// The error of a decoding failure (package access: `Baseline` reads its files this way).
    package init(_ failure: BaselineDecoding.Failure) {
        switch failure {
        case .syntax(let line, let column, let message): self = .invalidJSON(line: line, column: column, message)
        case .content(let pointer, let message): self = .notABaseline(at: JSONPointer(known: pointer), message)
        }
    }

    /// The kind of a ``BaselineError``, without where or what.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        fileprivate enum Code: String, Sendable, Hashable {
            case invalidJSON = "invalid-json"
            case notABaseline = "not-a-baseline"
        }

        fileprivate let code: Code

        fileprivate init(_ code: Code) { self.code = code }

        /// The file is not valid JSON (``BaselineError/invalidJSON(line:column:_:)``).
        public static let invalidJSON = Self(.invalidJSON)
        /// The file is JSON, but not a baseline of the expected kind (``BaselineError/notABaseline(at:_:)``).
        public static let notABaseline = Self(.notABaseline)

        /// A stable machine-readable code: `invalid-json` or `not-a-baseline`.
        public var identifier: String { code.rawValue }

        /// The ``identifier``.
        public var description: String { identifier }
    }

    /// The kind of problem: compare it with ``Kind``'s static members (`error.kind == .invalidJSON`).
    public var kind: Kind {
        switch detail {
        case .invalidJSON: return .invalidJSON
        case .notABaseline: return .notABaseline
        }
    }

    /// A stable machine-readable code, such as `invalid-json` (the kind's ``Kind/identifier``).
    public var identifier: String { kind.identifier }

    /// Where the problem is: the line and column of a JSON syntax error, else the JSON pointer of the offending
    /// value (the root for the whole file).
    public var fileLocation: FileLocation {
        switch detail {
        case .invalidJSON(let line, let column, _): return .text(line: line, column: column)
        case .notABaseline(let pointer, _): return .pointer(pointer)
        }
    }

    /// What is wrong.
    public var message: String {
        switch detail {
        case .invalidJSON(_, _, let message), .notABaseline(_, let message): return message
        }
    }

    /// Where the problem is, as text: `line:column` for JSON syntax errors, a JSON pointer (`/gaps/2/kind`, `/` for
    /// the whole file) otherwise.
    @available(*, deprecated, message: "use fileLocation (a FileLocation: a JSON pointer or a line and column)")
    public var location: String { fileLocation.description }

    /// Whether the file is not valid JSON at all.
    @available(*, deprecated, message: "compare the kind: error.kind == .invalidJSON")
    public var isSyntaxError: Bool { kind == .invalidJSON }

    /// `location: message`.
    public var description: String { "\(fileLocation): \(message)" }
}

import RichMediaKitSupport

/// Why a baseline file could not be read: where and what.
///
/// <!-- snippet: BaselineErrorDocExample -->
/// ```swift
/// do {
///     let baseline = try CoverageBaseline(json: bytes)
///     print(baseline.gaps.count, "accepted gaps")
/// } catch {
///     print(error.location, error.message)  // /gaps/2/rule missing required key `rule`
/// }
/// ```
public struct BaselineError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case syntax
        case content
    }

    private let kind: Kind
    /// Where the problem is: `line:column` for JSON syntax errors, a JSON pointer (`/gaps/2/kind`) otherwise.
    public let location: String
    /// What is wrong.
    public let message: String

    private init(kind: Kind, location: String, message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    /// The error of a decoding failure (package access: `CoverageBaseline` reads its files the same way).
    package init(_ failure: BaselineDecoding.Failure) {
        switch failure {
        case .syntax(let line, let column, let message): self = .syntax(line: line, column: column, message)
        case .content(let pointer, let message): self = .content(at: pointer, message)
        }
    }

    /// The file is not valid JSON.
    static func syntax(line: Int, column: Int, _ message: String) -> BaselineError {
        BaselineError(kind: .syntax, location: "\(line):\(column)", message: message)
    }

    /// The file is JSON, but not a baseline of the expected kind.
    static func content(at pointer: String, _ message: String) -> BaselineError {
        BaselineError(kind: .content, location: pointer.isEmpty ? "/" : pointer, message: message)
    }

    /// Whether the file is not valid JSON at all.
    public var isSyntaxError: Bool { kind == .syntax }

    /// `location: message`.
    public var description: String { "\(location): \(message)" }
}

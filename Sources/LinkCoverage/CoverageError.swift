/// Why a coverage question could not be answered.
///
/// ``tooComplex(states:)`` means the files need more automaton states than the engine allows itself (it stops
/// instead of running out of memory; only `aasa diff` and an Android pattern too complex to compile throw it: the
/// checks report what they found and name what they could not compare, see ``CoverageReport/notCompared``), and
/// ``witnessDidNotReproduce(_:)`` means the engine and the real matcher or
/// router disagree about a URL, which is a bug in LinkRouter worth reporting; neither depends on the user's input
/// being wrong. ``missingAppID`` means a check that compares files with an app was given no app ID to compare
/// with (the whole-app check, when the entitlements name none).
public struct CoverageError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Detail: Sendable, Hashable {
        case tooComplex(states: Int)
        case witnessDidNotReproduce(String)
        case missingAppID
        case unsupported(String)
    }

    private let detail: Detail

    private init(_ detail: Detail) {
        self.detail = detail
    }

    /// The patterns need more than `states` product states; the question was not answered.
    ///
    /// - Parameter states: the state budget that ran out.
    /// - Returns: the error.
    public static func tooComplex(states: Int) -> CoverageError { CoverageError(.tooComplex(states: states)) }

    /// An example URL the engine found does not show the gap when the real matcher and router run on it.
    ///
    /// - Parameter detail: the URL and what each side decided.
    /// - Returns: the error.
    public static func witnessDidNotReproduce(_ detail: String) -> CoverageError {
        CoverageError(.witnessDidNotReproduce(detail))
    }

    /// No app ID was given and the app's entitlements name none (no `application-identifier`): give it.
    public static var missingAppID: CoverageError { CoverageError(.missingAppID) }

    /// A part of the files the exact check does not model yet (the Android check: a dynamic rule's parameter name
    /// outside ASCII); the question was not answered rather than guessed.
    ///
    /// - Parameter detail: what it is, and where.
    /// - Returns: the error.
    public static func unsupported(_ detail: String) -> CoverageError { CoverageError(.unsupported(detail)) }

    /// The kind of a ``CoverageError``, without its detail.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        fileprivate enum Code: String, Sendable, Hashable {
            case tooComplex = "too-complex"
            case witnessDidNotReproduce = "witness-did-not-reproduce"
            case missingAppID = "missing-app-id"
            case unsupported
        }

        fileprivate let code: Code

        fileprivate init(_ code: Code) { self.code = code }

        /// The state budget ran out (``CoverageError/tooComplex(states:)``).
        public static let tooComplex = Self(.tooComplex)
        /// An example URL did not reproduce (``CoverageError/witnessDidNotReproduce(_:)``).
        public static let witnessDidNotReproduce = Self(.witnessDidNotReproduce)
        /// No app ID to check with (``CoverageError/missingAppID``).
        public static let missingAppID = Self(.missingAppID)
        /// A part of the files the check does not model (``CoverageError/unsupported(_:)``).
        public static let unsupported = Self(.unsupported)

        /// A stable machine-readable code: `too-complex`, `witness-did-not-reproduce`, `missing-app-id` or
        /// `unsupported`.
        public var identifier: String { code.rawValue }

        /// The ``identifier``.
        public var description: String { identifier }
    }

    /// The kind of problem: compare it with ``Kind``'s static members (`error.kind == .tooComplex`).
    public var kind: Kind {
        switch detail {
        case .tooComplex: return .tooComplex
        case .witnessDidNotReproduce: return .witnessDidNotReproduce
        case .missingAppID: return .missingAppID
        case .unsupported: return .unsupported
        }
    }

    /// A stable machine-readable code, such as `too-complex` (the kind's ``Kind/identifier``).
    public var identifier: String { kind.identifier }

    /// Whether the state budget ran out.
    @available(*, deprecated, message: "compare the kind: error.kind == .tooComplex")
    public var isTooComplex: Bool { kind == .tooComplex }

    /// A one-line explanation.
    public var description: String {
        switch detail {
        case .tooComplex(let states):
            return "the patterns are too complex to compare exactly (more than \(states) product states)"
        case .witnessDidNotReproduce(let detail):
            return "internal error, please report: an example URL did not reproduce: \(detail)"
        case .missingAppID:
            return "no app ID: the entitlements name no application-identifier; give the signed app's ID"
        case .unsupported(let detail):
            return "the exact check does not support \(detail) yet"
        }
    }
}

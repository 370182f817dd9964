/// Why a coverage question could not be answered.
///
/// Neither case depends on the user's input being wrong: ``tooComplex(states:)`` means the files need more
/// automaton states than the engine allows itself (it stops instead of running out of memory), and
/// ``witnessDidNotReproduce(_:)`` means the engine and the real matcher or router disagree about a URL,
/// which is a bug in LinkRouter worth reporting.
public struct CoverageError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case tooComplex(states: Int)
        case witnessDidNotReproduce(String)
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
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

    /// Whether the state budget ran out.
    public var isTooComplex: Bool {
        if case .tooComplex = kind { return true }
        return false
    }

    /// A one-line explanation.
    public var description: String {
        switch kind {
        case .tooComplex(let states):
            return "the patterns are too complex to compare exactly (more than \(states) product states)"
        case .witnessDidNotReproduce(let detail):
            return "internal error, please report: an example URL did not reproduce: \(detail)"
        }
    }
}

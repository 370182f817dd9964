/// Why an `--origin` or `--cdn` base URL is refused.
public struct AASAFetchError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Detail: Sendable, Hashable {
        case invalidBase(String, reason: String)
        case insecureBase(String)
    }

    private let detail: Detail

    private init(_ detail: Detail) {
        self.detail = detail
    }

    /// The base is not an absolute `https` (or loopback `http`) URL without user, query or fragment.
    ///
    /// - Parameters:
    ///   - base: The text given.
    ///   - reason: What is wrong with it.
    /// - Returns: The error.
    public static func invalidBase(_ base: String, reason: String) -> AASAFetchError {
        AASAFetchError(.invalidBase(base, reason: reason))
    }

    /// The base uses plain `http` for a host that is not a loopback address.
    ///
    /// - Parameter base: The text given.
    /// - Returns: The error.
    public static func insecureBase(_ base: String) -> AASAFetchError {
        AASAFetchError(.insecureBase(base))
    }

    /// The kind of an ``AASAFetchError``, without the base it is about.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        fileprivate enum Code: String, Sendable, Hashable {
            case invalidBase = "invalid-base"
            case insecureBase = "insecure-base"
        }

        fileprivate let code: Code

        fileprivate init(_ code: Code) { self.code = code }

        /// The base is not a usable URL (``AASAFetchError/invalidBase(_:reason:)``).
        public static let invalidBase = Self(.invalidBase)
        /// The base uses plain `http` for a host that is not a loopback address
        /// (``AASAFetchError/insecureBase(_:)``).
        public static let insecureBase = Self(.insecureBase)

        /// A stable machine-readable code: `invalid-base` or `insecure-base`.
        public var identifier: String { code.rawValue }

        /// The ``identifier``.
        public var description: String { identifier }
    }

    /// The kind of problem: compare it with ``Kind``'s static members (`error.kind == .insecureBase`).
    public var kind: Kind {
        switch detail {
        case .invalidBase: return .invalidBase
        case .insecureBase: return .insecureBase
        }
    }

    /// A stable machine-readable code, such as `insecure-base` (the kind's ``Kind/identifier``).
    public var identifier: String { kind.identifier }

    /// A one-line explanation.
    public var description: String {
        switch detail {
        case .invalidBase(let base, let reason):
            return "`\(base)` is not a base URL: \(reason)"
        case .insecureBase(let base):
            return "`\(base)` uses plain http, which is accepted only for loopback addresses "
                + "(127.0.0.0/8, [::1], localhost); iOS fetches the file over https"
        }
    }
}

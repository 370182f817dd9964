/// Why an `--origin` or `--cdn` base URL is refused.
public struct AASAFetchError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case invalidBase(String, reason: String)
        case insecureBase(String)
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
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

    /// A one-line explanation.
    public var description: String {
        switch kind {
        case .invalidBase(let base, let reason):
            return "`\(base)` is not a base URL: \(reason)"
        case .insecureBase(let base):
            return "`\(base)` uses plain http, which is accepted only for loopback addresses "
                + "(127.0.0.0/8, [::1], localhost); iOS fetches the file over https"
        }
    }
}

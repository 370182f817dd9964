import RichMediaKitSupport

/// One entry of the app's Associated Domains entitlement, such as `applinks:example.com` or
/// `applinks:*.example.com`.
///
/// A wildcard entry covers every subdomain of its base host (at any depth) but not the base host itself, as on
/// iOS. Hosts are compared exactly after ASCII lowercasing: never by substring, no IDNA conversion, and a
/// trailing dot is not folded away (`example.com.` is a different host).
public struct AssociatedDomain: Sendable, Hashable, CustomStringConvertible {
    /// The lowercased host, without the `*.` of a wildcard entry.
    public let host: String
    /// Whether the entry is `*.host`, covering subdomains of ``host`` but not ``host`` itself.
    public let isWildcard: Bool

    /// Parses an entitlement entry.
    ///
    /// Accepts `applinks:host`, `applinks:*.host`, the same without the `applinks:` prefix, and an optional
    /// `?mode=developer` / `?mode=managed` suffix (ignored here: it only changes how iOS fetches the AASA file).
    ///
    /// <!-- snippet: AssociatedDomainDocExample -->
    /// ```swift
    /// let domain = try AssociatedDomain(entry: "applinks:*.example.com")
    /// print(domain.covers(host: "shop.example.com"))  // true
    /// print(domain.covers(host: "example.com"))       // false
    /// ```
    /// - Parameter entry: The entitlement entry.
    /// - Throws: ``RouteConfigurationError`` when the entry is not an applinks entry or not a host name.
    public init(entry: String) throws(RouteConfigurationError) {
        var text = Substring(entry)
        if let question = text.firstIndex(of: "?") {
            let mode = text[question...]
            guard mode == "?mode=developer" || mode == "?mode=managed" || mode == "?mode=developer+managed" else {
                throw .invalidAssociatedDomain(entry, "unknown suffix `\(mode)`")
            }
            text = text[..<question]
        }
        if let colon = text.firstIndex(of: ":") {
            guard text[..<colon] == "applinks" else {
                throw .invalidAssociatedDomain(entry, "only `applinks:` entries are associated domains for links")
            }
            text = text[text.index(after: colon)...]
        }
        var wildcard = false
        if text.hasPrefix("*.") {
            wildcard = true
            text = text.dropFirst(2)
        }
        let host = RouteBytes.asciiLowercased(text)
        if let problem = Self.hostProblem(Substring(host)) { throw .invalidAssociatedDomain(entry, problem) }
        self.host = host
        self.isWildcard = wildcard
    }

    /// Checks a domain that serves an apple-app-site-association file, in the form `AASAMatcher` and
    /// `CoverageChecker` take it: a host name, by the same rule as an entry's host, optionally followed by
    /// `:port` (a number from 1 to 65535).
    ///
    /// A URL (`https://example.com`), a path (`example.com/app`), a trailing slash or dot, whitespace, a wildcard
    /// or an `applinks:` prefix is refused, so that a mistyped domain is an error rather than a silent `no_match`
    /// for every URL.
    ///
    /// <!-- snippet: ServingDomainDocExample -->
    /// ```swift
    /// try AssociatedDomain.validateServingDomain("example.com:8443")     // fine
    /// try AssociatedDomain.validateServingDomain("https://example.com")  // throws
    /// ```
    /// - Parameter domain: The domain, such as `example.com` or `example.com:8443`.
    /// - Throws: ``RouteConfigurationError`` (identifier `invalid-associated-domain`) saying what is wrong.
    /// - Complexity: O(*n*) in the length of `domain`.
    public static func validateServingDomain(_ domain: String) throws(RouteConfigurationError) {
        let text = Substring(domain)
        if text.contains("://") {
            throw .invalidAssociatedDomain(domain, "a URL, not a host name")
        }
        if text.contains("/") {
            throw .invalidAssociatedDomain(domain, "a host name has no `/` (no path, no trailing slash)")
        }
        if text.unicodeScalars.contains(where: { $0.properties.isWhitespace }) {
            throw .invalidAssociatedDomain(domain, "a host name has no whitespace")
        }
        var host = text
        if let colon = text.firstIndex(of: ":") {
            host = text[..<colon]
            let port = text[text.index(after: colon)...]
            guard !port.isEmpty, port.utf8.allSatisfy(RouteBytes.isDigit), port.count <= 5, let number = Int(port),
                (1...65535).contains(number)
            else {
                throw .invalidAssociatedDomain(domain, "the port `\(port)` is not a number from 1 to 65535")
            }
        }
        if let problem = hostProblem(host) { throw .invalidAssociatedDomain(domain, problem) }
    }

    /// Why `host` is not a host name, or `nil` (the package's one rule: `HostNames`).
    private static func hostProblem(_ host: Substring) -> String? {
        HostNames.problem(host)
    }

    /// Whether this entry covers `host` (compared after ASCII lowercasing).
    ///
    /// - Parameter host: A host name, as a URL parser reports it.
    /// - Returns: `true` for an exact match of a plain entry, or a proper subdomain of a wildcard entry.
    /// - Complexity: O(*n*) in the length of `host`.
    public func covers(host: String) -> Bool {
        let lowered = host.utf8.map(RouteBytes.asciiLower)
        let base = Array(self.host.utf8)
        guard isWildcard else { return lowered == base }
        // At least one non-empty label, a dot, then the base host (compared as bytes).
        return lowered.count > base.count + 1 && lowered.first != UInt8(ascii: ".")
            && lowered[lowered.count - base.count - 1] == UInt8(ascii: ".")
            && lowered.suffix(base.count).elementsEqual(base)
    }

    /// The entry as written in an entitlement: `applinks:host` or `applinks:*.host`.
    public var description: String {
        "applinks:" + (isWildcard ? "*." : "") + host
    }
}

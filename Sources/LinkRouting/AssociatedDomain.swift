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
    /// ```swift
    /// let domain = try AssociatedDomain(entry: "applinks:*.example.com")
    /// domain.covers(host: "shop.example.com")  // true
    /// domain.covers(host: "example.com")       // false
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
        let host = text.lowercased()
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard !host.isEmpty, labels.allSatisfy({ !$0.isEmpty }) else {
            throw .invalidAssociatedDomain(entry, "`\(host)` is not a host name (empty label)")
        }
        let valid = host.utf8.allSatisfy {
            RouteBytes.isAlpha($0) || RouteBytes.isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
                || $0 >= 0x80
        }
        guard valid else {
            throw .invalidAssociatedDomain(entry, "`\(host)` is not a host name (no ports, paths or wildcards inside)")
        }
        self.host = host
        self.isWildcard = wildcard
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

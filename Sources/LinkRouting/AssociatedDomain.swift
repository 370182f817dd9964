import RichMediaKitSupport

/// One entry of the app's Associated Domains entitlement, such as `applinks:example.com`,
/// `applinks:*.example.com` or `webcredentials:example.com?mode=developer`: the package's one entry type, used by
/// the routes file's `associatedDomains`, `app lint`, the whole-app check and `doctor`.
///
/// An entry is `service:host` with an optional `*.` before the host and an optional `?mode=` suffix. A wildcard
/// entry covers every subdomain of its base host (at any depth) but not the base host itself, as on iOS. Hosts are
/// compared exactly after ASCII lowercasing: never by substring, no IDNA conversion, and a trailing dot is not
/// folded away (`example.com.` is a different host).
///
/// Two ways to read an entry, one parser: ``init(entry:)`` accepts only what a routes file may name (an `applinks`
/// entry, with or without its `applinks:` prefix) and throws on anything else; ``init(parsing:)`` takes any entry
/// apart leniently, keeping a URL scheme, a path or a port where only a host belongs in ``scheme``, ``path`` and
/// ``port``, so that a lint can name every mistake. Only a well-formed entry (``isWellFormed``) covers a host.
public struct AssociatedDomain: Sendable, Hashable, CustomStringConvertible {
    /// The lowercased host, without the `*.` of a wildcard entry, a scheme, a port, a path or the mode (empty when
    /// the entry names none).
    public let host: String
    /// Whether the entry is `*.host`, covering subdomains of ``host`` but not ``host`` itself.
    public let isWildcard: Bool
    /// The service before the first `:` (empty when the entry has no `:`); ``init(entry:)`` gives `applinks` also
    /// to an entry written without it.
    public let service: Service
    /// The `?mode=` suffix, if any: how iOS fetches the domain's file (see ``Mode``).
    public let mode: Mode?
    /// A URL scheme written before the host (`applinks:https://example.com`), which does not belong there.
    public let scheme: String?
    /// A path after the host (`/app`), which does not belong there.
    public let path: String?
    /// A port after the host (`8443`), which does not belong there.
    public let port: String?

    /// Parses a routes file's entry: an `applinks` entry.
    ///
    /// Accepts `applinks:host`, `applinks:*.host`, the same without the `applinks:` prefix, and an optional
    /// `?mode=developer`, `?mode=managed` or `?mode=developer+managed` suffix (kept in ``mode``: it only changes
    /// how iOS fetches the AASA file).
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
        // The checks throw from a static function, and the initializer only assigns: a typed-throws initializer
        // throwing itself handed its caller a corrupt error at run time (Swift 6.3.1 on Linux, debug builds).
        self = try Self.strictlyParsed(entry)
    }

    /// The routes file's reading of `entry`: the one parser's parts, checked in the order the errors have always
    /// been reported (the mode suffix, the service, the host).
    private static func strictlyParsed(_ entry: String) throws(RouteConfigurationError) -> AssociatedDomain {
        let parts = Parts(entry)
        if let question = entry.firstIndex(of: "?") {
            let suffix = entry[question...]
            guard suffix == "?mode=developer" || suffix == "?mode=managed" || suffix == "?mode=developer+managed" else {
                throw .invalidAssociatedDomain(entry, "unknown suffix `\(suffix)`")
            }
        }
        // A `:` left in the authority means one before which a `/` came: a service as far as a routes file goes.
        guard parts.service.isEmpty ? !parts.authority.contains(":") : parts.service == "applinks" else {
            throw .invalidAssociatedDomain(entry, "only `applinks:` entries are associated domains for links")
        }
        var text = parts.authority
        if text.hasPrefix("*.") { text = text.dropFirst(2) }
        if let problem = HostNames.problem(URLBytes.asciiLowercased(text)) {
            throw .invalidAssociatedDomain(entry, problem)
        }
        return AssociatedDomain(parts, service: .applinks, hasHost: true)
    }

    /// Takes any entry apart, leniently: it never fails, and keeps each mistake for the caller to name.
    ///
    /// ```
    /// applinks:https://example.com/app?mode=dev  ->  service applinks, scheme https, host example.com,
    ///                                                path /app, mode dev (not a known mode)
    /// ```
    ///
    /// - Parameter entry: The entry as written (after build variables are resolved).
    public init(parsing entry: String) {
        self.init(Parts(entry), service: nil, hasHost: true)
    }

    /// An entry whose text could not be resolved (a build variable without a value): taken apart as written,
    /// with no host, so that it covers nothing.
    ///
    /// - Parameters:
    ///   - entry: The entry as written.
    ///   - hasHost: Whether the entry's host is known; when not, ``host`` is empty.
    package init(parsing entry: String, hasHost: Bool) {
        self.init(Parts(entry), service: nil, hasHost: hasHost)
    }

    private init(_ parts: Parts, service: Service?, hasHost: Bool) {
        self.service =
            parts.service.isEmpty ? (service ?? Service(rawValue: "")) : Service(rawValue: String(parts.service))
        self.mode = parts.mode
        self.scheme = parts.scheme.map(String.init)
        self.path = parts.path.map(String.init)
        self.port = parts.port.map(String.init)
        self.isWildcard = parts.isWildcard
        self.host = hasHost ? URLBytes.asciiLowercased(parts.host) : ""
    }

    /// An entry's pieces, as the one parser finds them.
    private struct Parts {
        /// The text before the first `:` when no `/` comes before it.
        var service: Substring = ""
        /// The text after the service, up to the `?`.
        var authority: Substring
        var mode: Mode?
        var scheme: Substring?
        var path: Substring?
        var port: Substring?
        var isWildcard = false
        var host: Substring

        init(_ entry: String) {
            var rest = Substring(entry)
            if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains("/") {
                service = rest[..<colon]
                rest = rest[rest.index(after: colon)...]
            }
            if let question = rest.firstIndex(of: "?") {
                let query = rest[rest.index(after: question)...]
                mode = Mode(rawValue: String(query.hasPrefix("mode=") ? query.dropFirst(5) : query))
                rest = rest[..<question]
            }
            authority = rest
            if let separator = rest.firstRange(of: "://") {
                scheme = rest[..<separator.lowerBound]
                rest = rest[separator.upperBound...]
            } else if rest.hasPrefix("//") {
                scheme = ""
                rest = rest.dropFirst(2)
            }
            if let slash = rest.firstIndex(of: "/") {
                path = rest[slash...]
                rest = rest[..<slash]
            }
            if let colon = rest.lastIndex(of: ":") {
                port = rest[rest.index(after: colon)...]
                rest = rest[..<colon]
            }
            if rest.hasPrefix("*.") {
                isWildcard = true
                rest = rest.dropFirst(2)
            }
            host = rest
        }
    }

    /// Whether the entry is one iOS accepts: a known service, a valid host name, no scheme, path or port, and a
    /// known mode if any. Every entry ``init(entry:)`` returns is well-formed.
    public var isWellFormed: Bool {
        service.isKnown && scheme == nil && path == nil && port == nil && HostNames.problem(host) == nil
            && (mode?.isKnown ?? true)
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

    /// Whether this entry covers `host`: a well-formed entry whose host equals it (after ASCII lowercasing), or,
    /// for `*.host`, a proper subdomain of it at any depth.
    ///
    /// The entry's service and mode are not considered: filter by ``service`` first, and see ``mode`` for whether
    /// iOS uses the entry on a given device.
    ///
    /// - Parameter host: A host name, as a URL parser reports it.
    /// - Returns: `true` for an exact match of a plain entry, or a proper subdomain of a wildcard entry.
    /// - Complexity: O(*n*) in the length of `host`.
    public func covers(host: String) -> Bool {
        guard isWellFormed else { return false }
        let lowered = host.utf8.map(RouteBytes.asciiLower)
        let base = Array(self.host.utf8)
        guard isWildcard else { return lowered == base }
        // At least one non-empty label, a dot, then the base host (compared as bytes).
        return lowered.count > base.count + 1 && lowered.first != UInt8(ascii: ".")
            && lowered[lowered.count - base.count - 1] == UInt8(ascii: ".")
            && lowered.suffix(base.count).elementsEqual(base)
    }

    /// The entry's service and host as an entitlement names them: `applinks:host` or `applinks:*.host` (the mode,
    /// a scheme, a path or a port are left out).
    public var description: String {
        (service.rawValue.isEmpty ? "" : service.rawValue + ":") + (isWildcard ? "*." : "") + host
    }
}

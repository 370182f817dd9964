import RichMediaKitSupport

extension AssociatedDomain {
    /// Why iOS ignores an entitlement entry: the one list `app lint`, the whole-app check and `doctor` read, so that
    /// the three agree on every entry (package access; the lint turns each into its diagnostic).
    package enum Problem: Sendable, Hashable {
        /// The service is missing or not one iOS knows (`applink:`).
        case unknownService
        /// A URL scheme before the host.
        case scheme(String)
        /// A path after the host.
        case path(String)
        /// A port after the host: Apple's format has none.
        case port(String)
        /// No host at all.
        case emptyHost
        /// The host is not a host name (`HostNames`' message).
        case invalidHost(String)
        /// The host is not ASCII: iOS compares the punycode form, so the entry matches no URL.
        case nonASCIIHost
        /// The host can never serve the site's file: an IP address, a single label or a special-use name
        /// (`HostClaims`, its error kinds).
        case unservableHost(HostClaims.Finding)
        /// A `?mode=` iOS does not know.
        case unknownMode(Mode)
    }

    /// Why iOS ignores this entry as an entitlement entry, in the order the lint reports them; empty when the entry
    /// claims its host (for its service).
    ///
    /// An entry read from the entitlements claims nothing when it is not ``isWellFormed`` or when its host is one
    /// Apple's CDN can never fetch a file from (an IP address, `localhost`, RFC 6761's `.test`, `.invalid`,
    /// `.localhost`, `.example`, ...). The routes file's own entries are not judged by the host rules: a test's
    /// routes may well bind `localhost`.
    package var problems: [Problem] {
        var problems: [Problem] = []
        if !service.isKnown { problems.append(.unknownService) }
        if let scheme { problems.append(.scheme(scheme)) }
        if let path { problems.append(.path(path)) }
        // An IPv6 address (`[::1]`, `fe80::1`) is taken apart as a host and a port: it is one address.
        let address = port.map { host + ":" + $0 } ?? host
        if address.hasPrefix("[") || address.utf8.filter({ $0 == UInt8(ascii: ":") }).count > 1,
            let finding = HostClaims.finding(for: address)
        {
            problems.append(.unservableHost(finding))
        } else {
            if let port { problems.append(.port(port)) }
            if host.isEmpty {
                problems.append(.emptyHost)
            } else if let problem = HostNames.problem(host) {
                problems.append(.invalidHost(problem))
            } else if !host.allSatisfy(\.isASCII) {
                problems.append(.nonASCIIHost)
            } else if let finding = HostClaims.finding(for: host), finding.severity == .error {
                problems.append(.unservableHost(finding))
            }
        }
        if let mode, !mode.isKnown { problems.append(.unknownMode(mode)) }
        return problems
    }

    /// Whether this entitlement entry claims `host` for `service`: the one rule `link-router app lint`, `check
    /// --entitlements` and `doctor` share.
    ///
    /// The entry must be of `service`, have no problem iOS ignores it for (a scheme, a path, a port, an unknown
    /// service or mode, a host that is not a public ASCII host name, such as an IP address, `localhost` or a `.test`
    /// name), and cover `host` (``covers(host:)``: the host itself, or for `*.base` a proper subdomain of `base`).
    /// The mode does not matter here: a `?mode=developer` entry claims its host on devices in developer mode only
    /// (see ``Mode``).
    ///
    /// <!-- snippet: AssociatedDomainClaimsDocExample -->
    /// ```swift
    /// let entry = AssociatedDomain(parsing: "webcredentials:example.com")
    /// print(entry.claims("example.com", for: .webcredentials))  // true
    /// print(entry.claims("example.com", for: .applinks))        // false
    /// print(AssociatedDomain(parsing: "applinks:localhost").claims("localhost", for: .applinks))  // false
    /// ```
    /// - Parameters:
    ///   - host: A host name, as a URL parser reports it.
    ///   - service: The service, such as ``Service/applinks``.
    /// - Returns: Whether iOS uses this entry for `host` and `service`.
    /// - Complexity: O(*n*) in the length of the entry and `host`.
    public func claims(_ host: String, for service: Service) -> Bool {
        self.service == service && claimsItsHost && covers(host: host)
    }

    /// Whether iOS uses this entitlement entry at all (``claims(_:for:)`` for some host): nothing in it makes iOS
    /// ignore it (an unknown service, a scheme, a path, a port, a host that can serve no file).
    public var claimsItsHost: Bool { problems.isEmpty }

    /// The entry's identity in the entitlement: its service, wildcard, host and mode (`applinks:x` and
    /// `applinks:x?mode=developer` are two entries, not a duplicate).
    package var identity: String {
        service.rawValue.lowercased() + ":" + (isWildcard ? "*." : "") + host + (mode.map { "?mode=\($0)" } ?? "")
    }
}

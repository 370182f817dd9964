import LinkRouting

extension AppLinkConfiguration {
    /// An Associated Domains service: now `AssociatedDomain.Service`, the one entry type's.
    @available(*, deprecated, renamed: "AssociatedDomain.Service")
    public typealias Service = AssociatedDomain.Service

    /// An entry's `?mode=` suffix: now `AssociatedDomain.Mode`, the one entry type's.
    @available(*, deprecated, renamed: "AssociatedDomain.Mode")
    public typealias Mode = AssociatedDomain.Mode

    /// One entry of `com.apple.developer.associated-domains` in the entitlements file, such as
    /// `applinks:*.example.com?mode=developer`: the entry (``domain``, the package's one entry type
    /// `AssociatedDomain`, taken apart leniently so that the lint can name every mistake) and where it is.
    ///
    /// Only an entry iOS uses (`AssociatedDomain.claimsItsHost`: well-formed, and a host that can serve the site's
    /// file) claims anything; `AssociatedDomain.claims(_:for:)` is the one rule.
    public struct DomainEntry: Sendable, Hashable, CustomStringConvertible {
        /// The entry as written and resolved.
        public var setting: Setting
        /// Its index in the Associated Domains array.
        public var index: Int
        /// The entry taken apart (`AssociatedDomain(parsing:)` of the resolved text); an entry with an unresolved
        /// build variable has no host, and covers nothing.
        public var domain: AssociatedDomain

        /// Takes an entry apart.
        ///
        /// - Parameters:
        ///   - setting: The entry as written and resolved.
        ///   - index: Its index in the Associated Domains array.
        public init(setting: Setting, index: Int) {
            self.setting = setting
            self.index = index
            self.domain = AssociatedDomain(parsing: setting.value ?? setting.written, hasHost: setting.value != nil)
        }

        /// Where the entry is.
        public var location: Location { setting.location }

        /// The entry as written.
        public var description: String { setting.written }
    }
}

extension AppLinkConfiguration.DomainEntry {
    /// The service before the first `:` (empty when the entry has no `:`).
    @available(*, deprecated, renamed: "domain.service")
    public var service: AssociatedDomain.Service { domain.service }
    /// The host, ASCII-lowercased (empty when the entry has none, or uses an unresolved build variable).
    @available(*, deprecated, renamed: "domain.host")
    public var host: String { domain.host }
    /// Whether the entry is `*.host`.
    @available(*, deprecated, renamed: "domain.isWildcard")
    public var isWildcard: Bool { domain.isWildcard }
    /// The `?mode=` suffix, if any.
    @available(*, deprecated, renamed: "domain.mode")
    public var mode: AssociatedDomain.Mode? { domain.mode }
    /// A URL scheme written before the host.
    @available(*, deprecated, renamed: "domain.scheme")
    public var scheme: String? { domain.scheme }
    /// A path after the host.
    @available(*, deprecated, renamed: "domain.path")
    public var path: String? { domain.path }
    /// A port after the host.
    @available(*, deprecated, renamed: "domain.port")
    public var port: String? { domain.port }
    /// Whether the entry is one iOS accepts.
    @available(*, deprecated, renamed: "domain.isWellFormed")
    public var isWellFormed: Bool { domain.isWellFormed }

    /// Whether this entry covers `host`.
    ///
    /// - Parameter other: A host name, as a URL parser reports it.
    /// - Returns: Whether the entry claims the host.
    @available(*, deprecated, renamed: "domain.covers(host:)")
    public func covers(host other: String) -> Bool { domain.covers(host: other) }
}

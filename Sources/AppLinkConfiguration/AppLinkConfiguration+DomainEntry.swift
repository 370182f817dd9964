import RichMediaKitSupport

extension AppLinkConfiguration {
    /// An Associated Domains service, the part of an entry before its first `:`.
    public struct Service: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The service's text, such as `applinks`.
        public var rawValue: String

        /// Creates a service from its text.
        ///
        /// - Parameter rawValue: The text.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Universal links.
        public static let applinks = Self(rawValue: "applinks")
        /// Shared web credentials (password autofill).
        public static let webcredentials = Self(rawValue: "webcredentials")
        /// App Clips invoked by the domain's URLs.
        public static let appclips = Self(rawValue: "appclips")
        /// Handoff between the app and the website.
        public static let activitycontinuation = Self(rawValue: "activitycontinuation")
        /// The services iOS knows, in the order above.
        public static let known: [Self] = [.applinks, .webcredentials, .appclips, .activitycontinuation]

        /// Whether iOS knows the service.
        public var isKnown: Bool { Self.known.contains(self) }
        /// The text.
        public var description: String { rawValue }
    }

    /// An entry's `?mode=` suffix: how iOS fetches the domain's file.
    public struct Mode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The text after `mode=` (or the whole query when it does not start with `mode=`).
        public var rawValue: String

        /// Creates a mode from its text.
        ///
        /// - Parameter rawValue: The text.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// `?mode=developer`: on devices in developer mode, iOS fetches the file from the origin, not Apple's CDN.
        public static let developer = Self(rawValue: "developer")
        /// `?mode=managed`: only on devices whose MDM profile allows the domain (enterprise apps).
        public static let managed = Self(rawValue: "managed")
        /// `?mode=developer+managed`: both.
        public static let developerAndManaged = Self(rawValue: "developer+managed")

        /// Whether iOS knows the mode.
        public var isKnown: Bool { [.developer, .managed, .developerAndManaged].contains(self) }
        /// Whether the mode includes developer mode.
        public var includesDeveloper: Bool { self == .developer || self == .developerAndManaged }
        /// Whether the mode includes managed mode.
        public var includesManaged: Bool { self == .managed || self == .developerAndManaged }
        /// The text.
        public var description: String { rawValue }
    }

    /// One entry of `com.apple.developer.associated-domains`, such as `applinks:*.example.com?mode=developer`.
    ///
    /// The entry is taken apart leniently, so that the lint can name every mistake: a URL scheme, a path or a
    /// port where only a host belongs are kept in ``scheme``, ``path`` and ``port``. Only a well-formed entry
    /// (``isWellFormed``) claims anything.
    public struct DomainEntry: Sendable, Hashable, CustomStringConvertible {
        /// The entry as written and resolved.
        public var setting: Setting
        /// Its index in the Associated Domains array.
        public var index: Int
        /// The service before the first `:` (empty when the entry has no `:`).
        public var service: Service
        /// The host, ASCII-lowercased, without `*.`, a scheme, a port, a path or the mode (empty when the entry
        /// has none, or uses an unresolved build variable).
        public var host: String
        /// Whether the entry is `*.host`: every subdomain of ``host``, but not ``host`` itself.
        public var isWildcard: Bool
        /// The `?mode=` suffix, if any.
        public var mode: Mode?
        /// A URL scheme written before the host (`applinks:https://example.com`), which does not belong there.
        public var scheme: String?
        /// A path after the host (`/app`), which does not belong there.
        public var path: String?
        /// A port after the host (`8443`), which does not belong there.
        public var port: String?

        /// Takes an entry apart.
        ///
        /// - Parameters:
        ///   - setting: The entry as written and resolved.
        ///   - index: Its index in the Associated Domains array.
        public init(setting: Setting, index: Int) {
            self.setting = setting
            self.index = index
            var rest = Substring(setting.value ?? setting.written)
            var service = Substring("")
            if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains("/") {
                service = rest[..<colon]
                rest = rest[rest.index(after: colon)...]
            }
            self.service = Service(rawValue: String(service))
            if let question = rest.firstIndex(of: "?") {
                let query = rest[rest.index(after: question)...]
                self.mode = Mode(rawValue: String(query.hasPrefix("mode=") ? query.dropFirst(5) : query))
                rest = rest[..<question]
            }
            if let separator = rest.firstRange(of: "://") {
                scheme = String(rest[..<separator.lowerBound])
                rest = rest[separator.upperBound...]
            } else if rest.hasPrefix("//") {
                scheme = ""
                rest = rest.dropFirst(2)
            }
            if let slash = rest.firstIndex(of: "/") {
                path = String(rest[slash...])
                rest = rest[..<slash]
            }
            if let colon = rest.lastIndex(of: ":") {
                port = String(rest[rest.index(after: colon)...])
                rest = rest[..<colon]
            }
            if rest.hasPrefix("*.") {
                isWildcard = true
                rest = rest.dropFirst(2)
            } else {
                isWildcard = false
            }
            host = setting.value == nil ? "" : URLBytes.asciiLowercased(rest)
        }

        /// Where the entry is.
        public var location: Location { setting.location }

        /// Whether the entry is one iOS accepts: a known service, a resolved value, a valid host name, no scheme,
        /// path or port, and a known mode if any.
        public var isWellFormed: Bool {
            service.isKnown && setting.value != nil && scheme == nil && path == nil && port == nil
                && HostNames.problem(host) == nil && (mode?.isKnown ?? true)
        }

        /// Whether this entry covers `host`: a well-formed entry whose host equals it (after ASCII lowercasing),
        /// or, for `*.host`, a proper subdomain of it at any depth.
        ///
        /// The entry's service and mode are not considered: filter by ``service`` first, and see ``mode`` for
        /// whether iOS uses the entry on a given device.
        ///
        /// - Parameter other: A host name, as a URL parser reports it.
        /// - Returns: Whether the entry claims the host.
        /// - Complexity: O(*n*) in the length of `host`.
        public func covers(host other: String) -> Bool {
            guard isWellFormed else { return false }
            let lowered = URLBytes.asciiLowercased(other)
            guard isWildcard else { return lowered == host }
            let suffix = Array(("." + host).utf8)
            return lowered.utf8.count > suffix.count && lowered.utf8.first != UInt8(ascii: ".")
                && lowered.utf8.suffix(suffix.count).elementsEqual(suffix)
        }

        /// The entry as written.
        public var description: String { setting.written }
    }
}

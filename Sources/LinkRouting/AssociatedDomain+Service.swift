extension AssociatedDomain {
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
}

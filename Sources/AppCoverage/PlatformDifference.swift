import FileLocations

/// A URL a route handles that opens the app on one platform and not on the other (the "works on iPhone only" bug),
/// found by ``PlatformsCoverageChecker``: one shortest example per host, route and what blocks it on the platform
/// that does not open it.
public struct PlatformDifference: Sendable, Hashable {
    /// What differs: which platform opens the URL. New kinds may be added.
    public struct Kind: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// The kind's code, as JSON, SARIF and baselines write it.
        public var rawValue: String

        /// A kind from its code.
        ///
        /// - Parameter rawValue: The code, such as `opens-only-on-ios`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// iOS opens the URL in the app, and Android opens the browser.
        public static let opensOnlyOnIOS = Kind(rawValue: "opens-only-on-ios")
        /// Android opens the URL in the app, and iOS opens Safari.
        public static let opensOnlyOnAndroid = Kind(rawValue: "opens-only-on-android")

        /// The check reached its limit before it finished comparing the route on the host: differences it is part of
        /// may be missing (the differences reported are exact); it has no example.
        public static let notCompared = Kind(rawValue: "not-compared")

        /// The kinds known to this version, in report order.
        public static let known: [Kind] = [.opensOnlyOnIOS, .opensOnlyOnAndroid, .notCompared]

        /// The code.
        public var description: String { rawValue }
    }

    /// What blocks a URL on the platform that does not open it, as the code JSON, SARIF and baselines write. New
    /// reasons may be added: a report from a newer version may carry a reason this version does not list in
    /// ``known`` (it decodes: a reason is `Codable` as its code, any string).
    ///
    /// A string literal is a reason (`difference.reason == "excluded"` compiles, as it did when ``reason`` was a
    /// `String`).
    public struct Reason: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible,
        ExpressibleByStringLiteral
    {
        /// The reason's code, as JSON, SARIF and baselines write it.
        public var rawValue: String

        /// A reason from its code.
        ///
        /// - Parameter rawValue: The code, such as `no-filter`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// A reason from its code written as a literal.
        ///
        /// - Parameter value: The code, such as `"no-filter"`.
        public init(stringLiteral value: String) {
            self.init(rawValue: value)
        }

        /// Android: no intent filter of the app accepts the URL.
        public static let noFilter = Reason(rawValue: "no-filter")
        /// Android: the site's `assetlinks.json` does not verify the app, so its filters open the browser.
        public static let notVerified = Reason(rawValue: "not-verified")
        /// Android: a dynamic rule of `assetlinks.json` excludes the URL (or none matches it); iOS: an exclude rule
        /// of the AASA file blocks it.
        public static let excluded = Reason(rawValue: "excluded")
        /// Nothing claims the host: no verified intent filter (Android), no applinks entry of the entitlements
        /// (iOS).
        public static let notClaimed = Reason(rawValue: "not-claimed")
        /// iOS: no AASA rule for the app matches the URL.
        public static let noRule = Reason(rawValue: "no-rule")
        /// iOS: the site's AASA file does not name the app's ID.
        public static let appIDNotListed = Reason(rawValue: "app-id-not-listed")
        /// The check reached its limit before it finished comparing (the reason of ``Kind/notCompared``).
        public static let limit = Reason(rawValue: "limit")

        /// The reasons known to this version.
        public static let known: [Reason] = [
            .noFilter, .notVerified, .excluded, .notClaimed, .noRule, .appIDNotListed, .limit,
        ]

        /// The code.
        public var description: String { rawValue }

    }

    /// Which platform opens the URL.
    public var kind: Kind
    /// The host (https, lower case).
    public var host: String
    /// The route that handles the URL.
    public var route: String
    /// A shortest URL that shows the difference; it reproduces with `link-router route`, `aasa match` and
    /// `assetlinks match`.
    public var example: String
    /// What blocks the URL on the platform that does not open it: on Android ``Reason/noFilter`` (no intent
    /// filter accepts it), ``Reason/notVerified``, ``Reason/excluded`` (a dynamic rule) or ``Reason/notClaimed``
    /// (no verified filter claims the host); on iOS ``Reason/excluded`` (an exclude rule), ``Reason/noRule`` (no
    /// rule for the app matches), ``Reason/appIDNotListed`` or ``Reason/notClaimed`` (no applinks entry claims the
    /// host); ``Reason/limit`` for ``Kind/notCompared``.
    public var reason: Reason
    /// The JSON pointer of the rule that blocks the URL (an AASA exclude rule, or a dynamic rule), if one does.
    public var rule: String?
    /// The sentence shown to the user.
    public var message: String
    /// Where the blocking is: the AASA rule or file, the entitlements, the intent filter or manifest, the
    /// dynamic rule or `assetlinks.json`.
    public var place: LocatedFinding.Place
    /// The route in the routes file.
    public var counterpart: LocatedFinding.Place?
    /// The content of the blocking rule, when the checker found the difference: how a baseline identifies the rule
    /// (not its pointer).
    package var ruleText: String?

    /// Creates a difference.
    ///
    /// - Parameters:
    ///   - kind: Which platform opens the URL.
    ///   - host: The host.
    ///   - route: The route's name.
    ///   - example: A shortest example URL.
    ///   - reason: What blocks it on the other platform (see ``reason``).
    ///   - rule: The blocking rule's JSON pointer, if any.
    ///   - message: The sentence shown.
    ///   - place: Where the blocking is.
    ///   - counterpart: The route's place.
    public init(
        kind: Kind, host: String, route: String, example: String, reason: Reason, rule: String? = nil,
        message: String, place: LocatedFinding.Place, counterpart: LocatedFinding.Place? = nil
    ) {
        self.kind = kind
        self.host = host
        self.route = route
        self.example = example
        self.reason = reason
        self.rule = rule
        self.message = message
        self.place = place
        self.counterpart = counterpart
    }
}

extension PlatformDifference: Encodable {
    private enum CodingKeys: String, PlaceCodingKey {
        case kind, file, pointer, line, column, host, route, reason, rule, example, message, also
    }

    /// Encodes `{"kind", "file", "pointer", "line", "column", "host", "route", "reason", "rule", "example",
    /// "message", "also"}` (`also`: the route's place).
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encodePlace(file: place.file.rawValue, location: place.location)
        try container.encode([
            .host: host, .route: route, .reason: reason, .rule: rule, .example: example, .message: message,
        ])
        if let counterpart {
            try container.encodePlace(file: counterpart.file.rawValue, location: counterpart.location, forKey: .also)
        }
    }
}

import FileLocations

/// What iOS decides for one URL, serving domain and app ID, and why.
public struct AASAMatch: Sendable, Equatable {
    /// The three possible answers.
    ///
    /// Closed: iOS has these three answers for a URL; no case will be added.
    public enum Decision: String, Sendable, Equatable {
        /// The app opens.
        case match
        /// An `exclude` rule (or `NOT ` path) blocks the URL; Safari opens.
        case exclude
        /// No rule matched (or the URL is not a universal link for the domain).
        case noMatch = "no_match"
    }

    /// The decision.
    public var decision: Decision
    /// The JSON pointer of the deciding rule (e.g. `/applinks/details/0/components/1`), or nil.
    public var rule: String?
    /// Why: compare it with ``Reason``'s static members, show its ``Reason/description`` (one sentence) to people,
    /// or use its ``Reason/identifier`` as a stable machine-readable code.
    public var reason: Reason
    /// With explanation: every rule tried, in order, and how it fared; otherwise empty.
    public var trials: [AASARuleTrial]

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - decision: The decision.
    ///   - rule: The deciding rule's pointer.
    ///   - reason: Why.
    ///   - trials: The rules tried.
    public init(decision: Decision, rule: String?, reason: Reason, trials: [AASARuleTrial] = []) {
        self.decision = decision
        self.rule = rule
        self.reason = reason
        self.trials = trials
    }

    /// Creates a result with a reason given as text (``Reason/other(_:)``).
    ///
    /// - Parameters:
    ///   - decision: The decision.
    ///   - rule: The deciding rule's pointer.
    ///   - reason: Why, in one sentence.
    ///   - trials: The rules tried.
    @available(*, deprecated, message: "pass a typed AASAMatch.Reason, such as .noMatchingRule or .other(text)")
    @_disfavoredOverload
    public init(decision: Decision, rule: String?, reason: String, trials: [AASARuleTrial] = []) {
        self.init(decision: decision, rule: rule, reason: .other(reason), trials: trials)
    }

    /// The deciding rule's location, typed (``rule`` is its text).
    public var rulePointer: JSONPointer? { rule.map { JSONPointer(known: $0) } }
}

extension AASAMatch {
    /// Why a URL got its decision.
    ///
    /// A small value: compare it with the static members (`match.reason == .noMatchingRule`, or
    /// `match.reason.kind == .otherHost` for reasons that carry the URL's details), show ``description`` to people,
    /// or use ``identifier`` as a stable kebab-case code.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        private enum Code: Sendable, Hashable {
            case notAbsoluteURL
            case notHTTPS(scheme: String)
            case otherHost(host: String, domain: String)
            case otherPort(port: String, expected: String)
            case invalidPort(String)
            case invalidServingPort(String)
            case appIDNotListed(String)
            case noMatchingRule
            case componentMatches
            case pathMatches
            case componentExcludes
            case notPath
            case other(String)
        }

        private let code: Code

        private init(_ code: Code) { self.code = code }

        /// The URL is not absolute or has no host (`no_match`).
        public static let notAbsoluteURL = Self(.notAbsoluteURL)
        /// No rule of an entry that lists the app ID matches the URL (`no_match`).
        public static let noMatchingRule = Self(.noMatchingRule)
        /// The first matching component opens the app (`match`).
        public static let componentMatches = Self(.componentMatches)
        /// The first matching legacy path opens the app (`match`).
        public static let pathMatches = Self(.pathMatches)
        /// The first matching component is an `exclude` component (`exclude`).
        public static let componentExcludes = Self(.componentExcludes)
        /// The first matching legacy path is a `NOT ` path (`exclude`).
        public static let notPath = Self(.notPath)

        /// The URL's scheme is not `https` (`no_match`).
        /// - Parameter scheme: The URL's scheme.
        /// - Returns: The reason.
        public static func notHTTPS(scheme: String) -> Self { Self(.notHTTPS(scheme: scheme)) }

        /// The URL's host is not the serving domain (`no_match`).
        /// - Parameters:
        ///   - host: The URL's host.
        ///   - domain: The serving domain's host.
        /// - Returns: The reason.
        public static func otherHost(_ host: String, domain: String) -> Self {
            Self(.otherHost(host: host, domain: domain))
        }

        /// The URL's port is not the serving domain's (`no_match`).
        /// - Parameters:
        ///   - port: The URL's port.
        ///   - expected: The serving domain's port (`443` when it names none).
        /// - Returns: The reason.
        public static func otherPort(_ port: String, expected: String) -> Self {
            Self(.otherPort(port: port, expected: expected))
        }

        /// The URL's port is not a number (`no_match`).
        /// - Parameter port: The port as written.
        /// - Returns: The reason.
        public static func invalidPort(_ port: String) -> Self { Self(.invalidPort(port)) }

        /// The serving domain's port is not a number (`no_match`).
        /// - Parameter port: The domain's port as written.
        /// - Returns: The reason.
        public static func invalidServingPort(_ port: String) -> Self { Self(.invalidServingPort(port)) }

        /// No `details` entry lists the app ID (`no_match`).
        /// - Parameter appID: The app ID asked about.
        /// - Returns: The reason.
        public static func appIDNotListed(_ appID: String) -> Self { Self(.appIDNotListed(appID)) }

        /// A reason given as text by code outside this module (the matcher never returns it).
        /// - Parameter text: The sentence.
        /// - Returns: The reason.
        public static func other(_ text: String) -> Self { Self(.other(text)) }

        /// The reason's kind, without the details it carries: `notHTTPS(scheme: "http").kind ==
        /// notHTTPS(scheme: "ftp").kind`.
        public var kind: Kind {
            switch code {
            case .notAbsoluteURL: return .notAbsoluteURL
            case .notHTTPS: return .notHTTPS
            case .otherHost: return .otherHost
            case .otherPort: return .otherPort
            case .invalidPort: return .invalidPort
            case .invalidServingPort: return .invalidServingPort
            case .appIDNotListed: return .appIDNotListed
            case .noMatchingRule: return .noMatchingRule
            case .componentMatches: return .componentMatches
            case .pathMatches: return .pathMatches
            case .componentExcludes: return .componentExcludes
            case .notPath: return .notPath
            case .other: return .other
            }
        }

        /// A stable machine-readable code, such as `other-host` or `component-matches`.
        public var identifier: String { kind.identifier }

        /// A sentence for people (what `link-router aasa match` prints).
        public var description: String {
            switch code {
            case .notAbsoluteURL: return "not an absolute URL with a host"
            case .notHTTPS(let scheme): return "only https URLs are universal links (the scheme is '\(scheme)')"
            case .otherHost(let host, let domain): return "the host '\(host)' is not the serving domain '\(domain)'"
            case .otherPort(let port, let expected):
                return "the port \(port) is not the serving domain's port \(expected)"
            case .invalidPort(let port): return "the port '\(port)' is not a number"
            case .invalidServingPort(let port): return "the serving domain's port '\(port)' is not a number"
            case .appIDNotListed(let appID): return "no details entry lists the app ID '\(appID)'"
            case .noMatchingRule: return "no rule for the app ID matches the URL"
            case .componentMatches: return "the first matching component opens the app"
            case .pathMatches: return "the first matching path opens the app"
            case .componentExcludes: return "the first matching component excludes"
            case .notPath: return "the first matching path is a 'NOT ' path"
            case .other(let text): return text
            }
        }

        /// The kind of a ``Reason``, without the details it carries.
        public struct Kind: Sendable, Hashable, CustomStringConvertible {
            fileprivate enum Code: String, Sendable, Hashable {
                case notAbsoluteURL = "not-absolute-url"
                case notHTTPS = "not-https"
                case otherHost = "other-host"
                case otherPort = "other-port"
                case invalidPort = "invalid-port"
                case invalidServingPort = "invalid-serving-port"
                case appIDNotListed = "app-id-not-listed"
                case noMatchingRule = "no-matching-rule"
                case componentMatches = "component-matches"
                case pathMatches = "path-matches"
                case componentExcludes = "component-excludes"
                case notPath = "not-path"
                case other = "other"
            }

            fileprivate let code: Code

            fileprivate init(_ code: Code) { self.code = code }

            /// ``Reason/notAbsoluteURL`` (`not-absolute-url`).
            public static let notAbsoluteURL = Self(.notAbsoluteURL)
            /// ``Reason/notHTTPS(scheme:)`` (`not-https`).
            public static let notHTTPS = Self(.notHTTPS)
            /// ``Reason/otherHost(_:domain:)`` (`other-host`).
            public static let otherHost = Self(.otherHost)
            /// ``Reason/otherPort(_:expected:)`` (`other-port`).
            public static let otherPort = Self(.otherPort)
            /// ``Reason/invalidPort(_:)`` (`invalid-port`).
            public static let invalidPort = Self(.invalidPort)
            /// ``Reason/invalidServingPort(_:)`` (`invalid-serving-port`).
            public static let invalidServingPort = Self(.invalidServingPort)
            /// ``Reason/appIDNotListed(_:)`` (`app-id-not-listed`).
            public static let appIDNotListed = Self(.appIDNotListed)
            /// ``Reason/noMatchingRule`` (`no-matching-rule`).
            public static let noMatchingRule = Self(.noMatchingRule)
            /// ``Reason/componentMatches`` (`component-matches`).
            public static let componentMatches = Self(.componentMatches)
            /// ``Reason/pathMatches`` (`path-matches`).
            public static let pathMatches = Self(.pathMatches)
            /// ``Reason/componentExcludes`` (`component-excludes`).
            public static let componentExcludes = Self(.componentExcludes)
            /// ``Reason/notPath`` (`not-path`).
            public static let notPath = Self(.notPath)
            /// ``Reason/other(_:)`` (`other`).
            public static let other = Self(.other)

            /// A stable machine-readable code, such as `other-host` (kebab-case, never changes meaning).
            public var identifier: String { code.rawValue }

            /// The ``identifier``.
            public var description: String { identifier }
        }
    }
}

/// One rule the matcher tried while explaining a decision.
public struct AASARuleTrial: Sendable, Equatable {
    /// A part of the URL a rule looks at.
    ///
    /// Closed: these are the parts of a URL an AASA rule can look at; no case will be added.
    public enum Part: String, Sendable, Equatable {
        /// The scheme and host (checked before any rule).
        case domain
        /// The path, `/`.
        case path = "/"
        /// The query, `?`.
        case query = "?"
        /// The fragment, `#`.
        case fragment = "#"
    }

    /// How a tried rule fared.
    ///
    /// Closed: a tried rule matches, excludes, or fails at one part; no case will be added.
    public enum Outcome: Sendable, Equatable {
        /// Every part matched; the rule is not an exclude rule.
        case match
        /// Every part matched; the rule excludes.
        case exclude
        /// This part did not match.
        case failed(Part)
    }

    /// The rule's JSON pointer; nil for the domain check.
    public var rule: String?
    /// The outcome.
    public var outcome: Outcome
    /// Detail, such as the pattern that failed or why a pattern is unusable.
    public var detail: String?

    /// Creates a trial record.
    ///
    /// - Parameters:
    ///   - rule: The rule's pointer.
    ///   - outcome: How it fared.
    ///   - detail: Detail.
    public init(rule: String?, outcome: Outcome, detail: String? = nil) {
        self.rule = rule
        self.outcome = outcome
        self.detail = detail
    }

    /// The part that failed, if any.
    public var failedPart: Part? {
        if case .failed(let part) = outcome { return part }
        return nil
    }
}

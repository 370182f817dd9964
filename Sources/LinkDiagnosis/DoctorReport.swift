import FileLocations
import LinkRouting

/// The answer of ``LinkDoctor`` and ``AndroidLinkDoctor``: for one URL, the chain iOS or Android walks from a tap
/// to the app's route, step by step, each with its verdict and evidence, and the first broken link with its fix
/// (what `link-router doctor` prints).
///
/// One type serves both platforms: the chains differ in their links (``Step/Name``), not in their shape (a verdict,
/// evidence and a fix per link, the first broken one), so the text, the JSON and every report format are written
/// once; ``platform`` says which chain was walked. ``PlatformsDoctorReport`` holds both walks of one URL.
public struct DoctorReport: Sendable, Hashable {
    /// Which platform's chain a report walks.
    ///
    /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
    #if hasAttribute(nonexhaustive)
        @nonexhaustive
    #endif
    public enum Platform: String, Sendable, Hashable, CaseIterable, Codable {
        /// iOS: universal links and URL schemes (``LinkDoctor``).
        case ios
        /// Android: intent filters and App Links verification (``AndroidLinkDoctor``).
        case android
    }

    /// One link of the chain.
    public struct Step: Sendable, Hashable {
        /// The links of the chain, in the order the platform meets them: iOS's are `url`, `entitlement`, `file`,
        /// `rule`, `scheme`, `route`; Android's `url`, `filter`, `host`, `file`, `statement`, `dynamic-rule`, `route`.
        ///
        /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
        #if hasAttribute(nonexhaustive)
            @nonexhaustive
        #endif
        public enum Name: String, Sendable, Hashable, CaseIterable, Codable {
            /// The URL itself: an https universal link (on Android, an http or https App Link), a custom-scheme link, or
            /// neither.
            case url
            /// The `applinks` entry of the entitlements that claims the URL's host.
            case entitlement
            /// Where the apple-app-site-association file comes from (Apple's CDN copy, or the origin in developer
            /// mode) and whether it is current; on Android, the `assetlinks.json` of the host (a wildcard host's bare
            /// domain), local or fetched.
            case file
            /// The file's deciding rule for the app ID (what `aasa match --explain` shows).
            case rule
            /// The `Info.plist` declaration of a custom scheme.
            case scheme
            /// The app's route and its parameters.
            case route
            /// Android: the intent filter and `<data>` combination that accepts the URL (or the nearest filter, and
            /// why it does not).
            case filter
            /// Android: the host declared for verification (an `autoVerify` filter's host that covers the URL's
            /// host), and the host whose file decides.
            case host
            /// Android: the file's statement that grants App Links to the package with one of its fingerprints.
            case statement
            /// Android: the verifying statement's dynamic rule that decides the URL.
            case dynamicRule = "dynamic-rule"
            /// A link of another platform's own chain, which the step's code names (``DoctorReport/Step/name`` of
            /// a step whose code no other case has).
            case other

            /// The links of `platform`'s chain, in order.
            ///
            /// - Parameter platform: The platform.
            /// - Returns: The names.
            public static func chain(of platform: Platform) -> [Name] {
                switch platform {
                case .android: [.url, .filter, .host, .file, .statement, .dynamicRule, .route]
                default: [.url, .entitlement, .file, .rule, .scheme, .route]
                }
            }
        }

        /// How a link of the chain fared.
        ///
        /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
        #if hasAttribute(nonexhaustive)
            @nonexhaustive
        #endif
        public enum Verdict: String, Sendable, Hashable, Codable {
            /// It holds.
            case ok
            /// It breaks: the URL does not reach the app's route.
            case broken
            /// It was not decided: it does not apply to this URL, or an input it needs was not given.
            case skipped
        }

        /// Which link: ``Name/other`` for a link of another platform's own chain.
        public var name: Name {
            get { Name(rawValue: code) ?? .other }
            set { code = newValue.rawValue }
        }
        /// The link's name as the text, the JSON and the findings write it: ``name``'s raw value, or the name a
        /// platform of its own gives its link.
        package var code: String
        /// How it fared.
        public var verdict: Verdict
        /// What was found, in one sentence.
        public var message: String
        /// The facts behind the verdict (entries, URLs, rules tried, parameters), one a line.
        public var evidence: [String]
        /// For a broken link: how to mend it.
        public var fix: String?
        /// For a skipped link: whether it was skipped because an input was missing (the chain is then not
        /// proven), rather than because it does not apply to the URL.
        public var unverified: Bool
        /// Where the evidence is, best first: on iOS, the entitlements entry that claims the host (or fails to), the
        /// site file's deciding rule, the `Info.plist` scheme declaration; on Android, the manifest's filter and
        /// `<data>` attributes, the `assetlinks.json` statement or dynamic rule; on both, the route in the routes
        /// file. Empty for a step with no file behind it (the URL, a network fetch). A broken step's finding points
        /// there.
        public var places: [LocatedFinding.Place] = []

        /// Creates a step.
        ///
        /// - Parameters:
        ///   - name: Which link.
        ///   - verdict: How it fared.
        ///   - message: What was found.
        ///   - evidence: The facts behind the verdict.
        ///   - fix: How to mend a broken link.
        ///   - unverified: Whether a skipped link lacked an input.
        public init(
            _ name: Name, _ verdict: Verdict, _ message: String, evidence: [String] = [], fix: String? = nil,
            unverified: Bool = false
        ) {
            self.init(code: name.rawValue, verdict, message, evidence: evidence, fix: fix, unverified: unverified)
        }

        /// Creates a step of a platform's own link, named `code` (``Name/other`` when no case is named so).
        package init(
            code: String, _ verdict: Verdict, _ message: String, evidence: [String] = [], fix: String? = nil,
            unverified: Bool = false
        ) {
            self.code = code
            self.verdict = verdict
            self.message = message
            self.evidence = evidence
            self.fix = fix
            self.unverified = unverified
        }
    }

    /// The URL diagnosed, as given.
    public var url: String
    /// The app ID the chain was walked for (on Android, the package name).
    public var appID: String
    /// Which platform's chain was walked (``Platform/ios`` unless set).
    public var platform: Platform = .ios
    /// The key of a platform of its own (``DoctorPlatform/key``), which the JSON's `"platform"` writes instead of
    /// ``platform``'s; nil for iOS's and Android's walks.
    package var platformKey: String? = nil
    /// For a walk of another service than universal links (`doctor --service webcredentials HOST`): the service,
    /// and ``url`` is the host; nil for a URL's walk.
    public var service: AssociatedDomain.Service? = nil
    /// Every link of the chain, in order (links that do not apply are ``Step/Verdict/skipped``).
    public var steps: [Step]

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - url: The URL diagnosed.
    ///   - appID: The app ID.
    ///   - steps: The links, in order.
    public init(url: String, appID: String, steps: [Step]) {
        self.url = url
        self.appID = appID
        self.steps = steps
    }

    /// The first broken link, or nil.
    public var firstBroken: Step? { steps.first { $0.verdict == .broken } }

    /// Whether the URL opens the app and a route handles it: no link is broken and none was left unverified.
    public var ok: Bool { !steps.contains { $0.verdict == .broken || $0.unverified } }
}

import AndroidAppLinks
import LinkRouting
import RichMediaKitSupport

/// Writes the Android half of a route table's App Links: the `assetlinks.json` statement for the app and the
/// manifest's intent filters for the routes' hosts and paths, as exactly as Android's patterns can express them,
/// with every URL where they still differ from the routes, proven by the exact check.
///
/// **The filters.** One `<intent-filter android:autoVerify="true">` (`VIEW`, `DEFAULT`, `BROWSABLE`, `https`)
/// lists every host the routes serve and the paths of the `/` routes. A filter combines each of its hosts with
/// each of its paths, so the paths of a route bound to one host (`https://host/...`) go in a filter of their own
/// listing that host alone: in the shared filter they would open the app on every other host too.
///
/// **The paths.** Android compares the *decoded* path (`%2F` is `/`), the router splits the raw path at raw `/`
/// only, so no filter can tell `/a/b` from `/a%2Fb`: those URLs are where the files always differ. Otherwise each
/// route becomes `<data>` path elements that accept a decoded path exactly when the route handles it read as a raw
/// path, with the minimum SDK deciding what is available:
/// - a route of literals is `android:path` (`/` for the root);
/// - from API 31 (``Options/minSDK`` 31, the default) anything else is a `pathAdvancedPattern`: a parameter or
///   `*` is `[^/]+` (one segment), `<int>` is `[0-9]+`, `<uuid>` is 8-4-4-4-12 `[0-9a-fA-F]`, a case-insensitive
///   table's letters are `[aA]` sets, and a trailing `**` is the path before it and that path followed by `/.+`;
/// - below API 31 only `path`, `pathPrefix` and `pathPattern` exist: a parameter followed by more segments is
///   `..*` (Android's `.*` stops at the next `/`), a trailing `**` is `/..*` (or `pathPrefix` when a literal
///   holds a `.`, which a glob cannot match exactly), and letters keep the case written.
///
/// **Safe, not open.** What Android's patterns cannot express is left out rather than widened, so the app is
/// never opened on a URL no route handles (beyond the `%2F` spellings above): below API 31 a parameter at the end
/// of a path (a glob cannot stop a final segment at `/`), a typed parameter, or a literal `.` in a glob; a route
/// whose literal holds a `/`; a route with query constraints below API 35. From API 35 such a route is a
/// `<uri-relative-filter-group>`: its path element and one query rule per constraint (`query="item=value"`, a
/// capture as `queryAdvancedPattern="item=.+"`); below, ``Options/dynamicRules`` may let a dynamic rule of
/// `assetlinks.json` check the query (Android 15+): then its literal path is claimed and the file's
/// `dynamic_app_link_components` allow it with the query, exclude it without, and allow everything else. Both
/// match a query parameter at any occurrence where the router looks at the first: a URL repeating the parameter
/// may open unrouted, which the differences show; claiming the route is worth that rare case.
///
/// **The differences** are not predicted: the generated texts are read back with the package's own readers
/// (`AndroidManifest(parsing:)`, `AssetLinksFile(parsing:)`) and checked against the same routes by
/// ``AndroidCoverageChecker``, whose every example URL was decided by Android's rules and routed by the table.
public enum AndroidLinksGenerator {
    /// What to generate for.
    public struct Options: Sendable, Hashable {
        /// Only this host (`example.com`, or a wildcard entry `*.example.com`); nil for every host the routes serve.
        public var host: String?
        /// The app's `minSdkVersion`: from 31 the filters use `pathAdvancedPattern`. Default 31 (Android 12): the
        /// first level that can keep a parameter to one segment, and the one from which App Links verify each host
        /// on its own. An older device ignores `pathAdvancedPattern`, and a `<data>` element with no path it reads
        /// leaves the filter without paths (every path): give the app's real minimum.
        public var minSDK: Int
        /// Whether `assetlinks.json` may carry Dynamic App Links rules (Android 15+, Google Play services) for routes
        /// with query constraints, below a ``minSDK`` of 35 (from 35 relative filter groups check the query). Older
        /// devices ignore the rules and open those paths whatever the query.
        public var dynamicRules: Bool
        /// Whether the filters list `http` beside `https` (verification still reads the https file). The router
        /// handles https only, and the check compares https URLs only: the http URLs the filters open are not in
        /// ``AndroidLinksGeneration/differences``.
        public var http: Bool

        /// Creates options.
        ///
        /// - Parameters:
        ///   - host: Only this host, or nil for all.
        ///   - minSDK: The app's minimum SDK (default 31).
        ///   - dynamicRules: Whether to write dynamic rules (default false).
        ///   - http: Whether to list `http` too (default false).
        public init(host: String? = nil, minSDK: Int = 31, dynamicRules: Bool = false, http: Bool = false) {
            self.host = host
            self.minSDK = minSDK
            self.dynamicRules = dynamicRules
            self.http = http
        }
    }

    /// The first API level with `pathAdvancedPattern`.
    static let advancedPatternAPILevel = 31
    /// The first API level with `<uri-relative-filter-group>`.
    static let relativeFilterGroupAPILevel = 35

    /// Generates the files and checks them against the routes.
    ///
    /// - Parameters:
    ///   - routes: The route table.
    ///   - packageName: The app's package name (the Gradle `applicationId`).
    ///   - fingerprints: The SHA-256 fingerprints of the app's signing certificates (any case, colons optional).
    ///   - options: What to generate for.
    /// - Returns: The files, the hosts and the differences.
    /// - Throws: ``AndroidLinksGeneratorError``: a bad package name or fingerprint, no https route or host, a host
    ///   the routes do not serve, or a check that could not be answered.
    public static func generate(
        routes: RouteTable, packageName: String, fingerprints: [String], options: Options = Options()
    ) throws(AndroidLinksGeneratorError) -> AndroidLinksGeneration {
        guard AssetLinksDecoder.isPackageName(packageName) else { throw .invalidPackageName(packageName) }
        guard !fingerprints.isEmpty else { throw .noFingerprints }
        var normalized: [String] = []
        for fingerprint in fingerprints {
            guard let text = CertificateFingerprint.normalized(fingerprint) else {
                throw .invalidFingerprint(fingerprint)
            }
            if !normalized.contains(text) { normalized.append(text) }
        }
        let plan = try Plan(routes: routes, host: options.host, options: options)
        var excluded = Set<Int>()
        while true {
            let assetLinks = Writer.assetLinks(
                packageName: packageName, fingerprints: normalized, rules: plan.rules(dropping: excluded))
            let filters = Writer.intentFilters(plan.filters, schemes: options.http ? ["https", "http"] : ["https"])
            let (differences, unsafeExclusions) = try check(
                assetLinks: assetLinks, intentFilters: filters, routes: routes, packageName: packageName,
                fingerprints: normalized, plan: plan, dropping: excluded)
            // An exclusion that keeps a routed URL from opening costs more than the query it checks: leave it out.
            if !unsafeExclusions.isEmpty, !unsafeExclusions.isSubset(of: excluded) {
                excluded.formUnion(unsafeExclusions)
                continue
            }
            return AndroidLinksGeneration(
                assetLinks: assetLinks, intentFilters: filters, hosts: plan.hosts, differences: differences)
        }
    }

    /// The texts read back and checked: the differences, and the exclusion rules (plan indices) that decide an
    /// unclaimed gap.
    private static func check(
        assetLinks: String, intentFilters: String, routes: RouteTable, packageName: String, fingerprints: [String],
        plan: Plan, dropping excluded: Set<Int>
    ) throws(AndroidLinksGeneratorError) -> ([AndroidLinksDifference], Set<Int>) {
        let manifest: AndroidManifest
        let file: AssetLinksFile
        do {
            manifest = try AndroidManifest(parsing: Writer.manifest(intentFilters, packageName: packageName))
            file = try AssetLinksFile(parsing: assetLinks)
        } catch {
            throw .coverage(.witnessDidNotReproduce("the generated files do not read back: \(error)"))
        }
        let decider = AndroidLinkDecider(
            manifest: manifest, app: AndroidAppIdentity(packageName: packageName, fingerprints: fingerprints)
        ) { _ in file }
        let report: AndroidCoverageReport
        do {
            report = try AndroidCoverageChecker.check(decider: decider, routes: routes)
        } catch {
            throw .coverage(error)
        }
        let ruleIndices = plan.ruleIndices(dropping: excluded)
        var unsafe = Set<Int>()
        var differences: [AndroidLinksDifference] = []
        for gap in report.gaps {
            guard let host = gap.host, plan.covers(host) else { continue }
            switch gap.kind {
            case .unrouted, .domainWithoutRoutes:
                differences.append(
                    AndroidLinksDifference(
                        kind: .openedNotRouted, host: host, route: nil, filter: gap.filter, example: gap.example))
            case .routeDomainNotClaimed:
                differences.append(
                    AndroidLinksDifference(kind: .hostNotClaimed, host: host, route: nil, filter: nil, example: nil))
            default:
                if gap.reason == .excluded, let rule = gap.rule, rule < ruleIndices.count,
                    let planned = ruleIndices[rule], plan.allRules[planned].exclude
                {
                    unsafe.insert(planned)
                }
                differences.append(
                    AndroidLinksDifference(
                        kind: .routedNotOpened, host: host, route: gap.route, filter: nil, example: gap.example))
            }
        }
        return (differences, unsafe)
    }
}

/// What ``AndroidLinksGenerator/generate(routes:packageName:fingerprints:options:)`` writes: both files, the hosts
/// they are for, and every difference the exact check finds between them and the routes.
public struct AndroidLinksGeneration: Sendable, Hashable {
    /// The `assetlinks.json` text (serve it at `https://HOST/.well-known/assetlinks.json` of every host, and of a
    /// wildcard host's bare domain), ending with a newline.
    public var assetLinks: String
    /// The `<intent-filter>` elements to put in the activity that handles the links, ending with a newline (empty
    /// when no route can be expressed).
    public var intentFilters: String
    /// The hosts the filters list, in order (a wildcard host as `*.example.com`).
    public var hosts: [String]
    /// Where the generated files and the routes differ, in the check's order.
    public var differences: [AndroidLinksDifference]

    /// Whether the files open the app on exactly the URLs the routes handle.
    public var isExact: Bool { differences.isEmpty }

    /// Creates a generation.
    ///
    /// - Parameters:
    ///   - assetLinks: The `assetlinks.json` text.
    ///   - intentFilters: The intent-filter XML.
    ///   - hosts: The hosts.
    ///   - differences: The differences.
    public init(assetLinks: String, intentFilters: String, hosts: [String], differences: [AndroidLinksDifference]) {
        self.assetLinks = assetLinks
        self.intentFilters = intentFilters
        self.hosts = hosts
        self.differences = differences
    }
}

/// One way the generated files and the routes differ, with its shortest example URL.
public struct AndroidLinksDifference: Sendable, Hashable {
    /// How they differ.
    ///
    /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
    #if hasAttribute(nonexhaustive)
        @nonexhaustive
    #endif
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// Android opens the URL in the app and no route handles it (the check's `unrouted`).
        case openedNotRouted = "opened-not-routed"
        /// A route handles the URL and Android does not open it in the app (the check's `unclaimed`).
        case routedNotOpened = "routed-not-opened"
        /// The routes serve the host and no filter could claim any of its paths (the check's
        /// `route-domain-not-claimed`): none of its links open the app.
        case hostNotClaimed = "host-not-claimed"
    }

    /// How they differ.
    public var kind: Kind
    /// The host.
    public var host: String
    /// The route that handles the URL (``Kind/routedNotOpened``), or nil.
    public var route: String?
    /// The index of the generated intent filter that opens the URL (``Kind/openedNotRouted``), or nil.
    public var filter: Int?
    /// The shortest URL showing the difference (it reproduces with `link-router route` and
    /// `link-router assetlinks match`), or nil for a whole host.
    public var example: String?

    /// Creates a difference.
    ///
    /// - Parameters:
    ///   - kind: How they differ.
    ///   - host: The host.
    ///   - route: The route, if any.
    ///   - filter: The filter's index, if any.
    ///   - example: The example URL, if any.
    public init(kind: Kind, host: String, route: String?, filter: Int?, example: String?) {
        self.kind = kind
        self.host = host
        self.route = route
        self.filter = filter
        self.example = example
    }
}

/// Why the Android files could not be generated.
public struct AndroidLinksGeneratorError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Detail: Sendable, Hashable {
        case invalidPackageName(String)
        case noFingerprints
        case invalidFingerprint(String)
        case noHTTPSRoutes
        case hostNotServed(String)
        case coverage(CoverageError)
    }

    private let detail: Detail

    private init(_ detail: Detail) {
        self.detail = detail
    }

    /// The package name is not an Android package name (two or more `.`-separated parts, each a letter followed
    /// by letters, digits or `_`).
    ///
    /// - Parameter name: The name given.
    /// - Returns: The error.
    public static func invalidPackageName(_ name: String) -> Self { Self(.invalidPackageName(name)) }

    /// No signing certificate fingerprint was given.
    public static var noFingerprints: Self { Self(.noFingerprints) }

    /// A fingerprint is not 32 hexadecimal octets.
    ///
    /// - Parameter text: The fingerprint given.
    /// - Returns: The error.
    public static func invalidFingerprint(_ text: String) -> Self { Self(.invalidFingerprint(text)) }

    /// The routes serve no https host: no associated domain with a route (custom-scheme routes are not App Links).
    public static var noHTTPSRoutes: Self { Self(.noHTTPSRoutes) }

    /// The host asked for is not one the routes serve.
    ///
    /// - Parameter host: The host given.
    /// - Returns: The error.
    public static func hostNotServed(_ host: String) -> Self { Self(.hostNotServed(host)) }

    /// The exact check of the generated files could not be answered.
    ///
    /// - Parameter error: The check's error.
    /// - Returns: The error.
    public static func coverage(_ error: CoverageError) -> Self { Self(.coverage(error)) }

    /// The kind of an ``AndroidLinksGeneratorError``, without its detail.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        fileprivate enum Code: String, Sendable, Hashable {
            case invalidPackageName = "invalid-package-name"
            case noFingerprints = "no-fingerprints"
            case invalidFingerprint = "invalid-fingerprint"
            case noHTTPSRoutes = "no-https-routes"
            case hostNotServed = "host-not-served"
            case coverage
        }

        fileprivate let code: Code

        fileprivate init(_ code: Code) { self.code = code }

        /// The package name is not one (``AndroidLinksGeneratorError/invalidPackageName(_:)``).
        public static let invalidPackageName = Self(.invalidPackageName)
        /// No fingerprint (``AndroidLinksGeneratorError/noFingerprints``).
        public static let noFingerprints = Self(.noFingerprints)
        /// A fingerprint is not one (``AndroidLinksGeneratorError/invalidFingerprint(_:)``).
        public static let invalidFingerprint = Self(.invalidFingerprint)
        /// No https host to claim (``AndroidLinksGeneratorError/noHTTPSRoutes``).
        public static let noHTTPSRoutes = Self(.noHTTPSRoutes)
        /// The host asked for is not served (``AndroidLinksGeneratorError/hostNotServed(_:)``).
        public static let hostNotServed = Self(.hostNotServed)
        /// The check could not be answered (``AndroidLinksGeneratorError/coverage(_:)``).
        public static let coverage = Self(.coverage)

        /// A stable machine-readable code: `invalid-package-name`, `no-fingerprints`, `invalid-fingerprint`,
        /// `no-https-routes`, `host-not-served` or `coverage`.
        public var identifier: String { code.rawValue }

        /// The ``identifier``.
        public var description: String { identifier }
    }

    /// The kind of problem: compare it with ``Kind``'s static members (`error.kind == .hostNotServed`).
    public var kind: Kind {
        switch detail {
        case .invalidPackageName: return .invalidPackageName
        case .noFingerprints: return .noFingerprints
        case .invalidFingerprint: return .invalidFingerprint
        case .noHTTPSRoutes: return .noHTTPSRoutes
        case .hostNotServed: return .hostNotServed
        case .coverage: return .coverage
        }
    }

    /// A stable machine-readable code, such as `host-not-served` (the kind's ``Kind/identifier``).
    public var identifier: String { kind.identifier }

    /// A one-line explanation.
    public var description: String {
        switch detail {
        case .invalidPackageName(let name):
            return "'\(name)' is not an Android package name (two or more dot-separated parts, each a letter "
                + "followed by letters, digits or _)"
        case .noFingerprints: return "no signing certificate fingerprint"
        case .invalidFingerprint(let text):
            return "'\(text)' is not a SHA-256 fingerprint (32 hexadecimal octets)"
        case .noHTTPSRoutes:
            return "the routes serve no https host (an applinks: associated domain with a route): nothing to verify"
        case .hostNotServed(let host):
            return "the routes serve no https URL on \(host)"
        case .coverage(let error): return error.description
        }
    }
}

import LinkRouting
import RichMediaKitSupport

/// Checks an app's Associated Domains entries, app IDs and URL schemes against what iOS accepts.
///
/// Every diagnostic has a stable ``AppLinkDiagnosticCode``, a message, a one-line fix and the location of the
/// offending value in the entitlements or Info.plist. The app's routes, when given, let the lint name a
/// `*.example.com` entry that leaves out the `example.com` the routes use.
///
/// <!-- snippet: AppLinkLinterDocExample -->
/// ```swift
/// let configuration = try AppLinkConfiguration(entitlements: Array(entitlements))
/// let report = AppLinkLinter.lint(configuration, options: .init(release: true, routes: table))
/// if report.errorCount > 0 { failed = true }
/// ```
public enum AppLinkLinter {
    /// What the lint knows beyond the app's files.
    public struct Options: Sendable, Hashable {
        /// Whether the entitlements are a release build's: `?mode=developer` is then an error, not a warning.
        public var release: Bool
        /// The hosts the app's routes use (nil when no routes were given), as ``AppLinkLinter/hosts(usedBy:)``
        /// reads them: a `*.host` entry without `host` is an error when the routes use `host` (a warning
        /// otherwise).
        public var hostsOfRoutes: [String]?

        /// Creates options.
        ///
        /// - Parameters:
        ///   - release: Whether the entitlements are a release build's.
        ///   - routes: The app's routes (what `link-router app lint --routes FILE` reads), or nil.
        public init(release: Bool = false, routes: RouteTable? = nil) {
            self.release = release
            self.hostsOfRoutes = routes.map(AppLinkLinter.hosts(usedBy:))
            self.domainsOfRoutes = routes.map(\.associatedDomains)
        }

        /// The routes file's associated domains (nil when no routes were given): when no `applinks` entry claims
        /// any of them (nor a host ``hostsOfRoutes`` names), the lint reports
        /// ``AppLinkDiagnosticCode/routesNotClaimed``.
        public var domainsOfRoutes: [AssociatedDomain]?

        /// Creates options from the hosts the routes use.
        ///
        /// - Parameters:
        ///   - release: Whether the entitlements are a release build's.
        ///   - routeHosts: The hosts the app's routes use, or nil.
        @available(*, deprecated, message: "pass the routes: init(release:routes:)")
        public init(release: Bool = false, routeHosts: [String]?) {
            self.release = release
            self.hostsOfRoutes = routeHosts
            self.domainsOfRoutes = nil
        }

        /// The hosts the app's routes use.
        @available(*, deprecated, renamed: "hostsOfRoutes")
        public var routeHosts: [String]? {
            get { hostsOfRoutes }
            set { hostsOfRoutes = newValue }
        }
    }

    /// The hosts `routes` use, as the lint compares them with the wildcard entries: those of `https://host/...`
    /// patterns, and the routes file's own plain associated domains when some pattern (`/...`) applies to every
    /// associated domain.
    ///
    /// - Parameter routes: The app's routes.
    /// - Returns: The hosts, in pattern order.
    /// - Complexity: O(*n*) in the patterns and associated domains.
    public static func hosts(usedBy routes: RouteTable) -> [String] {
        var hosts: [String] = []
        var anyDomain = false
        for pattern in routes.patterns {
            switch pattern.binding {
            case .host(let host): hosts.append(host)
            case .any: anyDomain = true
            case .scheme: break
            }
        }
        if anyDomain { hosts += routes.associatedDomains.filter { !$0.isWildcard }.map(\.host) }
        return hosts
    }

    /// How many Associated Domains entries iOS is known to handle. Apple documents no limit; apps with more than
    /// 1,000 `webcredentials` entries were reported to crash at launch (Open Radar 22997683, 2015).
    public static let maximumEntries = 1_000

    /// Lints an app's configuration.
    ///
    /// - Parameters:
    ///   - configuration: The app's configuration, as read from its files.
    ///   - options: Release build and route hosts.
    /// - Returns: The diagnostics, in file order.
    /// - Complexity: O(*n*) in the number and length of the entries, schemes and route hosts.
    public static func lint(_ configuration: AppLinkConfiguration, options: Options = Options()) -> AppLinkLintReport {
        var diagnostics: [AppLinkDiagnostic] = []
        func report(
            _ severity: AppLinkDiagnostic.Severity, _ code: AppLinkDiagnostic.Code, _ message: String, hint: String,
            at location: AppLinkConfiguration.Location?
        ) {
            diagnostics.append(
                AppLinkDiagnostic(severity: severity, code: code, message: message, hint: hint, location: location))
        }
        for value in configuration.wrongTypeValues {
            report(
                .error, .wrongType,
                "\(value); iOS ignores it (and what it would have declared)",
                hint: "write \(value.expected) under `\(value.location.keyPath)`", at: value.location)
        }
        for variable in configuration.unresolvedVariables {
            if variable.isSetByXcode {
                report(
                    .info, .assumedVariable,
                    "`$(\(variable.name))` in `\(variable.location.keyPath)` is set by Xcode when it builds the app; "
                        + "assumed right, so the value is not checked",
                    hint: "to check it, pass --app-id TEAMID.BUNDLEID or --define \(variable.name)=VALUE "
                        + "(--defines-from-environment in a Run Script build phase)",
                    at: variable.location)
                continue
            }
            report(
                .error, .unresolvedVariable,
                "`$(\(variable.name))` in `\(variable.location.keyPath)` has no definition, so the value is unknown",
                hint:
                    "pass --define \(variable.name)=VALUE (the value of the build setting), or write the value itself",
                at: variable.location)
        }
        checkAppIDs(configuration, report: report)
        checkEntries(configuration, options: options, report: report)
        checkSchemes(configuration, report: report)
        return AppLinkLintReport(diagnostics: inFileOrder(diagnostics))
    }

    // MARK: - App IDs and App Clips

    private static func checkAppIDs(
        _ configuration: AppLinkConfiguration,
        report: (AppLinkDiagnostic.Severity, AppLinkDiagnostic.Code, String, String, AppLinkConfiguration.Location?)
            -> Void
    ) {
        let ids = [configuration.applicationIdentifier].compactMap { $0 } + configuration.parentApplicationIdentifiers
        for id in ids {
            guard let value = id.value, let problem = AppIDRules.problem(value) else { continue }
            report(problem.isError ? .error : .warning, .appIDFormat, problem.message, problem.hint, id.location)
        }
        guard configuration.isAppClip else { return }
        let parents = configuration.parentApplicationIdentifiers
        let location = configuration.applicationIdentifier?.location
        if parents.count != 1 {
            report(
                .error, .parentAppIDCount,
                parents.isEmpty
                    ? "the App Clip's entitlements name no parent app (com.apple.developer.parent-application-identifiers)"
                    : "the App Clip's entitlements name \(parents.count) parent apps; an App Clip has exactly one",
                "list the full app's app ID, and only it, in com.apple.developer.parent-application-identifiers",
                parents.count > 1 ? parents[1].location : location)
        }
        if configuration.entries(for: .appclips).isEmpty {
            report(
                .warning, .clipWithoutAppClipsEntry,
                "the App Clip's entitlements have no appclips: entry, so no URL of your domain invokes it "
                    + "(only App Clip Codes and the default App Clip link do)",
                "add appclips:<your domain> to the App Clip's (and the full app's) Associated Domains",
                configuration.associatedDomainsLocation ?? location)
        }
        guard let parent = parents.first, let parentID = parent.value, let clipID = configuration.appID,
            AppIDRules.problem(parentID)?.isError != true, AppIDRules.problem(clipID)?.isError != true
        else { return }
        let (parentTeam, parentBundle) = split(parentID)
        let (clipTeam, clipBundle) = split(clipID)
        if parentTeam.uppercased() != clipTeam.uppercased() {
            report(
                .error, .parentTeamMismatch,
                "the parent app '\(parentID)' belongs to team \(parentTeam), the App Clip '\(clipID)' to team \(clipTeam)",
                "an App Clip and its full app are signed by the same team: use \(clipTeam).\(parentBundle)",
                parent.location)
        }
        if !clipBundle.hasPrefix(parentBundle + ".") {
            report(
                .error, .clipBundlePrefix,
                "the App Clip's bundle ID '\(clipBundle)' does not start with its parent's '\(parentBundle).'",
                "name the App Clip \(parentBundle).Clip (the parent's bundle ID, a dot and a suffix)",
                location ?? parent.location)
        }
    }

    private static func split(_ id: String) -> (team: String, bundle: String) {
        guard let dot = id.firstIndex(of: ".") else { return (id, "") }
        return (String(id[..<dot]), String(id[id.index(after: dot)...]))
    }

    // MARK: - Entries

    private static func checkEntries(
        _ configuration: AppLinkConfiguration, options: Options,
        report: (AppLinkDiagnostic.Severity, AppLinkDiagnostic.Code, String, String, AppLinkConfiguration.Location?)
            -> Void
    ) {
        let entries = configuration.associatedDomains
        if configuration.unreadEntryCount > 0 {
            let read = AppLinkConfiguration.entryLimit
            report(
                .error, .tooManyEntries,
                "more than \(read) entries (\(read + configuration.unreadEntryCount) Associated Domains entries, parent "
                    + "app IDs and URL schemes); link-router reads the first \(read) and checks none after them, and "
                    + "apps with more than \(maximumEntries) were reported to crash at launch",
                "use *.domain entries for families of subdomains, and drop domains the app does not serve",
                configuration.firstUnreadEntry)
        } else if entries.count > maximumEntries {
            report(
                .warning, .tooManyEntries,
                "\(entries.count) Associated Domains entries; apps with more than \(maximumEntries) were reported to "
                    + "crash at launch, and iOS fetches a file for every domain",
                "use *.domain entries for families of subdomains, and drop domains the app does not serve",
                configuration.associatedDomainsLocation)
        }
        var seen: [String: Int] = [:]
        let releaseClaims = ReleaseClaims(entries)
        for entry in entries {
            guard entry.setting.value != nil else { continue }  // reported as unresolved-variable
            for problem in entry.domain.problems {
                reportProblem(problem, of: entry, report: report)
            }
            if let mode = entry.domain.mode, mode.isKnown, mode.includesDeveloper {
                reportDeveloperMode(
                    entry, mode: mode, release: releaseClaims.first(for: entry), options: options,
                    report: report)
            }
            if let finding = entry.domain.problems.isEmpty ? HostClaims.finding(for: entry.domain.host) : nil,
                !(finding.sharedHosting && entry.domain.isWildcard)  // iOS fetches each subdomain's own file
            {
                reportHost(finding, of: entry, report: report)
            }
            // Only entries iOS uses can repeat one another: one it ignores (a path, a port) claims nothing.
            let key = entry.domain.identity
            guard entry.domain.claimsItsHost else { continue }
            if let first = seen[key] {
                report(
                    .warning, .duplicateEntry,
                    "'\(entry.setting.written)' repeats entry \(first) (\(entries[first].setting.written))",
                    "remove one of them", entry.location)
            } else {
                seen[key] = entry.index
            }
        }
        checkRoutesClaimed(configuration, options: options, report: report)
        let applinks = entries.filter { $0.domain.service == .applinks && $0.setting.value != nil }
        let plain = Set(applinks.filter { !$0.domain.isWildcard && $0.domain.claimsItsHost }.map(\.domain.host))
        let used = Set((options.hostsOfRoutes ?? []).map { URLBytes.asciiLowercased($0) })
        var reported = Set<String>()
        for entry in applinks
        where entry.domain.isWildcard && entry.domain.claimsItsHost && !plain.contains(entry.domain.host) {
            guard reported.insert(entry.domain.host).inserted else { continue }
            let host = entry.domain.host
            if used.contains(host) {
                report(
                    .error, .wildcardWithoutBase,
                    "'\(entry.setting.written)' covers the subdomains of \(host) but not \(host) itself, "
                        + "which the routes use: links to \(host) open Safari",
                    "add applinks:\(host) beside it", entry.location)
            } else {
                report(
                    .warning, .wildcardWithoutBase,
                    "'\(entry.setting.written)' covers the subdomains of \(host) but not \(host) itself: links to "
                        + "https://\(host)/... open Safari",
                    "add applinks:\(host) beside it, unless \(host) itself serves no links", entry.location)
            }
        }
    }

    /// With the routes: an error when no `applinks` entry claims any domain the routes associate or any host a
    /// route is bound to (the whole-app check's `associated-domain-not-entitled`, all at once): no universal link
    /// reaches the app. Not judged while an entry's build variable is unresolved.
    private static func checkRoutesClaimed(
        _ configuration: AppLinkConfiguration, options: Options,
        report: (AppLinkDiagnostic.Severity, AppLinkDiagnostic.Code, String, String, AppLinkConfiguration.Location?)
            -> Void
    ) {
        guard let domains = options.domainsOfRoutes,
            configuration.associatedDomains.allSatisfy({ $0.setting.value != nil })
        else { return }
        let hosts = Set((options.hostsOfRoutes ?? []).map { URLBytes.asciiLowercased($0) })
        guard !domains.isEmpty || !hosts.isEmpty else { return }
        let entries = configuration.entries(for: .applinks).filter(\.domain.claimsItsHost)
        let claimsOne =
            hosts.contains { !configuration.applinksEntries(claiming: $0).isEmpty }
            || domains.contains { domain in
                entries.contains { entry in
                    // A wildcard domain of the routes is claimed by an entry that covers its subdomains.
                    domain.isWildcard
                        ? entry.domain.covers(host: "subdomain." + domain.host)
                        : entry.domain.covers(host: domain.host)
                }
            }
        // A `*.host` entry whose `host` the routes use is wildcard-without-base's error, which says it already.
        let wildcardOfARouteHost = entries.contains { entry in
            entry.domain.isWildcard
                && (hosts.contains(entry.domain.host)
                    || domains.contains { !$0.isWildcard && $0.host == entry.domain.host })
        }
        guard !claimsOne, !wildcardOfARouteHost else { return }
        let named = domains.map { ($0.isWildcard ? "*." : "") + $0.host } + hosts.sorted()
        var listed: [String] = []
        for name in named where !listed.contains(name) { listed.append(name) }
        let first = listed.first ?? "example.com"
        report(
            .error, .routesNotClaimed,
            "no applinks entry claims any domain the routes use (\(listed.joined(separator: ", "))): iOS sends none "
                + "of their universal links to the app",
            "add applinks:\(first) to com.apple.developer.associated-domains (and the routes' other domains)",
            configuration.associatedDomainsLocation)
    }

    /// The diagnostic of one reason iOS ignores an entry (`AssociatedDomain.problems`, the rule the whole-app check
    /// and the doctor share).
    private static func reportProblem(
        _ problem: AssociatedDomain.Problem, of entry: AppLinkConfiguration.DomainEntry,
        report: (AppLinkDiagnostic.Severity, AppLinkDiagnostic.Code, String, String, AppLinkConfiguration.Location?)
            -> Void
    ) {
        let written = entry.setting.written
        let domain = entry.domain
        let bare = "\(domain.service):\(domain.isWildcard ? "*." : "")\(domain.host)"
        switch problem {
        case .unknownService:
            let known = AssociatedDomain.Service.known.map(\.rawValue).joined(separator: ", ")
            report(
                .error, .unknownService,
                domain.service.rawValue.isEmpty
                    ? "'\(written)' has no service: an entry is <service>:<host>"
                    : "'\(written)' names the service '\(domain.service)', which iOS does not know",
                "start the entry with one of \(known), e.g. applinks:\(domain.host.isEmpty ? "example.com" : domain.host)",
                entry.location)
        case .scheme(let scheme):
            report(
                .error, .schemeInEntry,
                "'\(written)' has the URL scheme '\(scheme)://': an entry names a host, never a URL",
                "write \(bare)", entry.location)
        case .path(let path):
            report(
                .error, .pathInEntry,
                "'\(written)' has the path '\(path)': an entry claims a whole host, paths belong in the site's file",
                "write \(bare), and put the paths in the apple-app-site-association file's components",
                entry.location)
        case .port(let port):
            report(
                .error, .portInEntry,
                "'\(written)' has the port \(port): Apple's format is <service>:<fully qualified domain>, with no "
                    + "port, so iOS ignores the entry",
                "write \(bare) (Apple's CDN fetches the file from port 443)", entry.location)
        case .emptyHost:
            report(.error, .emptyHost, "'\(written)' names no host", "write <service>:example.com", entry.location)
        case .invalidHost(let message):
            report(
                .error, .invalidHost, "'\(written)': \(message)",
                "write a host name such as example.com, or *.example.com for its subdomains", entry.location)
        case .nonASCIIHost:
            let punycode = Punycode.hostName(domain.host)
            report(
                .error, .nonASCIIHost,
                "'\(written)' has the non-ASCII host '\(domain.host)'; iOS compares the punycode form",
                "write \(domain.service):\(domain.isWildcard ? "*." : "")\(punycode ?? "xn--...") (the host in punycode)",
                entry.location)
        case .unservableHost(let finding):
            reportHost(finding, of: entry, report: report)
        case .unknownMode(let mode):
            report(
                .error, .unknownMode, "'\(written)' has the mode '\(mode)', which iOS does not know",
                "use ?mode=developer, ?mode=managed or ?mode=developer+managed, or no mode", entry.location)
        }
    }

    /// The diagnostic of a host Apple's rules name (`HostClaims`): an error for one that can never serve the file,
    /// a warning for a placeholder or a shut-down service, information for a developer tunnel.
    private static func reportHost(
        _ finding: HostClaims.Finding, of entry: AppLinkConfiguration.DomainEntry,
        report: (AppLinkDiagnostic.Severity, AppLinkDiagnostic.Code, String, String, AppLinkConfiguration.Location?)
            -> Void
    ) {
        let written = entry.setting.written
        let resolved =
            entry.setting.written.contains("$") ? " (after resolving its build variables: '\(entry.setting)')" : ""
        let code: AppLinkDiagnostic.Code
        let severity: AppLinkDiagnostic.Severity
        let hint: String
        switch finding.kind {
        case .ipAddress:
            (code, severity) = (.ipAddressHost, .error)
            hint = "name the site by its fully qualified domain, such as applinks:example.com"
        case .singleLabel:
            (code, severity) = (.singleLabelHost, .error)
            hint = "name the site by its fully qualified public domain, such as applinks:example.com"
        case .specialUse:
            (code, severity) = (.specialUseHost, .error)
            hint = "claim the public domain that serves the file (for a test server, a public test subdomain)"
        case .documentation:
            (code, severity) = (.documentationDomain, .warning)
            hint = "replace the placeholder with the app's own domain"
        case .shutDownService:
            (code, severity) = (.shutDownService, .warning)
            hint = "move the links to a domain of your own and claim it instead"
        case .developerTunnel:
            (code, severity) = (.developerTunnel, .info)
            hint = "claim the production domain in entitlements that ship (keep the tunnel for development builds)"
        case .unverifiableService:
            (code, severity) = (.unverifiableHost, .warning)
            hint = "claim a domain of your own (the provider returns to the app through it), or remove the entry"
        }
        report(severity, code, "'\(written)'\(resolved): \(finding.message)", hint, entry.location)
    }

    /// The diagnostic of a `?mode=developer` entry: the fix keeps or adds the release claim, never deletes it.
    private static func reportDeveloperMode(
        _ entry: AppLinkConfiguration.DomainEntry, mode: AssociatedDomain.Mode,
        release: AppLinkConfiguration.DomainEntry?, options: Options,
        report: (AppLinkDiagnostic.Severity, AppLinkDiagnostic.Code, String, String, AppLinkConfiguration.Location?)
            -> Void
    ) {
        let written = entry.setting.written
        let domain = entry.domain
        let bare = "\(domain.service):\(domain.isWildcard ? "*." : "")\(domain.host)"
        let claim =
            release.map { "; \($0.setting.written) claims \(domain.host) in release builds" }
            ?? "; no other \(domain.service) entry claims \(domain.isWildcard ? "*." : "")\(domain.host), so a release "
            + "build does not claim it at all"
        report(
            options.release ? .error : .warning, .developerMode,
            "'\(written)' is in developer mode: only devices with developer mode on fetch the file from "
                + "the origin; "
                + (options.release
                    ? "in a release build the mode is ignored, which hides CDN problems during testing"
                    : "remove the mode before release") + claim,
            release.map {
                "keep \($0.setting.written) for release builds; remove \(written) or keep it for development"
            }
                ?? "write \(bare)" + (mode.includesManaged ? "?mode=managed" : ""), entry.location)
    }

    // MARK: - URL schemes

    private static func checkSchemes(
        _ configuration: AppLinkConfiguration,
        report: (AppLinkDiagnostic.Severity, AppLinkDiagnostic.Code, String, String, AppLinkConfiguration.Location?)
            -> Void
    ) {
        var seen = Set<String>()
        for scheme in configuration.urlSchemes {
            guard let name = scheme.scheme else { continue }
            let bytes = Array(name.utf8)
            let valid =
                !bytes.isEmpty && URLBytes.isAlpha(bytes[0])
                && bytes.allSatisfy {
                    URLBytes.isAlpha($0) || URLBytes.isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                        || $0 == UInt8(ascii: ".")
                }
            if !valid {
                report(
                    .error, .invalidScheme,
                    "'\(name)' is not a URL scheme: a letter, then letters, digits, '+', '-' or '.'"
                        + (name.contains(":") ? " (write the scheme without ':' or '//')" : ""),
                    "write the scheme alone, e.g. \(name.prefix { $0.isLetter || $0.isNumber }.lowercased())",
                    scheme.location)
            } else if URLSchemes.keptBySystem.contains(name.lowercased()),
                !(configuration.isDefaultWebBrowser && URLSchemes.web.contains(name.lowercased())),
                !(configuration.isDefaultMailClient && name.lowercased() == "mailto")
            {
                let web = URLSchemes.web.contains(name.lowercased())
                report(
                    .error, .systemScheme,
                    "'\(name)' is a scheme the system keeps for itself: iOS opens its URLs in "
                        + (web ? "Safari (or the app that claims the host)" : "Apple's own app")
                        + ", never in this one",
                    web
                        ? "remove it and use universal links: claim the host with applinks:HOST in the Associated "
                            + "Domains entitlement, and serve its apple-app-site-association file"
                        : "remove it, and declare a scheme of the app's own (such as its name)",
                    scheme.location)
            } else if !seen.insert(name.lowercased()).inserted {
                report(
                    .warning, .duplicateScheme, "the scheme '\(name)' is declared twice", "remove one of them",
                    scheme.location)
            }
        }
    }

    /// Entitlements first, then Info.plist; by byte offset within each; ties keep their order.
    static func inFileOrder(_ diagnostics: [AppLinkDiagnostic]) -> [AppLinkDiagnostic] {
        diagnostics.enumerated()
            .sorted { left, right in
                func key(_ diagnostic: AppLinkDiagnostic) -> (Int, Int) {
                    guard let location = diagnostic.location else { return (-1, 0) }
                    return (location.file == .entitlements ? 0 : 1, location.position.byteOffset)
                }
                let (a, b) = (key(left.element), key(right.element))
                return a != b ? a < b : left.offset < right.offset
            }
            .map(\.element)
    }
}

/// The entries a release build keeps (no developer mode, a host iOS claims), indexed by service, wildcard and host,
/// so that finding the release claim of each developer-mode entry costs O(its host's labels), not a scan of every
/// entry (quadratic in a file of developer-mode entries).
private struct ReleaseClaims {
    private var first: [String: AppLinkConfiguration.DomainEntry] = [:]

    init(_ entries: [AppLinkConfiguration.DomainEntry]) {
        for entry in entries where !(entry.domain.mode?.includesDeveloper ?? false) && entry.domain.claimsItsHost {
            let key = Self.key(entry.domain.service, entry.domain.isWildcard, entry.domain.host)
            if first[key] == nil { first[key] = entry }
        }
    }

    private static func key(_ service: AssociatedDomain.Service, _ isWildcard: Bool, _ host: String) -> String {
        service.rawValue + (isWildcard ? ":*." : ":") + host
    }

    /// The first entry, in file order, that claims the hosts of `entry` in a release build: the same service and
    /// host (both wildcards or neither), or, for a plain host, a wildcard entry that covers it.
    func first(for entry: AppLinkConfiguration.DomainEntry) -> AppLinkConfiguration.DomainEntry? {
        let domain = entry.domain
        var candidates: [AppLinkConfiguration.DomainEntry] = []
        if let same = first[Self.key(domain.service, domain.isWildcard, domain.host)] { candidates.append(same) }
        if !domain.isWildcard {
            // The wildcard entries that may cover the host: `*.` and each proper suffix after a dot.
            var rest = Substring(domain.host)
            while let dot = rest.firstIndex(of: ".") {
                rest = rest[rest.index(after: dot)...]
                if let cover = first[Self.key(domain.service, true, String(rest))],
                    cover.domain.covers(host: domain.host)
                {
                    candidates.append(cover)
                }
            }
        }
        return candidates.filter { $0.index != entry.index }.min { $0.index < $1.index }
    }
}

import LinkRouting
import RichMediaKitSupport

/// Checks an app's Associated Domains entries, app IDs and URL schemes against what iOS accepts.
///
/// Every diagnostic has a stable ``AppLinkDiagnostic/Code``, a message, a one-line fix and the location of the
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
        /// reads them: a `*.host` entry without `host` is reported when the routes use `host`.
        public var hostsOfRoutes: [String]?

        /// Creates options.
        ///
        /// - Parameters:
        ///   - release: Whether the entitlements are a release build's.
        ///   - routes: The app's routes (what `link-router app lint --routes FILE` reads), or nil.
        public init(release: Bool = false, routes: RouteTable? = nil) {
            self.release = release
            self.hostsOfRoutes = routes.map(AppLinkLinter.hosts(usedBy:))
        }

        /// Creates options from the hosts the routes use.
        ///
        /// - Parameters:
        ///   - release: Whether the entitlements are a release build's.
        ///   - routeHosts: The hosts the app's routes use, or nil.
        @available(*, deprecated, message: "pass the routes: init(release:routes:)")
        public init(release: Bool = false, routeHosts: [String]?) {
            self.release = release
            self.hostsOfRoutes = routeHosts
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
        if entries.count > maximumEntries {
            report(
                .warning, .tooManyEntries,
                "\(entries.count) Associated Domains entries; apps with more than \(maximumEntries) were reported to "
                    + "crash at launch, and iOS fetches a file for every domain",
                "use *.domain entries for families of subdomains, and drop domains the app does not serve",
                configuration.associatedDomainsLocation)
        }
        var seen: [String: Int] = [:]
        for entry in entries {
            let written = entry.setting.written
            guard entry.setting.value != nil else { continue }  // reported as unresolved-variable
            if !entry.domain.service.isKnown {
                let known = AssociatedDomain.Service.known.map(\.rawValue).joined(separator: ", ")
                report(
                    .error, .unknownService,
                    entry.domain.service.rawValue.isEmpty
                        ? "'\(written)' has no service: an entry is <service>:<host>"
                        : "'\(written)' names the service '\(entry.domain.service)', which iOS does not know",
                    "start the entry with one of \(known), e.g. applinks:\(entry.domain.host.isEmpty ? "example.com" : entry.domain.host)",
                    entry.location)
            }
            if let scheme = entry.domain.scheme {
                report(
                    .error, .schemeInEntry,
                    "'\(written)' has the URL scheme '\(scheme)://': an entry names a host, never a URL",
                    "write \(entry.domain.service):\(entry.domain.isWildcard ? "*." : "")\(entry.domain.host)",
                    entry.location)
            }
            if let path = entry.domain.path {
                report(
                    .error, .pathInEntry,
                    "'\(written)' has the path '\(path)': an entry claims a whole host, paths belong in the site's file",
                    "write \(entry.domain.service):\(entry.domain.isWildcard ? "*." : "")\(entry.domain.host), and put the paths in the "
                        + "apple-app-site-association file's components", entry.location)
            }
            if let port = entry.domain.port {
                report(
                    .warning, .portInEntry,
                    "'\(written)' has the port \(port): iOS then fetches the file from that port, and the entry claims "
                        + "only URLs with that port, not those of the host itself",
                    "remove :\(port) unless the site really serves its links on that port", entry.location)
            }
            if entry.domain.host.isEmpty {
                report(.error, .emptyHost, "'\(written)' names no host", "write <service>:example.com", entry.location)
            } else if let problem = HostNames.problem(entry.domain.host) {
                report(
                    .error, .invalidHost, "'\(written)': \(problem)",
                    "write a host name such as example.com, "
                        + "or *.example.com for its subdomains", entry.location)
            } else if !entry.domain.host.allSatisfy(\.isASCII) {
                let punycode = Punycode.hostName(entry.domain.host)
                report(
                    .error, .nonASCIIHost,
                    "'\(written)' has the non-ASCII host '\(entry.domain.host)'; iOS compares the punycode form",
                    "write \(entry.domain.service):\(entry.domain.isWildcard ? "*." : "")\(punycode ?? "xn--...") (the host in punycode)",
                    entry.location)
            }
            if let mode = entry.domain.mode {
                if !mode.isKnown {
                    report(
                        .error, .unknownMode, "'\(written)' has the mode '\(mode)', which iOS does not know",
                        "use ?mode=developer, ?mode=managed or ?mode=developer+managed, or no mode", entry.location)
                } else if mode.includesDeveloper {
                    report(
                        options.release ? .error : .warning, .developerMode,
                        "'\(written)' is in developer mode: only devices with developer mode on fetch the file from "
                            + "the origin; "
                            + (options.release
                                ? "in a release build the mode is ignored, which hides CDN problems during testing"
                                : "remove the mode before release"),
                        "write \(entry.domain.service):\(entry.domain.isWildcard ? "*." : "")\(entry.domain.host)"
                            + (mode.includesManaged ? "?mode=managed" : ""), entry.location)
                }
            }
            let key =
                "\(entry.domain.service.rawValue.lowercased()):\(entry.domain.isWildcard ? "*." : "")\(entry.domain.host)"
            if !entry.domain.host.isEmpty, let first = seen[key] {
                report(
                    .warning, .duplicateEntry,
                    "'\(written)' repeats entry \(first) (\(entries[first].setting.written))",
                    "remove one of them", entry.location)
            } else {
                seen[key] = entry.index
            }
        }
        guard let routeHosts = options.hostsOfRoutes else { return }
        let applinks = entries.filter { $0.domain.service == .applinks && $0.setting.value != nil }
        let plain = Set(applinks.filter { !$0.domain.isWildcard }.map(\.domain.host))
        let used = Set(routeHosts.map { URLBytes.asciiLowercased($0) })
        var reported = Set<String>()
        for entry in applinks
        where entry.domain.isWildcard && !plain.contains(entry.domain.host) && used.contains(entry.domain.host) {
            guard reported.insert(entry.domain.host).inserted else { continue }
            report(
                .error, .wildcardWithoutBase,
                "'\(entry.setting.written)' covers the subdomains of \(entry.domain.host) but not \(entry.domain.host) itself, "
                    + "which the routes use: links to \(entry.domain.host) open Safari",
                "add applinks:\(entry.domain.host) beside it", entry.location)
        }
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
            } else if URLSchemes.keptBySystem.contains(name.lowercased()) {
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

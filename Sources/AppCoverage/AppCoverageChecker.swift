import AppSiteAssociation
import LinkCoverage
import LinkRouting

/// The whole-app check: the app's entitlements and `Info.plist` against its routes, and every domain it claims
/// against that domain's apple-app-site-association file (what `link-router check --entitlements ...` prints).
///
/// The rules, in the order of the report, after a gap for each value of the wrong type in the entitlements or the
/// `Info.plist` (``AppCoverageReport/Gap/Kind/wrongType``, at its key path; the rest of the file is checked without
/// it):
/// 1. Every associated domain of the routes file must be claimed by an `applinks` entry of the entitlements
///    (``AppCoverageReport/Gap/Kind/associatedDomainNotEntitled``), and every route bound to a host
///    (`https://host/...`) must be on a claimed host (``AppCoverageReport/Gap/Kind/routeDomainNotClaimed``).
/// 2. Every `applinks` entry must be served by some route: the routes file associates its host and some route
///    applies to it (``AppCoverageReport/Gap/Kind/domainWithoutRoutes``).
/// 3. With an `Info.plist`: every custom scheme routes use must be declared in `CFBundleURLTypes`
///    (``AppCoverageReport/Gap/Kind/undeclaredScheme``), and every declared scheme must be handled by a route
///    (``AppCoverageReport/Gap/Kind/unhandledScheme``).
/// 4. For each claimed host with a file: the deployed file's errors (fetch mode), the app ID among its `appIDs`
///    (``AppCoverageReport/Gap/Kind/appIDNotListed``, naming the IDs it lists and the team prefix that differs),
///    then the exact comparison of `CoverageChecker/check(aasa:routes:domain:appID:allURLs:)`.
/// 5. For each host claimed for another service (`webcredentials`, `appclips`, `activitycontinuation`) with a file:
///    the file has the service's section (``AppCoverageReport/Gap/Kind/serviceWithoutSection``) and its `apps`
///    name the app (``AppCoverageReport/Gap/Kind/serviceAppNotListed``; for `appclips` in an App Clip's
///    entitlements the clip's ID, and the `applinks` section names its parent app; in a full app's, a clip of it).
/// 6. A file given for a host that an entry iOS ignores was meant to claim (`applink:example.com`,
///    `applinks:example.com:443`), while the file is ready for the app: ``AppCoverageReport/Gap/Kind/ignoredEntry``.
///
/// Whether an entry claims a host is decided by `AssociatedDomain.claims(_:for:)`, the rule `app lint` and `doctor`
/// use too. Hosts claimed by a plain entry are checked; a wildcard entry `*.example.com` is checked on the hosts
/// below it that the routes associate, that routes are bound to or that a file was given for. A claimed host without
/// a file is reported `not-checked`, and the others are still checked; the report is then not clean
/// (``AppCoverageReport/isComplete``).
public enum AppCoverageChecker {
    /// Checks the app's side against itself and against the sites' files.
    ///
    /// - Parameters:
    ///   - app: The app's side, read from its entitlements and `Info.plist`.
    ///   - routes: The app's route table.
    ///   - appID: The signed app's ID.
    ///   - files: The sites' files by lowercased host.
    ///   - allURLs: Compare non-canonical URLs too (see `CoverageChecker`).
    /// - Returns: The report.
    /// - Throws: `CoverageError` when a domain's patterns are too complex to compare.
    static func check(
        app: AppLinkSide, routes: RouteTable, appID: String, files: [String: SiteFile], allURLs: Bool = false
    ) throws(CoverageError) -> AppCoverageReport {
        var gaps = wrongTypeGaps(app: app)
        gaps += entitlementGaps(app: app, routes: routes)
        gaps += schemeGaps(app: app, routes: routes)
        var domains: [AppCoverageReport.Domain] = []
        var deployedChecked = Set<String>()
        for (host, entry) in hostsToCheck(app: app, routes: routes, files: files) {
            let (domain, domainGaps) = try checkDomain(
                host, entry: entry, file: files[host], routes: routes, appID: appID, allURLs: allURLs)
            if files[host] != nil { deployedChecked.insert(host) }
            domains.append(domain)
            gaps += domainGaps
        }
        for (host, entry) in serviceHostsToCheck(app: app, files: files) {
            guard let file = files[host] else {
                domains.append(
                    .init(domain: host, entry: entry.text, source: nil, state: .notChecked, service: entry.service))
                continue
            }
            if deployedChecked.insert(host).inserted { gaps += deployedFileGaps(host, file: file) }
            let (domain, domainGaps) = checkService(host, entry: entry, file: file, app: app, appID: appID)
            domains.append(domain)
            gaps += domainGaps
        }
        for host in unclaimedFileHosts(app: app, files: files) {
            domains.append(.init(domain: host, entry: nil, source: files[host]?.source, state: .notClaimed))
        }
        gaps += ignoredEntryGaps(app: app, appID: appID, files: files)
        return AppCoverageReport(appID: appID, domains: domains, gaps: gaps)
    }

    /// The hosts to check, each with the entry claiming it: plain entries' hosts, then for each wildcard entry
    /// the hosts below it that routes are bound to or files were given for.
    static func hostsToCheck(
        app: AppLinkSide, routes: RouteTable, files: [String: SiteFile]
    ) -> [(host: String, entry: AppLinkSide.Entry)] {
        var seen = Set<String>()
        var hosts: [(String, AppLinkSide.Entry)] = []
        for entry in app.entries {
            guard let domain = entry.domain else { continue }
            if !domain.isWildcard {
                if seen.insert(domain.host).inserted { hosts.append((domain.host, entry)) }
                continue
            }
            // Every host the routes associate that the wildcard covers (`not-checked` without its file), then the
            // hosts routes are bound to and those files were given for.
            var below = routes.associatedDomains.filter { !$0.isWildcard && domain.covers(host: $0.host) }.map(\.host)
            for pattern in routes.patterns {
                if case .host(let host) = pattern.binding, domain.covers(host: host) { below.append(host) }
            }
            below += files.keys.sorted().filter { domain.covers(host: $0) }
            for host in below where seen.insert(host).inserted { hosts.append((host, entry)) }
        }
        return hosts
    }

    /// The hosts files were given for that no entry claims for any service, sorted (listed `not-claimed`).
    static func unclaimedFileHosts(app: AppLinkSide, files: [String: SiteFile]) -> [String] {
        files.keys.sorted().filter { app.services(claiming: $0).isEmpty }
    }

    /// The state of `host`, claimed by an `applinks` entry, as far as its file and the routes take it: decided here
    /// only, for the report and for iOS's side in the both-platforms check (``IOSLinkPlatform``), so the two agree.
    static func applinksState(
        _ host: String, file: SiteFile?, routes: RouteTable, appID: String
    ) -> AppCoverageReport.Domain.State {
        guard let file else { return .notChecked }
        guard let matcher = file.matcher else { return .unavailable }
        guard routes.servesHTTPS(on: host) else { return .noRoutes }
        return matcher.appIDs.contains(appID) ? .checked : .appIDNotListed
    }

    /// Whether some route handles https URLs on some host a wildcard entry `*.base` covers.
    static func serves(_ routes: RouteTable, wildcard base: AssociatedDomain) -> Bool {
        let hasPathRoute = routes.patterns.contains { $0.binding == .any }
        let below = routes.associatedDomains.contains { domain in
            domain.isWildcard
                ? domain.host == base.host || base.covers(host: domain.host) : base.covers(host: domain.host)
        }
        if below, hasPathRoute { return true }
        return routes.patterns.contains { pattern in
            guard case .host(let host) = pattern.binding else { return false }
            return base.covers(host: host) && routes.associatedDomains.contains { $0.covers(host: host) }
        }
    }

    /// A gap for each value of the wrong type in the app's files (what `app lint` reports as `wrong-type`).
    static func wrongTypeGaps(app: AppLinkSide) -> [AppCoverageReport.Gap] {
        app.wrongTypes.map { value in
            .init(
                kind: .wrongType,
                message: "In the \(value.inInfoPlist ? "Info.plist" : "entitlements"), \(value.description): iOS "
                    + "ignores it (and what it would have declared); the rest of the file is checked without it.",
                place: value.inInfoPlist
                    ? .infoPlistValue(keyPath: value.keyPath) : .entitlementsValue(keyPath: value.keyPath),
                fileLocation: value.location)
        }
    }

    static func entitlementGaps(app: AppLinkSide, routes: RouteTable) -> [AppCoverageReport.Gap] {
        var gaps: [AppCoverageReport.Gap] = []
        for (index, domain) in routes.associatedDomains.enumerated() where !app.claimsEntry(domain) {
            gaps.append(
                .init(
                    kind: .associatedDomainNotEntitled,
                    message: "The routes file associates \(domain), and no applinks entry of the entitlements "
                        + "claims it: iOS never sends its links to the app.",
                    place: .routes(pointer: .root.appending("associatedDomains").appending(index)), domain: domain.host,
                    entry: domain.description))
        }
        for (index, route) in routes.routes.enumerated() {
            guard case .host(let host) = routes.patterns[index].binding, app.claims(host).isEmpty else { continue }
            gaps.append(
                .init(
                    kind: .routeDomainNotClaimed,
                    message: "Route `\(route.name)` is bound to \(host), and no applinks entry of the entitlements "
                        + "claims it: the route never receives a link (Safari opens).",
                    place: .routes(pointer: .root.appending("routes").appending(index)), domain: host, route: route.name
                ))
        }
        for entry in app.entries {
            guard let domain = entry.domain else { continue }
            let served = domain.isWildcard ? serves(routes, wildcard: domain) : routes.servesHTTPS(on: domain.host)
            guard !served else { continue }
            let listed = routes.associatedDomains.contains {
                domain.isWildcard ? $0.isWildcard && $0.host == domain.host : $0.covers(host: domain.host)
            }
            let why =
                listed
                ? "no route of the routes file applies to it"
                : "the routes file does not list it in associatedDomains"
            gaps.append(
                .init(
                    kind: .domainWithoutRoutes,
                    message: "The entitlements claim \(entry.text), and \(why): the app opens for its links with "
                        + "nothing to show.",
                    place: .entitlement(index: entry.index), domain: domain.host, entry: entry.text,
                    fileLocation: entry.location))
        }
        return gaps
    }

    static func schemeGaps(app: AppLinkSide, routes: RouteTable) -> [AppCoverageReport.Gap] {
        guard let declared = app.schemes else { return [] }
        var gaps: [AppCoverageReport.Gap] = []
        let hasPathRoute = routes.patterns.contains { $0.binding == .any }
        func handled(_ scheme: String) -> Bool {
            routes.schemes.contains(scheme)
                && (hasPathRoute || routes.patterns.contains { $0.binding == .scheme(scheme) })
        }
        for (index, scheme) in routes.schemes.enumerated() where handled(scheme) && !declared.contains(scheme) {
            gaps.append(
                .init(
                    kind: .undeclaredScheme,
                    message: "Routes handle \(scheme):// links, and the Info.plist does not declare the scheme in "
                        + "CFBundleURLTypes: iOS never hands them to the app.",
                    place: .routes(pointer: .root.appending("schemes").appending(index)), scheme: scheme))
        }
        for scheme in declared where !handled(scheme) {
            let why =
                routes.schemes.contains(scheme)
                ? "no route handles its links" : "the routes file does not list it in schemes"
            gaps.append(
                .init(
                    kind: .unhandledScheme,
                    message: "The Info.plist declares the scheme \(scheme), and \(why): the app opens for "
                        + "\(scheme):// links with nothing to show.",
                    place: .infoPlistScheme(scheme), scheme: scheme, fileLocation: app.schemeLocations[scheme]))
        }
        return gaps
    }

    /// The deployed file's errors (fetch mode), except the coverage ones the check decides itself.
    static func deployedFileGaps(_ host: String, file: SiteFile) -> [AppCoverageReport.Gap] {
        var gaps: [AppCoverageReport.Gap] = []
        for finding in file.fetch?.findings ?? [] where finding.severity == .error && finding.source != .coverage {
            gaps.append(
                .init(
                    kind: .deployedFile, message: "\(host): \(finding.message) (fix: \(finding.hint))",
                    place: .aasa(domain: host, pointer: JSONPointer(known: finding.pointer ?? "")), domain: host,
                    code: finding.code))
        }
        return gaps
    }

    /// Where a file that does not name the app ID lists the app IDs it names: its first details entry's `appIDs`,
    /// or `/applinks` when it has none (the whole-app check's `app-id-not-listed` gap and the doctor's `rule` step).
    ///
    /// - Parameter matcher: The file's matcher.
    /// - Returns: The pointer.
    package static func appIDsPointer(of matcher: AASAMatcher) -> JSONPointer {
        JSONPointer(known: matcher.entries.first.map { $0.pointer + "/appIDs" } ?? "/applinks")
    }

    /// One host an `applinks` entry claims: its domain entry (its state from
    /// ``applinksState(_:file:routes:appID:)``) and its gaps.
    static func checkDomain(
        _ host: String, entry: AppLinkSide.Entry, file: SiteFile?, routes: RouteTable, appID: String, allURLs: Bool
    ) throws(CoverageError) -> (AppCoverageReport.Domain, [AppCoverageReport.Gap]) {
        let domain = AppCoverageReport.Domain(
            domain: host, entry: entry.text, source: file?.source,
            state: applinksState(host, file: file, routes: routes, appID: appID), cdn: file?.fetch?.cdn?.state.rawValue)
        var gaps = file.map { deployedFileGaps(host, file: $0) } ?? []
        guard let matcher = file?.matcher, domain.state == .checked || domain.state == .appIDNotListed else {
            return (domain, gaps)
        }
        guard domain.state == .checked else {
            let listed = matcher.appIDs
            gaps.append(
                .init(
                    kind: .appIDNotListed,
                    message: "The file of \(host) does not name \(appID) ("
                        + AppIDDifference.describe(appID: appID, listed: listed)
                        + "): no link of \(host) opens the app.",
                    place: .aasa(domain: host, pointer: appIDsPointer(of: matcher)), domain: host, appIDs: listed))
            return (domain, gaps)
        }
        let report = try CoverageChecker.check(
            aasa: matcher, routes: routes, domain: host, appID: appID, allURLs: allURLs)
        for gap in report.unrouted {
            var entry = AppCoverageReport.Gap(
                kind: .unrouted,
                message: "The AASA rule \(gap.rule) of \(host) sends \(gap.example) to the app, and no route "
                    + "handles it (the app opens with nothing to show)."
                    + (URLSyntaxCorner.sentence(gap.corners) ?? ""),
                place: .aasa(domain: host, pointer: JSONPointer(known: gap.rule)), domain: host, rule: gap.rule,
                example: gap.example)
            entry.corners = gap.corners
            entry.ruleText = gap.ruleText
            gaps.append(entry)
        }
        for gap in report.unclaimed {
            let why = gap.rule.map { "the exclude rule \($0) blocks it" } ?? "no AASA rule for the app matches it"
            let index = routes.routeIndex(named: gap.route) ?? 0
            var entry = AppCoverageReport.Gap(
                kind: .unclaimed,
                message: "Route `\(gap.route)` handles \(gap.example), and iOS opens it in Safari: \(why)."
                    + (URLSyntaxCorner.sentence(gap.corners) ?? ""),
                place: .routes(pointer: .root.appending("routes").appending(index)), domain: host, route: gap.route,
                rule: gap.rule,
                example: gap.example)
            entry.corners = gap.corners
            entry.ruleText = gap.ruleText
            gaps.append(entry)
        }
        for entry in report.notCompared {
            let place: AppCoverageReport.Gap.Place
            if let rule = entry.rule {
                place = .aasa(domain: host, pointer: JSONPointer(known: rule))
            } else {
                place = .routes(pointer: .root.appending("routes").appending(entry.routeIndex ?? 0))
            }
            gaps.append(
                .init(
                    kind: .notCompared, message: entry.message(appID: appID) + " (\(host))", place: place, domain: host,
                    route: entry.route, rule: entry.rule))
        }
        return (domain, gaps)
    }
}

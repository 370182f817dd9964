import AndroidAppLinks
import LinkRouting
import RichMediaKitSupport

/// The Android coverage check: the app's manifest against its routes, and every host a verified intent filter
/// claims against that host's `assetlinks.json` (what `link-router check --manifest ...` prints).
///
/// The hosts checked, in the order of the report:
/// 1. Every host Android asks to verify for the app (`AndroidLinkDecider.verificationHosts`: the hosts of the
///    `autoVerify` filters that qualify, spec §2), in manifest order. A wildcard host (`*.example.com`) is listed
///    as ``AndroidCoverageReport/Host/State/wildcard`` and checked on the concrete hosts below it that the routes
///    name (associated domains and hosts routes are bound to), not on any other.
/// 2. Every concrete host the routes name (an associated domain, a host a route is bound to) that no verified filter
///    claims: ``AndroidCoverageReport/Gap/Kind/routeDomainNotClaimed`` (Android never verifies it).
///
/// For each claimed host: a file must be given (else ``AndroidCoverageReport/Host/State/notChecked``, or
/// ``AndroidCoverageReport/Gap/Kind/deployedFile`` when fetching failed), verify the app
/// (``AndroidCoverageReport/Gap/Kind/hostNotVerified``) and some route must serve the host
/// (``AndroidCoverageReport/Gap/Kind/domainWithoutRoutes``); then the filters, the file's dynamic rules and the routes
/// are compared exactly, from the patterns (each Android pattern is a finite automaton built from Android's own
/// matching algorithm), not by sampling: ``AndroidCoverageReport/Gap/Kind/unrouted`` (one shortest example per
/// filter that opens URLs no route handles) and ``AndroidCoverageReport/Gap/Kind/unclaimed`` (one per route and
/// reason: no filter, not verified, or excluded by a dynamic rule). Every example is decided by
/// `AndroidLinkDecider.decide(_:)` and routed by the table before it is reported.
public enum AndroidCoverageChecker {
    /// Checks the manifest, the routes and the hosts' files against each other.
    ///
    /// - Parameters:
    ///   - decider: Android's decision: the manifest, the app's identity, the target SDK and the file served for
    ///     each file host (nil: no file given).
    ///   - routes: The app's route table.
    ///   - sources: Where each file host's file came from (a path, or the URL that served it), for the report.
    ///   - unavailable: File hosts whose file could not be fetched or read, with why (`--fetch`); their hosts are
    ///     reported ``AndroidCoverageReport/Gap/Kind/deployedFile`` instead of not checked.
    ///   - allURLs: Compare non-canonical URLs too (empty and dot segments, escapes in any case); every part still
    ///     decodes to UTF-8 text without control characters. By default only canonical URLs are compared.
    /// - Returns: The report.
    /// - Throws: `CoverageError` when the patterns are too complex to compare, or use what the exact check does not
    ///   model (``CoverageError/unsupported(_:)``).
    public static func check(
        decider: AndroidLinkDecider, routes: RouteTable, sources: [String: String] = [:],
        unavailable: [String: String] = [:], allURLs: Bool = false
    ) throws(CoverageError) -> AndroidCoverageReport {
        let universe = allURLs ? URLUniverse.allText : URLUniverse.canonical
        return try check(
            decider: decider, routes: routes, sources: sources, unavailable: unavailable, universe: universe)
    }

    static func check(
        decider: AndroidLinkDecider, routes: RouteTable, sources: [String: String], unavailable: [String: String],
        universe: URLUniverse, stateLimit: Int = CoverageChecker.stateLimit
    ) throws(CoverageError) -> AndroidCoverageReport {
        let packageName = decider.app.packageName
        let named = namedHosts(routes)
        let hosts = Self.hosts(decider: decider, routes: routes, sources: sources, unavailable: unavailable)
        var gaps: [AndroidCoverageReport.Gap] = []
        var unclaimedHosts: [AndroidCoverageReport.Gap] = []
        for host in hosts {
            switch host.state {
            case .wildcard: continue
            case .notClaimed:
                unclaimedHosts.append(
                    .init(
                        kind: .routeDomainNotClaimed,
                        message: "The routes name \(host.host), and no verified intent filter of \(packageName) "
                            + "claims it: Android never verifies the host, so its links open in the browser.",
                        place: .routes(pointer: named.first { $0.host == host.host }?.pointer ?? .root),
                        host: host.host))
            default:
                gaps += try hostGaps(
                    host, decider: decider, routes: routes, unavailable: unavailable, universe: universe,
                    stateLimit: stateLimit)
            }
        }
        // What the baselines identify the filters by: their content, not their index.
        let filters = decider.manifest?.intentFilters ?? []
        for index in gaps.indices {
            if let filter = gaps[index].filter, filters.indices.contains(filter) {
                gaps[index].filterText = FindingSubjects.text(filters[filter].filter, of: filters[filter].activity)
            }
        }
        return AndroidCoverageReport(packageName: packageName, hosts: hosts, gaps: unclaimedHosts + gaps)
    }

    /// The hosts the check lists, in its report's order (see the type's list), each with its state decided from the
    /// inputs: decided here only, for the report and for Android's side in the both-platforms check, so the two agree.
    package static func hosts(
        decider: AndroidLinkDecider, routes: RouteTable, sources: [String: String], unavailable: [String: String]
    ) -> [AndroidCoverageReport.Host] {
        var hosts: [AndroidCoverageReport.Host] = []
        var seen = Set<String>()
        let named = namedHosts(routes)
        // A claimed concrete host: its state as far as its file and the routes take it.
        func add(_ host: String) {
            let standing = decider.standing(ofHost: host, in: AndroidURI("https://\(host)/"))
            let fileHost = standing.fileHost ?? DomainVerificationRules.fileHost(for: host)
            var entry = AndroidCoverageReport.Host(
                host: host, declaredBy: standing.declaredHost.map(URLBytes.asciiLowercased), fileHost: fileHost,
                source: sources[fileHost], state: .checked)
            if standing.verification == nil {
                entry.state = unavailable[fileHost] == nil ? .notChecked : .unavailable
            } else if !standing.isVerified {
                entry.state = .notVerified
            } else if !routes.servesHTTPS(on: host) {
                entry.state = .noRoutes
            }
            hosts.append(entry)
        }
        for declared in decider.verificationHosts.map(URLBytes.asciiLowercased) {
            guard declared.hasPrefix("*.") else {
                if seen.insert(declared).inserted { add(declared) }
                continue
            }
            let fileHost = DomainVerificationRules.fileHost(for: declared)
            hosts.append(
                .init(
                    host: declared, declaredBy: declared, fileHost: fileHost, source: sources[fileHost],
                    state: .wildcard))
            let base = declared.dropFirst(2)
            for (host, _) in named where host.hasSuffix("." + base) && seen.insert(host).inserted { add(host) }
        }
        for (host, _) in named where seen.insert(host).inserted {
            // Approved through a declared wildcard whose domain it ends with (spec §5 step 3), and some filter takes
            // its links: checked as a claimed host.
            if approvable(host, decider: decider) {
                add(host)
            } else {
                hosts.append(.init(host: host, declaredBy: nil, fileHost: nil, source: nil, state: .notClaimed))
            }
        }
        return hosts
    }

    /// The concrete hosts the routes name, each once in file order, with the pointer of its first mention: the
    /// associated domains, then the hosts routes are bound to.
    static func namedHosts(_ routes: RouteTable) -> [(host: String, pointer: JSONPointer)] {
        var seen = Set<String>()
        var named: [(String, JSONPointer)] = []
        for (index, domain) in routes.associatedDomains.enumerated() where !domain.isWildcard {
            if seen.insert(domain.host).inserted {
                named.append((domain.host, JSONPointer.root.appending("associatedDomains").appending(index)))
            }
        }
        for (index, pattern) in routes.patterns.enumerated() {
            if case .host(let host) = pattern.binding, seen.insert(host).inserted {
                named.append((host, JSONPointer.root.appending("routes").appending(index)))
            }
        }
        return named
    }

    /// Whether `host`, which no verified filter declares, is one a declared wildcard approves (by string suffix: the
    /// bare domain, `myexample.com` for `*.example.com`) and some filter takes links of.
    static func approvable(_ host: String, decider: AndroidLinkDecider) -> Bool {
        let probe = AndroidURI("https://\(host)/")
        guard decider.standing(ofHost: host, in: probe).declaredHost != nil else { return false }
        return decider.manifest?.intentFilters.contains { entry in
            switch entry.filter.match(probe) {
            case .success, .failure(.path): return true
            default: return false
            }
        } ?? false
    }

    /// The first verified filter (index and filter) that declares `declared` for verification.
    package static func declaringFilter(_ declared: String, decider: AndroidLinkDecider) -> (Int, IntentFilter)? {
        let filters = decider.manifest?.intentFilters.map(\.filter) ?? []
        return filters.enumerated().first { _, filter in
            filter.verificationHosts.contains { URLBytes.asciiLowercased($0) == declared }
        }.map { ($0.offset, $0.element) }
    }

    /// The gaps of one claimed concrete host, from its entry (``hosts(decider:routes:sources:unavailable:)``).
    private static func hostGaps(
        _ entry: AndroidCoverageReport.Host, decider: AndroidLinkDecider, routes: RouteTable,
        unavailable: [String: String], universe: URLUniverse, stateLimit: Int
    ) throws(CoverageError) -> [AndroidCoverageReport.Gap] {
        let host = entry.host
        let packageName = decider.app.packageName
        let standing = decider.standing(ofHost: host, in: AndroidURI("https://\(host)/"))
        let fileHost = entry.fileHost ?? host
        let declaring = entry.declaredBy.flatMap { declaringFilter($0, decider: decider) }
        let filterPlace = declaring.map { AndroidCoverageReport.Gap.Place.intentFilter(index: $0.0) }
        // A gap of the host's deployed file, with the declaring filter as its counterpart.
        func fileGap(_ kind: AndroidCoverageReport.Gap.Kind, _ message: String) -> AndroidCoverageReport.Gap {
            AndroidCoverageReport.Gap(
                kind: kind, message: message, place: .assetLinks(host: fileHost, pointer: .root), host: host,
                filter: declaring?.0, filterLocation: declaring?.1.location, counterpart: filterPlace,
                counterpartLocation: declaring?.1.location)
        }
        switch entry.state {
        case .checked: break
        case .unavailable:
            let message =
                "The assetlinks.json of \(fileHost) could not be read (\(unavailable[fileHost] ?? "")): no link of "
                + "\(host) is verified for \(packageName)."
            return [fileGap(.deployedFile, message)]
        case .notVerified:
            let reason =
                standing.verification?.failure?.reason(for: decider.app)
                ?? "another host the app declares fails verification, and below API 31 one failing host fails all"
            let message =
                "The assetlinks.json of \(fileHost) does not verify \(packageName) (\(reason)): Android opens no "
                + "link of \(host) in the app."
            return [fileGap(.hostNotVerified, message)]
        case .noRoutes:
            return [
                AndroidCoverageReport.Gap(
                    kind: .domainWithoutRoutes,
                    message: "A verified intent filter claims \(host), and no route serves it: the app opens its "
                        + "links with nothing to show.",
                    place: filterPlace ?? .manifest, host: host, filter: declaring?.0,
                    filterLocation: declaring?.1.location, fileLocation: declaring?.1.location)
            ]
        default: return []
        }
        let found: [(gap: AndroidCoverage.Gap, example: String)]
        do {
            found = try AndroidCoverage.check(
                decider: decider, routes: routes, host: host, universe: universe, stateLimit: stateLimit)
        } catch {
            throw CoverageError(error, stateLimit: stateLimit)
        }
        let filters = decider.manifest?.intentFilters ?? []
        let verification = standing.verification
        let rules = verification?.dynamicRules ?? []
        let rejected = decider.manifest?.rejectedPattern
        // The corners of URL syntax each example depends on: each one the URL without it is not the same gap.
        let prepared = found.isEmpty ? nil : AndroidLinkDecider.Prepared(decider)
        let cornersOfGaps = found.map { found -> [URLSyntaxCorner] in
            guard let prepared else { return [] }
            if case .notCompared = found.gap { return [] }
            return URLSyntaxCorner.androidCorners(
                of: found.example, canonicalPaths: universe.canonicalPaths,
                sameGap: { AndroidCoverage.shows(found.gap, url: $0, decider: prepared, routes: routes) },
                handled: { prepared.decide($0).verdict == .opens && routes.decision(for: $0).kind == .route })
        }
        var gaps = zip(found, cornersOfGaps).map { found, corners -> AndroidCoverageReport.Gap in
            switch found.gap {
            case .unrouted(let index):
                let (activity, filter) = filters[index]
                return .init(
                    kind: .unrouted,
                    message: "The intent filter of \(activity.name) at \(filter.location) opens \(found.example) in "
                        + "\(packageName), and no route handles it (the app gets a link it cannot show)."
                        + (URLSyntaxCorner.sentence(corners) ?? ""),
                    place: .intentFilter(index: index), host: host, filter: index, filterLocation: filter.location,
                    example: found.example, fileLocation: filter.location)
            case .unclaimed(let index, let verdict, let rule):
                let route = routes.routes[index].name
                let routePointer = JSONPointer.root.appending("routes").appending(index)
                let opens = "Route `\(route)` handles \(found.example), but Android opens it in the browser: "
                let corner = URLSyntaxCorner.sentence(corners) ?? ""
                switch verdict {
                case .excluded:
                    let pointer =
                        rule.flatMap { rules[$0].location.pointer } ?? verification?.statement?.location.pointer
                    let why =
                        rule.map { "the dynamic rule \(pointer?.text ?? "#\($0)") of \(fileHost) excludes it" }
                        ?? "no dynamic rule of \(fileHost) matches it (unmatched URLs are excluded)"
                    return .init(
                        kind: .unclaimed, message: opens + why + "." + corner,
                        place: .assetLinks(host: fileHost, pointer: pointer ?? .root), host: host, route: route,
                        rule: rule, rulePointer: rule.flatMap { rules[$0].location.pointer?.text }, reason: verdict,
                        example: found.example, counterpart: .routes(pointer: routePointer))
                case .notVerified:
                    return .init(
                        kind: .unclaimed, message: opens + "\(host) is not verified for \(packageName)." + corner,
                        place: .assetLinks(host: fileHost, pointer: .root), host: host, route: route, reason: verdict,
                        example: found.example, counterpart: .routes(pointer: routePointer))
                default:
                    return .init(
                        kind: .unclaimed,
                        message: opens
                            + (rejected.map {
                                "Android refuses to install \(packageName): \($0)."
                            } ?? "no intent filter of \(packageName) accepts it.") + corner,
                        place: .routes(pointer: routePointer), host: host, route: route, reason: verdict,
                        example: found.example)
                }
            case .notCompared(let filter, let rule, let route):
                let limit =
                    "The exact check reached its limit (\(stateLimit) product states) before it finished comparing "
                let missing = " on \(host): gaps it is part of may be missing from this report."
                if let filter {
                    let (activity, intentFilter) = filters[filter]
                    return .init(
                        kind: .notCompared,
                        message: limit + "the intent filter of \(activity.name) at \(intentFilter.location) with the "
                            + "routes" + missing,
                        place: .intentFilter(index: filter), host: host, filter: filter,
                        filterLocation: intentFilter.location, fileLocation: intentFilter.location)
                }
                if let rule {
                    let pointer = rules[rule].location.pointer
                    return .init(
                        kind: .notCompared,
                        message: limit + "the dynamic rule \(pointer?.text ?? "#\(rule)") of \(fileHost) with the "
                            + "routes" + missing,
                        place: .assetLinks(host: fileHost, pointer: pointer ?? .root), host: host, rule: rule,
                        rulePointer: pointer?.text)
                }
                let index = route ?? 0
                return .init(
                    kind: .notCompared,
                    message: limit + "route `\(routes.routes[index].name)` (\(routes.routes[index].pattern)) with the "
                        + "intent filters" + missing,
                    place: .routes(pointer: JSONPointer.root.appending("routes").appending(index)), host: host,
                    route: routes.routes[index].name)
            }
        }
        for index in gaps.indices {
            gaps[index].corners = cornersOfGaps[index]
            if let rule = gaps[index].rule, rules.indices.contains(rule) {
                gaps[index].ruleText = FindingSubjects.text(rules[rule])
            }
        }
        return gaps
    }
}

extension RouteTable {
    /// Whether some route handles https URLs on `host`: the routes file associates it and a route applies (package
    /// access: the whole-app and the Android checks ask alike).
    ///
    /// - Parameter host: The host, lower case.
    /// - Returns: Whether a route serves it.
    package func servesHTTPS(on host: String) -> Bool {
        associatedDomains.contains { $0.covers(host: host) }
            && patterns.contains { pattern in
                switch pattern.binding {
                case .any: return true
                case .host(let bound): return bound == host
                case .scheme: return false
                }
            }
    }
}

extension CoverageError {
    /// The public error for a failure of the exact Android engines.
    ///
    /// - Parameters:
    ///   - failure: The engine's failure.
    ///   - stateLimit: The state budget the engine was given (reported for a pattern too complex to build).
    init(_ failure: AndroidCoverage.Failure, stateLimit: Int) {
        switch failure {
        case .unsupported(let what): self = .unsupported(what.description)
        case .tooComplex: self = .tooComplex(states: stateLimit)
        case .budget(let states): self = .tooComplex(states: states)
        case .witnessDidNotReproduce(let detail): self = .witnessDidNotReproduce(detail)
        }
    }
}

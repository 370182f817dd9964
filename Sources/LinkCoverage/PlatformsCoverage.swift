import AndroidAppLinks
import AppSiteAssociation
import LinkRouting
import RichMediaKitSupport

/// The URLs of one host that a route handles and that open the app on one platform and not on the other, exactly:
/// the routes' languages against the AASA file's rules for the app (iOS, as ``CoverageChecker`` builds them) and the
/// manifest's filters with the host's dynamic rules (Android, as `AndroidCoverage` builds them), in one product over
/// the same URL universe.
///
/// Every example is run through the real `AASAMatcher`, `AndroidLinkDecider.decide(_:)` and the router before it is
/// returned; one that does not reproduce is a bug in the engine and fails the check.
package enum PlatformsCoverage {
    /// A URL a route handles that opens the app on one platform only, by what blocks it on the other.
    package enum Difference: Hashable, Sendable {
        /// iOS opens the URL in the app and Android does not: Android's `verdict` (`noFilter`, `notVerified` or
        /// `excluded`), and for `excluded` the dynamic rule that excludes (nil when none matches).
        case onlyIOS(route: Int, verdict: AndroidLinkDecision.Verdict, rule: Int?)
        /// Android opens the URL in the app and iOS does not: the AASA rule for the app that decides it (an
        /// exclude rule, by its index in `AASAMatcher.rules(for:)`), nil when none matches.
        case onlyAndroid(route: Int, rule: Int?)
        /// The check reached its limit before it finished comparing the route on the host (no example).
        case notCompared(route: Int)

        /// The route that handles the URL.
        package var route: Int {
            switch self {
            case .onlyIOS(let route, _, _), .onlyAndroid(let route, _), .notCompared(let route): route
            }
        }
    }

    /// The differences on `host`, each with a shortest example URL.
    ///
    /// - Parameters:
    ///   - aasa: The AASA file iOS reads for `host`, or nil when iOS opens no URL of the host in the app (no
    ///     applinks entry claims it, or its file does not name the app).
    ///   - appID: The iOS app ID whose rules count.
    ///   - decider: Android's decision (the manifest, the app's identity, the served files).
    ///   - routes: The app's routes.
    ///   - host: The host (https, no port), lower case.
    ///   - universe: The URLs compared; its parts must decode to UTF-8 text (Android compares text).
    ///   - stateLimit: The most product states to build.
    /// - Returns: The differences in a stable order: iOS only, then Android only, by route and blocking rule.
    /// - Throws: `AndroidCoverage.Failure`; ``AndroidCoverage/Failure/witnessDidNotReproduce(_:)`` when an example
    ///   does not reproduce.
    static func check(
        aasa: AASAMatcher?, appID: String, decider: AndroidLinkDecider, routes: RouteTable, host: String,
        universe: URLUniverse = .canonical, stateLimit: Int = CoverageChecker.stateLimit
    ) throws(AndroidCoverage.Failure) -> [(difference: Difference, example: String)] {
        let aasaRules = aasa?.rules(for: appID) ?? []
        let android = try AndroidCoverage.Leaves(decider: decider, host: host)
        let routeLeaves = AndroidCoverage.routeLanguages(routes, host: host)
        guard !routeLeaves.isEmpty else { return [] }
        let explorer = ProductExplorer(
            universe: universe.sharedAutomaton,
            components: [
                .init(leaves: aasaRules.map(\.language), firstMatch: true) { aasaRules[$0].isWorthDeterminizing },
                .init(leaves: android.filters.map(\.language), firstMatch: true),
                .init(leaves: android.rules, firstMatch: true),
                .init(leaves: routeLeaves.map(\.language), firstMatch: false),
            ])
        var known = Set<Difference>()
        let exploration = explorer.explore(stateLimit: stateLimit) { state -> ProductExplorer.Visit<Difference> in
            var label: Difference?
            if state.universeAccepts, let routeLeaf = state.accepting(3).first {
                let route = routeLeaves[Int(routeLeaf)].route
                let aasaRule = state.accepting(0).first.map { Int($0) }
                let filter = state.accepting(1).first.map { android.filters[Int($0)].filter }
                let rule = state.accepting(2).first.map { Int($0) }
                let iosOpens = aasaRule.map { !aasaRules[$0].exclude } ?? false
                let verdict = android.verdict(filter: filter, rule: rule)
                if iosOpens, verdict != .opens {
                    label = .onlyIOS(route: route, verdict: verdict, rule: verdict == .excluded ? rule : nil)
                } else if !iosOpens, verdict == .opens {
                    label = .onlyAndroid(route: route, rule: aasaRule)
                }
                if let label { known.insert(label) }
            }
            // A difference needs a route: without a live route nothing below is reported. Where every live route's
            // possible differences are known, nothing new is either.
            let rules = state.live(0)
            let filters = state.live(1)
            let dynamicRules = state.live(2)
            let verified = android.standing.isVerified
            for leaf in state.live(3) {
                let route = routeLeaves[Int(leaf)].route
                // Android only: a live filter (and the host verified), iOS blocked by a live exclude rule or no rule.
                if verified, !filters.isEmpty {
                    if !state.isDecided(0) && !known.contains(.onlyAndroid(route: route, rule: nil)) {
                        return .init(label: label, prune: false)
                    }
                    for rule in rules where aasaRules[Int(rule)].exclude {
                        if !known.contains(.onlyAndroid(route: route, rule: Int(rule))) {
                            return .init(label: label, prune: false)
                        }
                    }
                }
                // iOS only: a live match rule, Android blocked.
                guard rules.contains(where: { !aasaRules[Int($0)].exclude }) else { continue }
                var verdicts: [(AndroidLinkDecision.Verdict, Int?)] = []
                if !state.isDecided(1) { verdicts.append((.noFilter, nil)) }
                if !filters.isEmpty {
                    if !verified {
                        verdicts.append((.notVerified, nil))
                    } else if let all = android.dynamicRules {
                        if !state.isDecided(2) { verdicts.append((.excluded, nil)) }
                        for rule in dynamicRules where all[Int(rule)].exclude {
                            verdicts.append((.excluded, Int(rule)))
                        }
                    }
                }
                for (verdict, rule) in verdicts
                where !known.contains(.onlyIOS(route: route, verdict: verdict, rule: rule)) {
                    return .init(label: label, prune: false)
                }
            }
            return .init(label: label, prune: true)
        }
        var found: [(difference: Difference, example: String)] = []
        if !exploration.complete {
            // The limit: every route still alive where the search stopped.
            for (leaf, entry) in routeLeaves.enumerated() where exploration.unfinished[3][leaf] {
                found.append((.notCompared(route: entry.route), ""))
            }
        }
        // The real decider, with the manifest read once for all the examples.
        let prepared = AndroidLinkDecider.Prepared(decider)
        for (difference, witness) in exploration.witnesses {
            let url = URLUniverse.url(domain: host, encoded: witness)
            try reproduce(
                difference, url: url, aasa: aasa, aasaRules: aasaRules, appID: appID, decider: prepared,
                routes: routes, host: host)
            found.append((difference, url))
        }
        return found.sorted { order($0.difference).lexicographicallyPrecedes(order($1.difference)) }
    }

    /// Runs `url` through the AASA matcher, Android's decider and the router, and throws unless they show
    /// `difference`.
    private static func reproduce(
        _ difference: Difference, url: String, aasa: AASAMatcher?, aasaRules: [AASAResolvedRule], appID: String,
        decider: AndroidLinkDecider.Prepared, routes: RouteTable, host: String
    ) throws(AndroidCoverage.Failure) {
        let match = aasa?.match(url, domain: host, appID: appID)
        let decision = decider.decide(url)
        let routed = routes.decision(for: url)
        let name = routes.routes[difference.route].name
        let iosOpens = match?.decision == .match
        var agrees = routed.kind == .route && routed.routed?.route == name
        let expected: String
        switch difference {
        case .onlyIOS(_, let verdict, let rule):
            agrees =
                agrees && iosOpens && decision.verdict == verdict
                && (verdict != .excluded || decision.dynamicRule?.index == rule)
            expected = "iOS to open it and Android \(verdict.rawValue)"
        case .onlyAndroid(_, let rule):
            agrees =
                agrees && !iosOpens && decision.verdict == .opens && match?.rule == rule.map { aasaRules[$0].pointer }
            expected = "Android to open it and iOS not (rule \(rule.map { aasaRules[$0].pointer } ?? "none"))"
        case .notCompared: return
        }
        guard agrees else {
            throw .witnessDidNotReproduce(
                "\(url): expected route \(name), \(expected); iOS decided \(match?.decision.rawValue ?? "no file") by "
                    + "\(match?.rule ?? "no rule"), Android \(decision.verdict.rawValue), the router \(routed.kind) "
                    + "\(routed.routed?.route ?? "")")
        }
    }

    /// ``check(aasa:appID:decider:routes:host:universe:stateLimit:)`` over the canonical URLs (or, with
    /// `allURLs`, every URL whose parts decode to text), failing with the public error.
    ///
    /// - Parameters:
    ///   - aasa: The AASA file iOS reads for `host`, or nil when iOS opens none of its URLs in the app.
    ///   - appID: The iOS app ID.
    ///   - decider: Android's decision.
    ///   - routes: The app's routes.
    ///   - host: The host, lower case.
    ///   - allURLs: Compare non-canonical URLs too.
    /// - Returns: The differences, each with a shortest example.
    /// - Throws: `CoverageError`.
    package static func differences(
        aasa: AASAMatcher?, appID: String, decider: AndroidLinkDecider, routes: RouteTable, host: String,
        allURLs: Bool
    ) throws(CoverageError) -> [(difference: Difference, example: String)] {
        do {
            return try check(
                aasa: aasa, appID: appID, decider: decider, routes: routes, host: host,
                universe: allURLs ? .allText : .canonical)
        } catch {
            throw CoverageError(error, stateLimit: CoverageChecker.stateLimit)
        }
    }

    /// The AASA rule at `index` of the app's rules in `aasa` (its JSON pointer).
    ///
    /// - Parameters:
    ///   - index: An index into `AASAMatcher.rules(for:)`.
    ///   - aasa: The file.
    ///   - appID: The app.
    /// - Returns: The rule's pointer.
    package static func rulePointer(_ index: Int, in aasa: AASAMatcher, appID: String) -> String {
        aasa.rules(for: appID)[index].pointer
    }

    private static func order(_ difference: Difference) -> [Int] {
        switch difference {
        case .onlyIOS(let route, let verdict, let rule):
            let verdicts: [AndroidLinkDecision.Verdict] = [.noFilter, .notVerified, .excluded, .opens]
            return [0, route, verdicts.firstIndex(of: verdict) ?? 0, rule ?? -1]
        case .onlyAndroid(let route, let rule): return [1, route, rule ?? -1]
        case .notCompared(let route): return [2, route]
        }
    }
}

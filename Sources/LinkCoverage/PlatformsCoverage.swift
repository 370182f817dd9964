import AndroidAppLinks
import AppSiteAssociation
import LinkRouting
import RichMediaKitSupport

/// The URLs of one host that a route handles and that open the app on one platform and not on the other, exactly:
/// the N-platform difference (``PlatformHostLanguage/differences(_:routes:host:universe:stateLimit:)``) of iOS (the
/// AASA file's rules for the app) and Android (the manifest's filters with the host's dynamic rules), told as
/// iOS-only and Android-only differences.
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
    /// - Throws: `CoverageError`; ``CoverageError/witnessDidNotReproduce(_:)`` when an example does not reproduce.
    static func check(
        aasa: AASAMatcher?, appID: String, decider: AndroidLinkDecider, routes: RouteTable, host: String,
        universe: URLUniverse = .canonical, stateLimit: Int = CoverageChecker.stateLimit
    ) throws(CoverageError) -> [(difference: Difference, example: String)] {
        let android: PlatformHostLanguage
        do {
            android = try AndroidCoverage.Leaves(decider: decider, host: host).platform(decider)
        } catch {
            throw CoverageError(error, stateLimit: stateLimit)
        }
        let found = try PlatformHostLanguage.differences(
            [.ios(aasa: aasa, appID: appID, host: host), android], routes: routes, host: host, universe: universe,
            stateLimit: stateLimit)
        let differences = found.map { found -> (difference: Difference, example: String) in
            switch found.difference {
            case .blocked(let route, 0, let blocker):
                return (.onlyAndroid(route: route, rule: blocker.rule), found.example)
            case .blocked(let route, _, let blocker):
                let verdict = AndroidCoverage.Leaves.blockingVerdicts[blocker.reason]
                return (.onlyIOS(route: route, verdict: verdict, rule: blocker.rule), found.example)
            case .notCompared(let route): return (.notCompared(route: route), found.example)
            }
        }
        return differences.sorted { order($0.difference).lexicographicallyPrecedes(order($1.difference)) }
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
        try check(
            aasa: aasa, appID: appID, decider: decider, routes: routes, host: host,
            universe: allURLs ? .allText : .canonical)
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

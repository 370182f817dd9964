import AndroidAppLinks
import AppLinkConfiguration
import AppSiteAssociation
import FileLocations
import LinkCoverage
import LinkRouting

/// Both platforms in one report (what `link-router check --entitlements ... --manifest ...` prints): the iOS
/// whole-app check (``AppCoverageChecker``), the Android check (`AndroidCoverageChecker`), and the URLs a route
/// handles that open the app on one platform and not on the other (``PlatformDifference``).
///
/// The differences are compared on every https host some route serves whose state both checks know (iOS: claimed
/// and checked against its file, its file does not name the app, or no applinks entry claims it; Android: checked,
/// not verified, or not claimed by a verified filter; a host without a file on either platform is not compared).
/// On each, the routes' languages, the AASA file's rules for the app and the manifest's filters with the host's
/// dynamic rules are compared exactly in one product over the same URL universe (the N-platform difference, each
/// platform described by its languages on the host), and every example is run through the AASA matcher,
/// `AndroidLinkDecider.decide(_:)` and the router before it is reported: one per host, route and what blocks it on
/// the other platform. When the other platform opens no URL of the host at all (not claimed,
/// not verified, the app ID not listed), that is one difference per route, with the reason.
///
/// Each platform's hosts and its side of each are computed from that platform's inputs (its app files, site files
/// and identity), with the functions its own check takes a host's state from, not read back from the finished
/// reports; each platform also runs its own check, and the check and the comparison loop over the platforms without
/// knowing which they are.
public enum PlatformsCoverageChecker {
    /// Checks the app on both platforms, and the platforms against each other.
    ///
    /// - Parameters:
    ///   - app: The iOS app's configuration, read from its entitlements and `Info.plist`.
    ///   - hasInfoPlist: Whether `app` was read with an `Info.plist`.
    ///   - routes: The app's route table (the one both platforms route with).
    ///   - appID: The signed iOS app's ID; nil takes the entitlements' `application-identifier`.
    ///   - files: The sites' AASA files by lowercased host.
    ///   - decider: Android's decision: the manifest, the app's identity and each file host's `assetlinks.json`.
    ///   - sources: Where each Android file host's file came from, for the report.
    ///   - unavailable: Android file hosts whose file could not be fetched, with why.
    ///   - allURLs: Compare non-canonical URLs too (every part still decodes to text).
    /// - Returns: The report.
    /// - Throws: `CoverageError` when patterns are too complex to compare, use what the exact checks do not model,
    ///   or the entitlements name no app ID and `appID` is nil.
    public static func check(
        app: AppLinkConfiguration, hasInfoPlist: Bool, routes: RouteTable, appID: String? = nil,
        files: [String: SiteFile], decider: AndroidLinkDecider, sources: [String: String] = [:],
        unavailable: [String: String] = [:], allURLs: Bool = false
    ) throws(CoverageError) -> PlatformsCoverageReport {
        guard let appID = appID ?? app.appID else { throw .missingAppID }
        let platforms: [any LinkPlatform] = [
            IOSLinkPlatform(
                app: AppLinkSide(app, hasInfoPlist: hasInfoPlist), routes: routes, files: files, appID: appID),
            AndroidLinkPlatform(decider: decider, routes: routes, sources: sources, unavailable: unavailable),
        ]
        return try check(platforms: platforms, routes: routes, allURLs: allURLs)
    }

    /// Checks each platform with its own check, and the platforms against each other: the report lists the platforms
    /// in `platforms`' order, and their differences those the last platform blocks first.
    ///
    /// - Parameters:
    ///   - platforms: The platforms, in report order.
    ///   - routes: The app's route table (the one every platform routes with).
    ///   - allURLs: Compare non-canonical URLs too (every part still decodes to text).
    /// - Returns: The report.
    /// - Throws: `CoverageError` when patterns are too complex to compare or use what the checks do not model.
    static func check(
        platforms: [any LinkPlatform], routes: RouteTable, allURLs: Bool
    ) throws(CoverageError) -> PlatformsCoverageReport {
        var reports: [any PlatformCheckReport] = []
        for platform in platforms { reports.append(try platform.check(allURLs: allURLs)) }
        return PlatformsCoverageReport(
            platforms: reports,
            differences: try differences(among: platforms.reversed(), routes: routes, allURLs: allURLs))
    }

    /// The differences between `platforms` (in the order the product compares them: those the first one blocks are
    /// listed first) on every https host one of them lists that a route serves, each once, the last platform's first.
    static func differences(
        among platforms: [any LinkPlatform], routes: RouteTable, allURLs: Bool
    ) throws(CoverageError) -> [PlatformDifference] {
        var differences: [PlatformDifference] = []
        var seen = Set<String>()
        for host in platforms.reversed().flatMap(\.hosts) where seen.insert(host).inserted {
            guard routes.servesHTTPS(on: host) else { continue }
            differences += try compare(
                host, sides: platforms.map { $0.side(of: host) }, routes: routes, allURLs: allURLs)
        }
        return differences
    }

    /// The differences on one host between the platforms' sides (none when a side is unknown, or every side opens
    /// nothing).
    private static func compare(
        _ host: String, sides platforms: [PlatformSide?], routes: RouteTable, allURLs: Bool
    ) throws(CoverageError) -> [PlatformDifference] {
        let sides = platforms.compactMap { $0 }
        guard sides.count == platforms.count, sides.contains(where: { $0.nothing == nil }) else { return [] }
        var languages: [PlatformHostLanguage] = []
        for side in sides { languages.append(try side.language()) }
        var found = try PlatformHostLanguage.differences(languages, routes: routes, host: host, allURLs: allURLs)
        let unfinished = found.filter {
            if case .notCompared = $0.difference { return true }
            return false
        }
        found.removeAll {
            if case .notCompared = $0.difference { return true }
            return false
        }
        if sides.contains(where: { $0.nothing != nil }) {
            // A platform opens no URL of the host: one difference per route and blocked platform, its shortest example.
            var shortest: [[Int]: Int] = [:]
            for (index, item) in found.enumerated() {
                guard case .blocked(let route, let platform, _) = item.difference else { continue }
                if let known = shortest[[route, platform]],
                    found[known].example.utf8.count <= item.example.utf8.count
                {
                    continue
                }
                shortest[[route, platform]] = index
            }
            found = shortest.values.sorted().map { found[$0] }
        }
        return (found + unfinished).map { difference, example in
            switch difference {
            case .blocked(let route, let platform, let blocker):
                let side = sides[platform]
                let blocking = side.nothing ?? side.blocking(blocker)
                let opening = sides.indices.filter { $0 != platform && languages[$0].opens(example) }.map {
                    sides[$0].name
                }
                var found = PlatformDifference(
                    kind: side.kind, host: host, route: routes.routes[route].name, example: example,
                    reason: blocking.reason, rule: blocking.rule,
                    message: "Route `\(routes.routes[route].name)` handles \(example): it opens the app on "
                        + "\(opening.joined(separator: " and ")) and \(side.elsewhere) on \(side.name): \(blocking.why).",
                    place: blocking.place, counterpart: routePlace(route))
                found.ruleText = blocking.ruleText
                return found
            case .notCompared(let route):
                let name = routes.routes[route].name
                return PlatformDifference(
                    kind: .notCompared, host: host, route: name, example: example, reason: .limit, rule: nil,
                    message: "The exact check reached its limit (\(CoverageChecker.stateLimit) product states) "
                        + "before it finished comparing route `\(name)` on \(host) between the platforms: "
                        + "differences it is part of may be missing from this report.", place: routePlace(route),
                    counterpart: nil)
            }
        }
    }

    /// The route at `index` in the routes file.
    private static func routePlace(_ index: Int) -> LocatedFinding.Place {
        .init(.routes, .pointer(JSONPointer.root.appending("routes").appending(index)))
    }
}

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
        let ios = try AppCoverageChecker.check(
            app: app, hasInfoPlist: hasInfoPlist, routes: routes, appID: appID, files: files, allURLs: allURLs)
        let android = try AndroidCoverageChecker.check(
            decider: decider, routes: routes, sources: sources, unavailable: unavailable, allURLs: allURLs)
        var differences: [PlatformDifference] = []
        for host in hosts(ios: ios, android: android) where routes.servesHTTPS(on: host) {
            differences += try compare(
                host, ios: ios, android: android, files: files, appID: appID, decider: decider, routes: routes,
                allURLs: allURLs)
        }
        return PlatformsCoverageReport(ios: ios, android: android, differences: differences)
    }

    /// The hosts either check considered, each once: iOS's applinks domains, then Android's concrete hosts.
    static func hosts(ios: AppCoverageReport, android: AndroidCoverageReport) -> [String] {
        var seen = Set<String>()
        let all =
            ios.domains.filter { $0.service == .applinks }.map(\.domain)
            + android.hosts.filter { $0.state != .wildcard }.map(\.host)
        return all.filter { seen.insert($0).inserted }
    }

    /// What iOS does with one host: opens by its file's rules, opens nothing (and why), or unknown (no file).
    private enum IOSSide {
        case rules(AASAMatcher)
        case nothing(reason: PlatformDifference.Reason, place: LocatedFinding.Place, why: String)
        case unknown
    }

    private static func iosSide(
        _ host: String, ios: AppCoverageReport, files: [String: SiteFile], appID: String
    ) -> IOSSide {
        let claimed = ios.domains.first { $0.domain == host && $0.service == .applinks && $0.entry != nil }
        guard let claimed else {
            return .nothing(
                reason: .notClaimed, place: .init(.entitlements, .text(line: 1, column: 1)),
                why: "no applinks entry of the entitlements claims \(host)")
        }
        switch claimed.state {
        case .checked:
            guard let matcher = files[host]?.matcher else { return .unknown }
            return .rules(matcher)
        case .appIDNotListed:
            return .nothing(
                reason: .appIDNotListed,
                place: .init(.site(host), .pointer(JSONPointer.root.appending("applinks"))),
                why: "the file of \(host) does not name \(appID)")
        default:
            return .unknown
        }
    }

    /// Whether Android's side of one host is known (a file was read, or none is needed), and the reason when no
    /// URL of the host can open the app.
    private static func androidSide(
        _ host: String, android: AndroidCoverageReport
    ) -> (known: Bool, nothing: (reason: PlatformDifference.Reason, why: String)?) {
        let entry = android.hosts.first { $0.host == host && $0.state != .wildcard }
        switch entry?.state {
        case nil, .notClaimed?:
            return (true, (.notClaimed, "no verified intent filter of \(android.packageName) claims \(host)"))
        case .notVerified?:
            let file = entry?.fileHost ?? host
            return (true, (.notVerified, "the assetlinks.json of \(file) does not verify \(android.packageName)"))
        case .checked?: return (true, nil)
        default: return (false, nil)
        }
    }

    /// The differences on one host.
    private static func compare(
        _ host: String, ios: AppCoverageReport, android: AndroidCoverageReport, files: [String: SiteFile],
        appID: String, decider: AndroidLinkDecider, routes: RouteTable, allURLs: Bool
    ) throws(CoverageError) -> [PlatformDifference] {
        let iosSide = iosSide(host, ios: ios, files: files, appID: appID)
        let androidSide = androidSide(host, android: android)
        guard androidSide.known else { return [] }
        var aasa: AASAMatcher?
        switch iosSide {
        case .unknown: return []
        case .rules(let matcher): aasa = matcher
        case .nothing: if androidSide.nothing != nil { return [] }
        }
        var found = try PlatformsCoverage.differences(
            aasa: aasa, appID: appID, decider: decider, routes: routes, host: host, allURLs: allURLs)
        let unfinished = found.filter {
            if case .notCompared = $0.difference { return true }
            return false
        }
        found.removeAll {
            if case .notCompared = $0.difference { return true }
            return false
        }
        if androidSide.nothing != nil || aasa == nil {
            // The other platform opens no URL of the host: one difference per route, its shortest example.
            var shortest: [Int: Int] = [:]
            for (index, item) in found.enumerated() {
                let route = item.difference.route
                if let known = shortest[route], found[known].example.utf8.count <= item.example.utf8.count {
                    continue
                }
                shortest[route] = index
            }
            found = found.indices.filter { shortest[found[$0].difference.route] == $0 }.map { found[$0] }
        }
        found += unfinished
        let standing = decider.standing(ofHost: host, in: AndroidURI("https://\(host)/"))
        let fileHost = android.hosts.first { $0.host == host }?.fileHost ?? host
        let declaring = standing.declaredHost.flatMap {
            AndroidCoverageChecker.declaringFilter($0.lowercased(), decider: decider)
        }
        let filterPlace = LocatedFinding.Place(
            .androidManifest,
            .text(line: declaring?.1.location.line ?? 1, column: declaring?.1.location.column ?? 1))
        var differences: [PlatformDifference] = []
        for (difference, example) in found {
            let route = routes.routes[difference.route].name
            let routePlace = LocatedFinding.Place(
                .routes, .pointer(JSONPointer.root.appending("routes").appending(difference.route)))
            let handles = "Route `\(route)` handles \(example)"
            var ruleText: String?
            switch difference {
            case .onlyIOS(_, let verdict, let rule):
                var reason = PlatformDifference.Reason(rawValue: verdict.rawValue)
                var place = filterPlace
                var pointer: String?
                var why: String
                if let nothing = androidSide.nothing {
                    reason = nothing.reason
                    why = nothing.why
                    if reason == .notVerified { place = .init(.assetLinks(fileHost), .pointer(.root)) }
                } else if verdict == .excluded {
                    let rules = standing.verification?.dynamicRules ?? []
                    let rulePointer =
                        rule.flatMap { rules[$0].location.pointer }
                        ?? standing.verification?.statement?.location
                        .pointer
                    pointer = rule.flatMap { rules[$0].location.pointer?.text }
                    ruleText = rule.map { FindingSubjects.text(rules[$0]) }
                    place = .init(.assetLinks(fileHost), .pointer(rulePointer ?? .root))
                    why =
                        rule.map { _ in "the dynamic rule \(pointer ?? "") of \(fileHost) excludes it" }
                        ?? "no dynamic rule of \(fileHost) matches it (unmatched URLs are excluded)"
                } else {
                    why = "no intent filter of \(android.packageName) accepts it"
                }
                differences.append(
                    .init(
                        kind: .opensOnlyOnIOS, host: host, route: route, example: example, reason: reason,
                        rule: pointer,
                        message: "\(handles): it opens the app on iOS and the browser on Android: \(why).",
                        place: place, counterpart: routePlace))
                differences[differences.count - 1].ruleText = ruleText
            case .onlyAndroid(_, let rule):
                var reason: PlatformDifference.Reason
                var place: LocatedFinding.Place
                var pointer: String?
                var why: String
                if case .nothing(let hostReason, let hostPlace, let hostWhy) = iosSide {
                    (reason, place, why) = (hostReason, hostPlace, hostWhy)
                } else if let rule, let aasa {
                    pointer = PlatformsCoverage.rulePointer(rule, in: aasa, appID: appID)
                    ruleText = FindingSubjects.rule(rule, in: aasa, appID: appID)
                    reason = .excluded
                    place = .init(.site(host), .pointer(JSONPointer(known: pointer ?? "")))
                    why = "the exclude rule \(pointer ?? "") of \(host) blocks it"
                } else {
                    reason = .noRule
                    place = .init(.site(host), .pointer(JSONPointer.root.appending("applinks")))
                    why = "no AASA rule of \(host) for \(appID) matches it"
                }
                differences.append(
                    .init(
                        kind: .opensOnlyOnAndroid, host: host, route: route, example: example, reason: reason,
                        rule: pointer,
                        message: "\(handles): it opens the app on Android and Safari on iOS: \(why).", place: place,
                        counterpart: routePlace))
                differences[differences.count - 1].ruleText = ruleText
            case .notCompared:
                differences.append(
                    .init(
                        kind: .notCompared, host: host, route: route, example: example, reason: .limit, rule: nil,
                        message: "The exact check reached its limit (\(CoverageChecker.stateLimit) product states) "
                            + "before it finished comparing route `\(route)` on \(host) between the platforms: "
                            + "differences it is part of may be missing from this report.", place: routePlace,
                        counterpart: nil))
            }
        }
        return differences
    }
}

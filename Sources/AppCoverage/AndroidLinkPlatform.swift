import AndroidAppLinks
import FileLocations
import LinkCoverage
import LinkRouting

/// Android in the both-platforms check: the concrete hosts the Android check lists and Android's side of each, from
/// the decider (the manifest, the app's identity and each file host's `assetlinks.json`) and the file hosts whose
/// file could not be read. A host's state comes from
/// `AndroidCoverageChecker.hosts(decider:routes:sources:unavailable:)`, the function the Android check's report takes
/// it from.
struct AndroidLinkPlatform: LinkPlatform {
    /// "Android".
    let name = AndroidCoverageReport.platformName
    /// Android's decision.
    private let decider: AndroidLinkDecider
    /// The Android check's hosts with their states, in the order of its report (wildcard hosts included).
    private let entries: [AndroidCoverageReport.Host]
    /// The route table, where each file host's file came from, and the file hosts whose file could not be read.
    private let inputs: (routes: RouteTable, sources: [String: String], unavailable: [String: String])

    /// Android's platform for an app: its decider, its route table, where each file host's file came from (for the
    /// report) and the file hosts whose file could not be read.
    init(
        decider: AndroidLinkDecider, routes: RouteTable, sources: [String: String] = [:],
        unavailable: [String: String]
    ) {
        self.decider = decider
        self.entries = AndroidCoverageChecker.hosts(
            decider: decider, routes: routes, sources: [:], unavailable: unavailable)
        inputs = (routes, sources, unavailable)
    }

    /// The Android check (`AndroidCoverageChecker`).
    func check(allURLs: Bool) throws(CoverageError) -> any PlatformCheckReport {
        try AndroidCoverageChecker.check(
            decider: decider, routes: inputs.routes, sources: inputs.sources, unavailable: inputs.unavailable,
            allURLs: allURLs)
    }

    /// The concrete hosts the Android check lists (claimed, or named by the routes), in its report's order.
    var hosts: [String] { entries.filter { $0.state != .wildcard }.map(\.host) }

    /// Android's side of `host`: the manifest's filters with the host's dynamic rules, as the decider decides, and
    /// nothing when no verified filter claims the host or its file does not verify the app; nil when unknown (its
    /// file was not read, or no route serves the host).
    func side(of host: String) -> PlatformSide? {
        let standing = decider.standing(ofHost: host, in: AndroidURI("https://\(host)/"))
        let fileHost = entries.first { $0.host == host }?.fileHost ?? host
        let declaring = standing.declaredHost.flatMap {
            AndroidCoverageChecker.declaringFilter($0.lowercased(), decider: decider)
        }
        let filterPlace = LocatedFinding.Place(
            .androidManifest,
            .text(line: declaring?.1.location.line ?? 1, column: declaring?.1.location.column ?? 1))
        let packageName = decider.app.packageName
        let entry = entries.first { $0.host == host && $0.state != .wildcard }
        var nothing: PlatformSide.Blocking?
        switch entry?.state {
        case nil, .notClaimed?:
            nothing = .init(
                reason: .notClaimed, place: filterPlace,
                why: "no verified intent filter of \(packageName) claims \(host)")
        case .notVerified?:
            nothing = .init(
                reason: .notVerified, place: .init(.assetLinks(fileHost), .pointer(.root)),
                why: "the assetlinks.json of \(entry?.fileHost ?? host) does not verify \(packageName)")
        case .checked?: break
        default: return nil
        }
        return PlatformSide(
            name: name, elsewhere: "the browser", kind: .opensOnlyOnIOS, nothing: nothing,
            language: { () throws(CoverageError) in try .android(decider, host: host) },
            blocking: { blocker in
                let verdict = PlatformHostLanguage.androidVerdict(of: blocker)
                let reason = PlatformDifference.Reason(rawValue: verdict.rawValue)
                guard verdict == .excluded else {
                    return .init(
                        reason: reason, place: filterPlace, why: "no intent filter of \(packageName) accepts it")
                }
                let rules = standing.verification?.dynamicRules ?? []
                let rule = blocker.rule
                let rulePointer =
                    rule.flatMap { rules[$0].location.pointer } ?? standing.verification?.statement?.location.pointer
                let pointer = rule.flatMap { rules[$0].location.pointer?.text }
                return .init(
                    reason: reason, rule: pointer, ruleText: rule.map { FindingSubjects.text(rules[$0]) },
                    place: .init(.assetLinks(fileHost), .pointer(rulePointer ?? .root)),
                    why: rule.map { _ in "the dynamic rule \(pointer ?? "") of \(fileHost) excludes it" }
                        ?? "no dynamic rule of \(fileHost) matches it (unmatched URLs are excluded)")
            })
    }
}

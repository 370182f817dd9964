import AndroidAppLinks
import FileLocations
import LinkCoverage

extension AndroidCoverageChecker {
    /// Android's side of `host` in the both-platforms difference: the manifest's filters with the host's dynamic
    /// rules, as `decider` decides, and nothing when no verified filter claims the host or its file does not verify
    /// the app; nil when unknown (its file was not read).
    ///
    /// - Parameters:
    ///   - host: The host, lower case.
    ///   - report: The Android check's report (which hosts it checked).
    ///   - decider: Android's decision.
    /// - Returns: The side, or nil.
    static func platformSide(
        _ host: String, report: AndroidCoverageReport, decider: AndroidLinkDecider
    ) -> PlatformSide? {
        let standing = decider.standing(ofHost: host, in: AndroidURI("https://\(host)/"))
        let fileHost = report.hosts.first { $0.host == host }?.fileHost ?? host
        let declaring = standing.declaredHost.flatMap { declaringFilter($0.lowercased(), decider: decider) }
        let filterPlace = LocatedFinding.Place(
            .androidManifest,
            .text(line: declaring?.1.location.line ?? 1, column: declaring?.1.location.column ?? 1))
        let packageName = report.packageName
        let entry = report.hosts.first { $0.host == host && $0.state != .wildcard }
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
            name: "Android", elsewhere: "the browser", kind: .opensOnlyOnIOS, nothing: nothing,
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

import AppSiteAssociation
import FileLocations
import LinkCoverage

extension AppCoverageChecker {
    /// iOS's side of `host` in the both-platforms difference: the AASA file's rules for `appID`, or nothing (no
    /// applinks entry claims the host, or its file does not name the app); nil when unknown (no file read).
    ///
    /// - Parameters:
    ///   - host: The host, lower case.
    ///   - report: The whole-app check's report (which hosts it claimed and checked).
    ///   - files: The sites' AASA files by host.
    ///   - appID: The app ID.
    /// - Returns: The side, or nil.
    static func platformSide(
        _ host: String, report: AppCoverageReport, files: [String: SiteFile], appID: String
    ) -> PlatformSide? {
        let applinks = JSONPointer.root.appending("applinks")
        var aasa: AASAMatcher?
        var nothing: PlatformSide.Blocking?
        let claimed = report.domains.first { $0.domain == host && $0.service == .applinks && $0.entry != nil }
        switch claimed?.state {
        case nil:
            nothing = .init(
                reason: .notClaimed, place: .init(.entitlements, .text(line: 1, column: 1)),
                why: "no applinks entry of the entitlements claims \(host)")
        case .checked?:
            guard let matcher = files[host]?.matcher else { return nil }
            aasa = matcher
        case .appIDNotListed?:
            nothing = .init(
                reason: .appIDNotListed, place: .init(.site(host), .pointer(applinks)),
                why: "the file of \(host) does not name \(appID)")
        default:
            return nil
        }
        let rules = aasa?.rules(for: appID) ?? []
        return PlatformSide(
            name: "iOS", elsewhere: "Safari", kind: .opensOnlyOnAndroid, nothing: nothing,
            language: { .ios(aasa: aasa, appID: appID, host: host) },
            blocking: { blocker in
                guard let rule = blocker.rule, let aasa else {
                    return .init(
                        reason: .noRule, place: .init(.site(host), .pointer(applinks)),
                        why: "no AASA rule of \(host) for \(appID) matches it")
                }
                let pointer = rules[rule].pointer
                return .init(
                    reason: .excluded, rule: pointer, ruleText: FindingSubjects.rule(rule, in: aasa, appID: appID),
                    place: .init(.site(host), .pointer(JSONPointer(known: pointer))),
                    why: "the exclude rule \(pointer) of \(host) blocks it")
            })
    }
}

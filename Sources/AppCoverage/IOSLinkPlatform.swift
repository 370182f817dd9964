import AppSiteAssociation
import FileLocations
import LinkCoverage
import LinkRouting

/// iOS in the both-platforms check: the hosts the whole-app check lists for `applinks` and iOS's side of each, from
/// the app's `applinks` entries, the sites' AASA files and the app ID. A claimed host's state comes from
/// `AppCoverageChecker.applinksState(_:file:routes:appID:)`, the function the whole-app check's report takes it from.
struct IOSLinkPlatform: LinkPlatform {
    /// "iOS".
    let name = AppCoverageReport.platformName
    /// The hosts `applinks` entries claim, in the whole-app check's order, then the hosts files were given for that
    /// no entry claims (the whole-app report's `applinks` domains).
    let hosts: [String]
    /// The state of each host an `applinks` entry claims.
    private let states: [String: AppCoverageReport.Domain.State]
    /// The sites' AASA files by host.
    private let files: [String: SiteFile]
    /// The app ID.
    private let appID: String
    /// The app's side.
    private let app: AppLinkSide
    /// The route table.
    private let routes: RouteTable

    /// iOS's platform for an app: its side read from the entitlements and `Info.plist`, its route table, the sites'
    /// AASA files by lowercased host and its app ID.
    init(app: AppLinkSide, routes: RouteTable, files: [String: SiteFile], appID: String) {
        let claimed = AppCoverageChecker.hostsToCheck(app: app, routes: routes, files: files).map(\.host)
        self.hosts = claimed + AppCoverageChecker.unclaimedFileHosts(app: app, files: files)
        self.states = Dictionary(
            claimed.map { ($0, AppCoverageChecker.applinksState($0, file: files[$0], routes: routes, appID: appID)) },
            uniquingKeysWith: { first, _ in first })
        self.files = files
        self.appID = appID
        self.app = app
        self.routes = routes
    }

    /// The whole-app check (``AppCoverageChecker``).
    func check(allURLs: Bool) throws(CoverageError) -> any PlatformCheckReport {
        try AppCoverageChecker.check(app: app, routes: routes, appID: appID, files: files, allURLs: allURLs)
    }

    /// iOS's side of `host`: the AASA file's rules for the app ID, or nothing (no `applinks` entry claims the host,
    /// or its file does not name the app); nil when unknown (no file read, or no route serves the host).
    func side(of host: String) -> PlatformSide? {
        let applinks = JSONPointer.root.appending("applinks")
        var aasa: AASAMatcher?
        var nothing: PlatformSide.Blocking?
        switch states[host] {
        case nil:
            nothing = .init(
                reason: .notClaimed, place: .init(.entitlements, .text(line: 1, column: 1)),
                why: "no applinks entry of the entitlements claims \(host)")
        case .checked?:
            aasa = files[host]?.matcher
        case .appIDNotListed?:
            nothing = .init(
                reason: .appIDNotListed, place: .init(.site(host), .pointer(applinks)),
                why: "the file of \(host) does not name \(appID)")
        default:
            return nil
        }
        let rules = aasa?.rules(for: appID) ?? []
        return PlatformSide(
            name: name, elsewhere: "Safari", kind: .opensOnlyOnAndroid, nothing: nothing,
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

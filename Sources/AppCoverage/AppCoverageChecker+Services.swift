import AppSiteAssociation
import FileLocations
import LinkRouting

/// The services beside `applinks`: `webcredentials` (passwords, passkeys, `ASWebAuthenticationSession` callbacks),
/// `appclips` and `activitycontinuation` (Handoff), each checked as iOS reads it: the site's file has the
/// service's section, and its `apps` list names the app.
extension AppCoverageChecker {
    /// The hosts claimed for the other services, each with the entry claiming it, in entitlement order: a plain
    /// entry's host, and for a wildcard entry the hosts below it that files were given for (one per service and
    /// host).
    static func serviceHostsToCheck(
        app: AppLinkSide, files: [String: SiteFile]
    ) -> [(host: String, entry: AppLinkSide.Entry)] {
        var seen = Set<String>()
        var hosts: [(String, AppLinkSide.Entry)] = []
        for entry in app.serviceEntries {
            guard let domain = entry.domain else { continue }
            let below = domain.isWildcard ? files.keys.sorted().filter { domain.covers(host: $0) } : [domain.host]
            for host in below where seen.insert(entry.service.rawValue + " " + host).inserted {
                hosts.append((host, entry))
            }
        }
        return hosts
    }

    /// The section of `service` in `file`, with its JSON pointer.
    package static func section(
        _ service: AssociatedDomain.Service, of file: AASAFile
    ) -> AASAFile.AppList? {
        switch service {
        case .webcredentials: file.webCredentials
        case .appclips: file.appClips
        case .activitycontinuation: file.activityContinuation
        default: nil
        }
    }

    /// Whether `section` names the app for `service`: the app ID, or for `appclips` the App Clip's ID (in an App
    /// Clip's entitlements) or some App Clip of the app (`<app ID>.<suffix>`, in the full app's).
    package static func names(
        _ section: AASAFile.AppList, service: AssociatedDomain.Service, app: AppLinkSide, appID: String
    ) -> Bool {
        guard service == .appclips, !app.isAppClip else { return section.apps.contains(appID) }
        return section.apps.contains { $0.hasPrefix(appID + ".") }
    }

    /// Checks one host claimed for a service other than `applinks` against its file.
    static func checkService(
        _ host: String, entry: AppLinkSide.Entry, file: SiteFile, app: AppLinkSide, appID: String
    ) -> (AppCoverageReport.Domain, [AppCoverageReport.Gap]) {
        let service = entry.service
        var domain = AppCoverageReport.Domain(
            domain: host, entry: entry.text, source: file.source, state: .checked,
            cdn: file.fetch?.cdn?.state.rawValue, service: service)
        guard let contents = file.file else {
            domain.state = .unavailable
            return (domain, [])
        }
        let entryPlace = AppCoverageReport.Gap.Place.entitlement(index: entry.index)
        guard let section = section(service, of: contents) else {
            domain.state = .noSection
            return (
                domain,
                [
                    .init(
                        kind: .serviceWithoutSection,
                        message: "The entitlements claim \(entry.text), and the file of \(host) has no \(service) "
                            + "section: iOS grants the app nothing of \(service) for \(host).",
                        place: entryPlace, domain: host, entry: entry.text, fileLocation: entry.location,
                        counterpart: .aasa(domain: host, pointer: .root))
                ]
            )
        }
        let pointer = JSONPointer.root.appending(service.rawValue).appending("apps")
        var gaps: [AppCoverageReport.Gap] = []
        if !names(section, service: service, app: app, appID: appID) {
            domain.state = .appIDNotListed
            let expected =
                service == .appclips && !app.isAppClip ? "an App Clip of \(appID) (\(appID).<suffix>)" : appID
            let described =
                service == .appclips && !app.isAppClip
                ? (section.apps.isEmpty ? "it lists none" : "it lists " + section.apps.joined(separator: ", "))
                : AppIDDifference.describe(appID: appID, listed: section.apps)
            gaps.append(
                .init(
                    kind: .serviceAppNotListed,
                    message: "The \(service) section of \(host)'s file does not name \(expected) (\(described)), "
                        + "which \(entry.text) claims it for: iOS grants the app nothing of \(service) for \(host).",
                    place: .aasa(domain: host, pointer: pointer), domain: host, entry: entry.text,
                    appIDs: section.apps, counterpart: entryPlace, counterpartLocation: entry.location))
        }
        // An App Clip's URLs open its parent once installed: the applinks section must name the parent app.
        if service == .appclips, app.isAppClip, let parent = app.parentAppID, let matcher = file.matcher,
            !matcher.appIDs.contains(parent)
        {
            domain.state = .appIDNotListed
            let listed = matcher.appIDs
            gaps.append(
                .init(
                    kind: .serviceAppNotListed,
                    message: "The applinks section of \(host)'s file does not name the App Clip's parent app "
                        + "\(parent) (" + AppIDDifference.describe(appID: parent, listed: listed)
                        + "): once the full app is installed, the App Clip's URLs of \(host) open neither.",
                    place: .aasa(domain: host, pointer: JSONPointer.root.appending("applinks")), domain: host,
                    entry: entry.text, appIDs: listed, counterpart: entryPlace, counterpartLocation: entry.location))
        }
        return (domain, gaps)
    }

    /// Files given for hosts that an entry iOS ignores was meant to claim, while the file is ready for the app (a
    /// section of the entry's service, or for an unknown service any section, names the app): the entry is the one
    /// thing missing.
    static func ignoredEntryGaps(
        app: AppLinkSide, appID: String, files: [String: SiteFile]
    ) -> [AppCoverageReport.Gap] {
        var gaps: [AppCoverageReport.Gap] = []
        for entry in app.all where entry.domain == nil {
            guard let parsed = entry.parsed, !parsed.host.isEmpty else { continue }
            let hosts =
                parsed.isWildcard ? files.keys.sorted().filter { parsed.covers(host: $0) } : [parsed.host]
            for host in hosts {
                guard let file = files[host], let contents = file.file else { continue }
                let candidates = entry.service.isKnown ? [entry.service] : AssociatedDomain.Service.known
                let ready = candidates.first { service in
                    guard app.claims(host, for: service).isEmpty else { return false }
                    if service == .applinks { return file.matcher?.appIDs.contains(appID) ?? false }
                    return section(service, of: contents).map { names($0, service: service, app: app, appID: appID) }
                        ?? false
                }
                guard let service = ready else { continue }
                let sectionPointer =
                    service == .applinks
                    ? JSONPointer.root.appending("applinks")
                    : JSONPointer.root.appending(service.rawValue).appending("apps")
                gaps.append(
                    .init(
                        kind: .ignoredEntry,
                        message: "The file of \(host) is ready for the app (its \(service) section names it), and "
                            + "iOS ignores the entry \(entry.text) (\(entry.problem ?? "not a valid entry")): write "
                            + "\(service):\(parsed.isWildcard ? "*." : "")\(parsed.host).",
                        place: .entitlement(index: entry.index), domain: host, entry: entry.text,
                        fileLocation: entry.location, counterpart: .aasa(domain: host, pointer: sectionPointer)))
                break
            }
        }
        return gaps
    }
}

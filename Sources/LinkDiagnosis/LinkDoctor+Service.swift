import AppCoverage
import AppLinkConfiguration
import AppSiteAssociation
import FileLocations
import LinkRouting
import RichMediaKitSupport

extension LinkDoctor {
    /// Walks the chain iOS walks to grant the app a service other than universal links for a host
    /// (`link-router doctor --service webcredentials HOST`): passwords and passkeys (`webcredentials`, also what
    /// `ASWebAuthenticationSession` needs for an https callback), App Clips (`appclips`) or Handoff
    /// (`activitycontinuation`).
    ///
    /// The steps are the URL walk's: `url` (the host), `entitlement` (the entry of `service` that claims the host,
    /// by the rule the whole-app check and `app lint` share), `file` (where the file comes from), `rule` (the
    /// service's section names the app: for `appclips`, the App Clip's ID, and its `applinks` section the clip's
    /// parent app; in a full app's entitlements, some App Clip of the app); `scheme` and `route` are skipped (no
    /// link is routed).
    ///
    /// <!-- snippet: LinkDoctorServiceDocExample -->
    /// ```swift
    /// let app = try AppLinkConfiguration(entitlements: entitlements)
    /// let report = LinkDoctor.diagnose(
    ///     service: .webcredentials, host: "example.com", app: app,
    ///     file: try SiteFile.local(path: "aasa.json", bytes: aasa))
    /// print(report.ok)  // true when the file's webcredentials section names the app
    /// ```
    /// - Parameters:
    ///   - service: The service, such as `AssociatedDomain.Service.webcredentials`.
    ///   - host: The host, as the entitlement names it (`example.com`).
    ///   - app: The app's configuration.
    ///   - appID: The signed app's ID; nil (the default) takes the entitlements' `application-identifier`.
    ///   - file: The host's file (`SiteFile.local(path:bytes:)` or `SiteFile.fetched(_:)`), or nil.
    ///   - entitlementsName: The entitlements file's name, for fixes.
    /// - Returns: The report; its ``DoctorReport/service`` is `service` and its ``DoctorReport/url`` the host.
    /// - Complexity: Linear in the host, the entries and the file's section.
    public static func diagnose(
        service: AssociatedDomain.Service, host: String, app: AppLinkConfiguration, appID: String? = nil,
        file: SiteFile?, entitlementsName: String = "the entitlements"
    ) -> DoctorReport {
        let side = AppLinkSide(app, hasInfoPlist: false)
        let appID = appID ?? app.appID
        let lowered = URLBytes.asciiLowercased(host)
        var steps: [DoctorReport.Step] = []
        let notRouted = "\(service): no link is routed"
        if let problem = HostNames.problem(lowered) {
            steps.append(
                .init(
                    .url, .broken, "not a host name: \(problem)", fix: "give the host alone, such as example.com"))
            for name in [DoctorReport.Step.Name.entitlement, .file, .rule] {
                steps.append(.init(name, .skipped, "no host to check"))
            }
        } else {
            steps.append(.init(.url, .ok, "\(service) for the host \(lowered)"))
            let entry = entitlementStep(
                host: lowered, service: service, app: side, entitlementsName: entitlementsName)
            steps.append(entry.step)
            let decided = fileStep(
                host: lowered, file: file, developerMode: entry.claiming?.isDeveloperMode ?? false)
            steps.append(decided.step)
            if let appID {
                steps.append(
                    sectionStep(
                        service, host: lowered, app: side, appID: appID, file: decided.matcher == nil ? nil : file))
            } else {
                steps.append(
                    .init(
                        .rule, .skipped, "no app ID to decide with: the entitlements name no application-identifier",
                        unverified: true))
            }
        }
        steps.append(.init(.scheme, .skipped, notRouted))
        steps.append(.init(.route, .skipped, notRouted))
        var report = DoctorReport(url: lowered, appID: appID ?? "", steps: steps)
        report.service = service
        return report
    }

    /// The `rule` step of a service: its section names the app.
    static func sectionStep(
        _ service: AssociatedDomain.Service, host: String, app: AppLinkSide, appID: String, file: SiteFile?
    ) -> DoctorReport.Step {
        guard let contents = file?.file else {
            return .init(.rule, .skipped, "no file to decide with (see the file step)")
        }
        guard let section = AppCoverageChecker.section(service, of: contents) else {
            return .init(
                .rule, .broken, "the file of \(host) has no \(service) section: iOS grants the app nothing",
                fix: "add \"\(service)\": {\"apps\": [\"\(appID)\"]} to the file")
        }
        let listed = section.apps.isEmpty ? "(no app)" : section.apps.joined(separator: ", ")
        let clipOfApp = service == .appclips && !app.isAppClip
        // The section's apps, in the host's file (as the whole-app check names the file).
        let apps = LocatedFinding.Place(
            .site(host), .pointer(JSONPointer.root.appending(service.rawValue).appending("apps")))
        guard AppCoverageChecker.names(section, service: service, app: app, appID: appID) else {
            let expected = clipOfApp ? "an App Clip of \(appID)" : appID
            var step = DoctorReport.Step(
                .rule, .broken,
                "the \(service) section does not name \(expected)"
                    + (clipOfApp ? "" : " (" + AppIDDifference.describe(appID: appID, listed: section.apps) + ")"),
                evidence: ["/\(service)/apps: \(listed)"],
                fix: "add \(clipOfApp ? "the App Clip's ID (\(appID).Clip)" : appID) to the \(service) section's apps")
            step.places = [apps]
            return step
        }
        if service == .appclips, app.isAppClip, let parent = app.parentAppID, let matcher = file?.matcher,
            !matcher.appIDs.contains(parent)
        {
            var step = DoctorReport.Step(
                .rule, .broken,
                "the applinks section does not name the App Clip's parent app \(parent): once it is installed, the "
                    + "clip's URLs open neither",
                evidence: ["/\(service)/apps: \(listed)"], fix: "add \(parent) to the appIDs of the applinks details")
            step.places = [.init(.site(host), .pointer(AppCoverageChecker.appIDsPointer(of: matcher)))]
            return step
        }
        var step = DoctorReport.Step(
            .rule, .ok, "the \(service) section names \(clipOfApp ? "an App Clip of \(appID)" : appID)",
            evidence: ["/\(service)/apps: \(listed)"])
        step.places = [apps]
        return step
    }
}

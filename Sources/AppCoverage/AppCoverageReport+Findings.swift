import AppLinkConfiguration
import AppSiteAssociation
import FileLocations
import LinkCoverage
import RichMediaKitSupport

/// A whole-app report is a check's report: one error per gap, located in the file that holds the mistake: the
/// routes file (`.routes`), the entitlements (`.entitlements`: the entry's line and column
/// in an XML property list, the file's start otherwise), the `Info.plist` (`.infoPlist`), or a claimed
/// domain's AASA file (`ReportFile.site(_:)`).
extension AppCoverageReport: CheckReport, StandaloneTextCheckReport, CoverageGapReport {}

extension AppCoverageReport.Gap: CoverageGap {
    /// Where the gap's finding points, then where in the other file, if it has a counterpart.
    package var reportPlaces: [LocatedFinding.Place] {
        [place.reportPlace(fileLocation)] + (counterpart.map { [$0.reportPlace(counterpartLocation)] } ?? [])
    }
}

extension AppCoverageReport.Gap.Place {
    /// The place as a finding's, with the position `fileLocation` in its file.
    func reportPlace(_ fileLocation: FileLocation?) -> LocatedFinding.Place {
        // A property list's place is its line and column, or the file's start (a binary one has no lines).
        func plist(_ file: ReportFile) -> LocatedFinding.Place {
            .init(file, .text(line: fileLocation?.line ?? 1, column: fileLocation?.column ?? 1))
        }
        switch self {
        case .routes(let pointer): return .init(.routes, .pointer(pointer))
        case .aasa(let domain, let pointer): return .init(.site(domain), .pointer(pointer))
        case .entitlement, .entitlements, .entitlementsValue: return plist(.entitlements)
        case .infoPlistScheme, .infoPlistValue: return plist(.infoPlist)
        }
    }
}

extension AppCoverageReport.Gap.Kind: CoverageGapKind {
    /// What the kind finds, in one sentence.
    package var summary: String {
        switch self {
        case .associatedDomainNotEntitled:
            return "The routes file associates a domain the entitlements do not claim."
        case .routeDomainNotClaimed: return "A route is bound to a host the entitlements do not claim."
        case .domainWithoutRoutes: return "The entitlements claim a domain no route serves."
        case .undeclaredScheme: return "Routes use a custom scheme the Info.plist does not declare."
        case .unhandledScheme: return "The Info.plist declares a scheme no route handles."
        case .wrongType: return "A key of the entitlements or the Info.plist holds a value of the wrong type."
        case .deployedFile: return "The deployed apple-app-site-association file of a claimed domain has an error."
        case .notCompared: return CoverageReport.notComparedRule.summary
        case .appIDNotListed: return "The file of a claimed domain does not name the app ID."
        case .unrouted:
            return "The AASA file sends URLs to the app that no route handles: the app opens with nothing to show."
        case .unclaimed:
            return "A route handles URLs that iOS does not send to the app: the link opens in Safari."
        case .serviceWithoutSection:
            return "A domain is claimed for a service its apple-app-site-association file has no section for."
        case .serviceAppNotListed: return "The section of a claimed service names other apps, not this one."
        case .ignoredEntry:
            return "A domain's file is ready for the app, and the entitlement entry meant to claim it is ignored."
        }
    }

    /// How to fix what the kind finds.
    package var help: String {
        switch self {
        case .associatedDomainNotEntitled, .routeDomainNotClaimed:
            return "Add the applinks entry to com.apple.developer.associated-domains in the entitlements, or remove "
                + "it from the routes file. See Docs/Coverage.md."
        case .domainWithoutRoutes:
            return "Add the domain to the routes file's associatedDomains and routes for it, or remove the "
                + "entitlement entry. See Docs/Coverage.md."
        case .undeclaredScheme:
            return "Add the scheme to CFBundleURLSchemes of a CFBundleURLTypes entry in the Info.plist."
        case .unhandledScheme:
            return "Add routes for the scheme (and list it in the routes file's schemes), or remove the declaration."
        case .wrongType:
            return "Write the value with the type the key takes (`link-router app lint` names it). See "
                + "Docs/AppConfiguration.md."
        case .deployedFile: return "Fix what `link-router aasa fetch DOMAIN` reports. See Docs/AASA.md."
        case .notCompared: return CoverageReport.notComparedRule.help
        case .appIDNotListed:
            return "Add the app ID (team prefix and bundle ID of the signed app) to the file's appIDs."
        case .unrouted, .unclaimed:
            return CoverageReport.rules.first { $0.code == rawValue }?.help ?? ""
        case .serviceWithoutSection:
            return "Add the service's section ({\"apps\": [\"<team ID>.<bundle ID>\"]}) to the domain's file, or "
                + "remove the entry. See Docs/Coverage.md."
        case .serviceAppNotListed:
            return "List the signed app's ID (team prefix and bundle ID; for appclips the App Clip's) in the "
                + "section's apps."
        case .ignoredEntry:
            return "Write the entry as <service>:<fully qualified domain>, such as applinks:example.com. See "
                + "Docs/AppConfiguration.md."
        }
    }
}

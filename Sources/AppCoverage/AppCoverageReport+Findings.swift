import AppLinkConfiguration
import LinkCoverage
import RichMediaKitSupport

extension AppCoverageReport {
    /// The rules the whole-app check reports, for SARIF (package access).
    package static let reportRules: [ReportRule] = Gap.Kind.allCases.map { kind in
        ReportRule(id: kind.rawValue, shortDescription: kind.summary, help: kind.help, defaultLevel: .error)
    }

    /// The files a report's gaps point into, as given on the command line (nil for standard input), with their
    /// bytes (package access).
    package struct Files {
        /// The app's configuration (its entries and schemes know their positions).
        package var app: AppLinkConfiguration
        /// The entitlements file's path (nil for standard input).
        package var entitlements: String?
        /// The `Info.plist`'s path, if one was given.
        package var infoPlist: String?
        /// The routes file.
        package var routes: (path: String?, bytes: [UInt8])
        /// Each domain's file: its path or URL and bytes.
        package var sites: [String: SiteFile]

        /// Creates the description of the files.
        package init(
            app: AppLinkConfiguration, entitlements: String?, infoPlist: String?,
            routes: (path: String?, bytes: [UInt8]), sites: [String: SiteFile]
        ) {
            self.app = app
            self.entitlements = entitlements
            self.infoPlist = infoPlist
            self.routes = routes
            self.sites = sites
        }
    }

    /// The gaps as findings located in the file that holds each mistake (package access).
    ///
    /// - Parameter files: The files, as given.
    /// - Returns: One finding per gap, in report order.
    package func findings(files: Files) -> [ReportFinding] {
        let routePointers = gaps.compactMap { gap -> String? in
            if case .routes(let pointer) = gap.place { return pointer }
            return nil
        }
        let routePositions =
            files.routes.path == nil ? [:] : JSONSourcePositions.positions(of: routePointers, in: files.routes.bytes)
        return gaps.map { gap in
            var location: ReportFinding.Location?
            switch gap.place {
            case .routes(let pointer):
                if let path = files.routes.path, let position = routePositions[pointer] {
                    location = .init(path: path, line: position.line, column: position.column)
                }
            case .aasa(let domain, let pointer):
                if let site = files.sites[domain], let path = site.source, !site.bytes.isEmpty,
                    let position = JSONSourcePositions.positions(of: [pointer], in: site.bytes)[pointer]
                {
                    location = .init(path: path, line: position.line, column: position.column)
                }
            case .entitlement(let index):
                let entry = files.app.associatedDomains.first { $0.index == index }
                location = plistLocation(files.entitlements, entry?.location ?? files.app.associatedDomainsLocation)
            case .entitlements:
                location = plistLocation(files.entitlements, files.app.associatedDomainsLocation)
            case .infoPlistScheme(let scheme):
                location = plistLocation(files.infoPlist, files.app.urlScheme(scheme)?.location)
            }
            return ReportFinding(ruleID: gap.kind.rawValue, level: .error, message: gap.message, location: location)
        }
    }

    private func plistLocation(
        _ path: String?, _ location: AppLinkConfiguration.Location?
    ) -> ReportFinding.Location? {
        guard let path else { return nil }
        return .init(path: path, line: location?.position.line ?? 1, column: location?.position.column ?? 1)
    }
}

extension AppCoverageReport.Gap.Kind {
    /// What the kind finds, in one sentence.
    var summary: String {
        switch self {
        case .associatedDomainNotEntitled:
            return "The routes file associates a domain the entitlements do not claim."
        case .routeDomainNotClaimed: return "A route is bound to a host the entitlements do not claim."
        case .domainWithoutRoutes: return "The entitlements claim a domain no route serves."
        case .undeclaredScheme: return "Routes use a custom scheme the Info.plist does not declare."
        case .unhandledScheme: return "The Info.plist declares a scheme no route handles."
        case .deployedFile: return "The deployed apple-app-site-association file of a claimed domain has an error."
        case .appIDNotListed: return "The file of a claimed domain does not name the app ID."
        case .unrouted:
            return "The AASA file sends URLs to the app that no route handles: the app opens with nothing to show."
        case .unclaimed:
            return "A route handles URLs that iOS does not send to the app: the link opens in Safari."
        }
    }

    /// How to fix what the kind finds.
    var help: String {
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
        case .deployedFile: return "Fix what `link-router aasa fetch DOMAIN` reports. See Docs/AASA.md."
        case .appIDNotListed:
            return "Add the app ID (team prefix and bundle ID of the signed app) to the file's appIDs."
        case .unrouted, .unclaimed:
            return CoverageReport.reportRules.first { $0.id == rawValue }?.help ?? ""
        }
    }
}

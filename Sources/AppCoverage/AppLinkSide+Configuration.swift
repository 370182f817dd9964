import AppLinkConfiguration
import LinkCoverage
import LinkRouting

extension AppLinkSide {
    /// The app's side as the checks read it from its configuration.
    ///
    /// - Parameters:
    ///   - configuration: The configuration read from the entitlements (and `Info.plist`).
    ///   - hasInfoPlist: Whether an `Info.plist` was read (otherwise schemes are not checked).
    package init(_ configuration: AppLinkConfiguration, hasInfoPlist: Bool) {
        all = configuration.associatedDomains.map { entry in
            let text = entry.setting.value ?? entry.setting.written
            let domain = entry.setting.value != nil && entry.domain.claimsItsHost ? entry.domain : nil
            return Entry(
                text: text, index: entry.index, service: entry.domain.service, domain: domain,
                problem: domain == nil ? Self.problem(entry) : nil, location: entry.location.fileLocation,
                parsed: entry.domain)
        }
        isAppClip = configuration.isAppClip
        wrongTypes = configuration.wrongTypeValues.map { value in
            WrongType(
                inInfoPlist: value.location.file == .infoPlist, keyPath: value.location.keyPath,
                description: value.description, location: value.location.fileLocation)
        }
        parentAppID = configuration.parentApplicationIdentifiers.first?.value
        schemes = hasInfoPlist ? configuration.urlSchemes.compactMap { $0.scheme?.lowercased() } : nil
        for scheme in configuration.urlSchemes {
            guard hasInfoPlist, let name = scheme.scheme?.lowercased(), schemeLocations[name] == nil else { continue }
            schemeLocations[name] = scheme.setting.location.fileLocation
        }
    }

    /// Why iOS ignores an entry, in a few words.
    private static func problem(_ entry: AppLinkConfiguration.DomainEntry) -> String {
        if let variable = entry.setting.unresolvedVariables.first {
            return "the build variable $(\(variable)) is not resolved; give --define \(variable)=VALUE"
        }
        switch entry.domain.problems.first {
        case .unknownService?:
            return entry.domain.service.rawValue.isEmpty
                ? "an entry starts with its service, such as applinks:"
                : "iOS knows no service \(entry.domain.service)"
        case .scheme?: return "an entry has no scheme such as https://"
        case .path?: return "an entry has no path"
        case .port?: return "an entry has no port"
        case .unknownMode(let mode)?: return "the mode \(mode) is not developer or managed"
        case .nonASCIIHost?: return "iOS compares the host's punycode form"
        case .unservableHost(let finding)?: return finding.message
        case .emptyHost?, .invalidHost?, nil: break
        }
        return "not a host name"
    }
}

extension AppCoverageChecker {
    /// Checks the app's side against itself and against the sites' files.
    ///
    /// <!-- snippet: AppCoverageCheckerDocExample -->
    /// ```swift
    /// let app = try AppLinkConfiguration(entitlements: entitlements, infoPlist: infoPlist)
    /// let report = try AppCoverageChecker.check(
    ///     app: app, hasInfoPlist: true, routes: table,
    ///     files: ["example.com": try SiteFile.local(path: "aasa.json", bytes: aasa)])
    /// for gap in report.gaps { print(gap.kind, gap.message) }
    /// ```
    /// - Parameters:
    ///   - app: The app's configuration, read from its entitlements and `Info.plist`.
    ///   - hasInfoPlist: Whether `app` was read with an `Info.plist` (schemes are checked only then).
    ///   - routes: The app's route table.
    ///   - appID: The signed app's ID; nil (the default) takes the entitlements' `application-identifier`
    ///     (`AppLinkConfiguration.appID`), as `link-router check` does without `--app-id`.
    ///   - files: The sites' files by lowercased host.
    ///   - allURLs: Compare non-canonical URLs too (see `CoverageChecker`).
    /// - Returns: The report.
    /// - Throws: `CoverageError` when a domain's patterns are too complex to compare, or (`missing-app-id`) when
    ///   `appID` is nil and the entitlements name no app ID.
    /// - Complexity: One exact comparison (`CoverageChecker/check(aasa:routes:domain:appID:allURLs:)`) per
    ///   domain checked, plus time linear in the entries, routes and schemes.
    public static func check(
        app: AppLinkConfiguration, hasInfoPlist: Bool, routes: RouteTable, appID: String? = nil,
        files: [String: SiteFile], allURLs: Bool = false
    ) throws(CoverageError) -> AppCoverageReport {
        guard let appID = appID ?? app.appID else { throw .missingAppID }
        return try check(
            app: AppLinkSide(app, hasInfoPlist: hasInfoPlist), routes: routes, appID: appID, files: files,
            allURLs: allURLs)
    }
}

extension AppCoverageChecker {
    /// The hosts the whole-app check compares with a file, in order: the hosts of plain `applinks` entries, then
    /// for each wildcard entry the hosts below it that routes are bound to or that `given` files are for, then the
    /// hosts claimed for the other services (`webcredentials`, `appclips`, `activitycontinuation`) not listed yet.
    ///
    /// In fetch mode, fetch each of them; with local files, the hosts of plain entries need one
    /// (`viaWildcard == false`), the others are checked when one is given.
    ///
    /// - Parameters:
    ///   - app: The app's configuration.
    ///   - routes: The app's route table.
    ///   - given: The hosts files were given for.
    /// - Returns: Each host, the entry claiming it as written, and whether it is claimed through a wildcard.
    public static func domainsToCheck(
        app: AppLinkConfiguration, routes: RouteTable, given: [String] = []
    ) -> [(domain: String, entry: String, viaWildcard: Bool)] {
        let files = Dictionary(given.map { ($0, SiteFile(source: nil, matcher: nil)) }, uniquingKeysWith: { a, _ in a })
        let side = AppLinkSide(app, hasInfoPlist: false)
        var result = hostsToCheck(app: side, routes: routes, files: files).map {
            ($0.host, $0.entry.text, $0.entry.domain?.isWildcard ?? false)
        }
        var seen = Set(result.map(\.0))
        for (host, entry) in serviceHostsToCheck(app: side, files: files) where seen.insert(host).inserted {
            result.append((host, entry.text, entry.domain?.isWildcard ?? false))
        }
        return result
    }
}

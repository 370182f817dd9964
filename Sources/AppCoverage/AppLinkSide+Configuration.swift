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
        entries = configuration.entries(for: .applinks).map { entry in
            let text = entry.setting.value ?? entry.setting.written
            var domain: AssociatedDomain?
            if entry.isWellFormed {
                domain = try? AssociatedDomain(entry: "applinks:" + (entry.isWildcard ? "*." : "") + entry.host)
            }
            return Entry(
                text: text, index: entry.index, domain: domain, problem: domain == nil ? Self.problem(entry) : nil,
                mode: entry.mode?.rawValue, location: entry.location.fileLocation)
        }
        others = configuration.associatedDomains.filter { $0.service != .applinks }.map {
            OtherEntry(service: $0.service.rawValue, host: $0.host, index: $0.index)
        }
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
        if entry.scheme != nil { return "an entry has no scheme such as https://" }
        if entry.path != nil { return "an entry has no path" }
        if entry.port != nil { return "an entry has no port" }
        if let mode = entry.mode, !mode.isKnown { return "the mode \(mode) is not developer or managed" }
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
    ///     app: app, hasInfoPlist: true, routes: table, appID: "ABCDE12345.com.example.app",
    ///     files: ["example.com": try SiteFile.local(path: "aasa.json", bytes: aasa)])
    /// for gap in report.gaps { print(gap.kind, gap.message) }
    /// ```
    /// - Parameters:
    ///   - app: The app's configuration, read from its entitlements and `Info.plist`.
    ///   - hasInfoPlist: Whether `app` was read with an `Info.plist` (schemes are checked only then).
    ///   - routes: The app's route table.
    ///   - appID: The signed app's ID.
    ///   - files: The sites' files by lowercased host.
    ///   - allURLs: Compare non-canonical URLs too (see `CoverageChecker`).
    /// - Returns: The report.
    /// - Throws: `CoverageError` when a domain's patterns are too complex to compare.
    /// - Complexity: One exact comparison (`CoverageChecker/check(aasa:routes:domain:appID:allURLs:)`) per
    ///   domain checked, plus time linear in the entries, routes and schemes.
    public static func check(
        app: AppLinkConfiguration, hasInfoPlist: Bool, routes: RouteTable, appID: String,
        files: [String: SiteFile], allURLs: Bool = false
    ) throws(CoverageError) -> AppCoverageReport {
        try check(
            app: AppLinkSide(app, hasInfoPlist: hasInfoPlist), routes: routes, appID: appID, files: files,
            allURLs: allURLs)
    }
}

extension AppCoverageChecker {
    /// The hosts the whole-app check compares with a file, in order: the hosts of plain `applinks` entries, then
    /// for each wildcard entry the hosts below it that routes are bound to or that `given` files are for.
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
        return hostsToCheck(app: AppLinkSide(app, hasInfoPlist: false), routes: routes, files: files).map {
            ($0.host, $0.entry.text, $0.entry.domain?.isWildcard ?? false)
        }
    }
}

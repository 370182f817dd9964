import AppCoverage
import AppLinkConfiguration
import LinkRouting

extension LinkDoctor {
    /// Walks `url` through the chain iOS walks and names the first broken link.
    ///
    /// <!-- snippet: LinkDoctorDocExample -->
    /// ```swift
    /// let app = try AppLinkConfiguration(entitlements: entitlements, infoPlist: infoPlist)
    /// let report = LinkDoctor.diagnose(
    ///     "https://example.com/promotion/7", app: app, hasInfoPlist: true, routes: table,
    ///     appID: "ABCDE12345.com.example.app", file: try SiteFile.local(path: "aasa.json", bytes: aasa))
    /// print(report.firstBroken?.name.rawValue ?? "opens the app")
    /// ```
    /// - Parameters:
    ///   - url: The URL, as a user would tap it.
    ///   - app: The app's configuration.
    ///   - hasInfoPlist: Whether `app` was read with an `Info.plist`.
    ///   - routes: The app's route table.
    ///   - appID: The signed app's ID.
    ///   - file: The file of the URL's host (`SiteFile.local(path:bytes:)` or
    ///     `SiteFile.fetched(_:)`), or nil when none was given.
    ///   - names: The entitlements and routes files' names, for the fixes.
    /// - Returns: The report.
    /// - Complexity: Linear in the URL, the entries and the file's rules for the app ID.
    public static func diagnose(
        _ url: String, app: AppLinkConfiguration, hasInfoPlist: Bool, routes: RouteTable, appID: String,
        file: SiteFile?, names: (entitlements: String, routes: String) = ("the entitlements", "the routes file")
    ) -> DoctorReport {
        diagnose(
            url, app: AppLinkSide(app, hasInfoPlist: hasInfoPlist), entitlementsName: names.entitlements,
            routes: routes, routesName: names.routes, appID: appID, file: file)
    }
}

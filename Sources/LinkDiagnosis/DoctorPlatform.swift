import AndroidAppLinks
import AppCoverage
import AppLinkConfiguration
import LinkCoverage
import LinkRouting

/// A platform `doctor` walks one URL on: its name and key, and its walk (``PlatformsDoctorReport/walk(_:platforms:)``
/// writes every platform's the same way, so a platform added here needs no change to the report or the command).
package protocol DoctorPlatform {
    /// The platform's name in the text and the findings' messages (`iOS`, `Android`).
    var name: String { get }
    /// The platform's key in the JSON (`ios`, `android`).
    var key: String { get }
    /// The chain the platform walks for `url`, from the tap to the app's route.
    ///
    /// - Parameter url: The URL, as a user would tap it.
    /// - Returns: The walk.
    func walk(_ url: String) -> DoctorReport
}

/// iOS's walk (``LinkDoctor``), with the app's files as `doctor` read them.
package struct IOSDoctorPlatform: DoctorPlatform {
    package let name = AppCoverageReport.platformName
    package let key = AppCoverageReport.platformKey
    private let diagnose: (String) -> DoctorReport

    /// The walk with these inputs, as ``LinkDoctor/diagnose(_:app:hasInfoPlist:routes:appID:file:names:)`` takes
    /// them.
    package init(
        app: AppLinkConfiguration, hasInfoPlist: Bool, routes: RouteTable, appID: String?, file: SiteFile?,
        names: (entitlements: String, routes: String)
    ) {
        diagnose = {
            LinkDoctor.diagnose(
                $0, app: app, hasInfoPlist: hasInfoPlist, routes: routes, appID: appID, file: file, names: names)
        }
    }

    package func walk(_ url: String) -> DoctorReport { diagnose(url) }
}

/// Android's walk (``AndroidLinkDoctor``), with the app's files as `doctor` read them.
package struct AndroidDoctorPlatform: DoctorPlatform {
    package let name = AndroidCoverageReport.platformName
    package let key = AndroidCoverageReport.platformKey
    private let diagnose: (String) -> DoctorReport

    /// The walk with these inputs, as ``AndroidLinkDoctor/diagnose(_:manifest:app:routes:files:targetSDK:names:)``
    /// takes them.
    package init(
        manifest: AndroidManifest, app: AndroidAppIdentity, routes: RouteTable,
        files: @escaping @Sendable (String) -> AssetLinksSiteFile?, targetSDK: Int?,
        names: (manifest: String, routes: String)
    ) {
        diagnose = {
            AndroidLinkDoctor.diagnose(
                $0, manifest: manifest, app: app, routes: routes, files: files, targetSDK: targetSDK, names: names)
        }
    }

    package func walk(_ url: String) -> DoctorReport { diagnose(url) }
}

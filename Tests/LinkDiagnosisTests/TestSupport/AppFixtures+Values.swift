import AppCoverage
import AppLinkConfiguration
import Foundation
import LinkRouting
import TestSupport

/// The test files of `AppFixtures`, read into the app's configuration, routes and site files.
extension AppFixtures {
    /// The app's configuration read from those files.
    static func app(_ entries: [String], schemes: [String]? = nil, appID: String? = AppFixtures.appID) throws
        -> AppLinkConfiguration
    {
        try AppLinkConfiguration(
            entitlements: entitlements(entries, appID: appID), infoPlist: schemes.map { infoPlist(schemes: $0) })
    }

    /// A routes table from JSON text.
    static func routes(_ json: String) throws -> RouteTable {
        try RouteTable(json: Data(json.utf8))
    }

    /// A local site file.
    static func site(_ bytes: [UInt8], path: String = "aasa.json") throws -> SiteFile {
        try SiteFile.local(path: path, bytes: bytes)
    }
}

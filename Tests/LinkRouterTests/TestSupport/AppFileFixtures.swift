import Foundation
import TestSupport

/// App files (entitlements, Info.plist) written to a temporary directory for the end-to-end tests of
/// `check --entitlements` and `doctor`.
enum AppFileFixtures {
    static let appID = "ABCDE12345.com.example.app"
    static let examples = AASAFixtures.packageRoot + "/Docs/Examples/"
    static let routes = examples + "routes.json"
    static let aasa = examples + "apple-app-site-association"

    /// Writes `contents` to a fresh temporary file named `name` and returns its path.
    static func file(_ name: String, _ contents: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return url.path
    }

    /// An `.entitlements` file with these associated-domain entries (the shared fixture's bytes, written to a file).
    static func entitlements(_ entries: [String], appID: String? = appID) throws -> String {
        try file("App.entitlements", String(decoding: AppFixtures.entitlements(entries, appID: appID), as: UTF8.self))
    }

    /// An `Info.plist` declaring these schemes.
    static func infoPlist(_ schemes: [String]) throws -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>CFBundleURLTypes</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>CFBundleURLSchemes</key>
            \t\t\t<array>

            """
        for scheme in schemes { text += "\t\t\t\t<string>\(scheme)</string>\n" }
        text += "\t\t\t</array>\n\t\t</dict>\n\t</array>\n</dict>\n</plist>\n"
        return try file("Info.plist", text)
    }

    /// The example's app (the shipped mistake: `*.example.com` only) and its Info.plist.
    static func exampleApp() throws -> (entitlements: String, infoPlist: String) {
        (try entitlements(["applinks:*.example.com", "webcredentials:example.com"]), try infoPlist(["shop"]))
    }
}

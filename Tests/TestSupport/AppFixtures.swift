import Foundation

/// Small app files for the whole-app check and the doctor, written the way real projects write them (XML property
/// lists, AASA JSON), as bytes; each test target reads them into its modules' values (`AppFixtures+Values.swift`).
package enum AppFixtures {
    package static let appID = "ABCDE12345.com.example.app"

    /// An `.entitlements` XML property list with these associated-domain entries.
    package static func entitlements(_ entries: [String], appID: String? = AppFixtures.appID) -> [UInt8] {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        if let appID { text += "\t<key>application-identifier</key>\n\t<string>\(appID)</string>\n" }
        text += "\t<key>com.apple.developer.associated-domains</key>\n\t<array>\n"
        for entry in entries { text += "\t\t<string>\(entry)</string>\n" }
        text += "\t</array>\n</dict>\n</plist>\n"
        return Array(text.utf8)
    }

    /// An `Info.plist` declaring these URL schemes in one `CFBundleURLTypes` entry.
    package static func infoPlist(schemes: [String]) -> [UInt8] {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>CFBundleIdentifier</key>
            \t<string>com.example.app</string>
            \t<key>CFBundleURLTypes</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>CFBundleURLSchemes</key>
            \t\t\t<array>

            """
        for scheme in schemes { text += "\t\t\t\t<string>\(scheme)</string>\n" }
        text += "\t\t\t</array>\n\t\t</dict>\n\t</array>\n</dict>\n</plist>\n"
        return Array(text.utf8)
    }

    /// An AASA file listing `appIDs` with these components (`"/"` patterns; a leading `!` excludes).
    package static func aasa(appIDs: [String] = [AppFixtures.appID], paths: [String]) -> [UInt8] {
        let components = paths.map { path in
            path.hasPrefix("!") ? #"{"/": "\#(path.dropFirst())", "exclude": true}"# : #"{"/": "\#(path)"}"#
        }
        let ids = appIDs.map { "\"\($0)\"" }.joined(separator: ", ")
        return Array(
            #"{"applinks": {"details": [{"appIDs": [\#(ids)], "components": [\#(components.joined(separator: ", "))]}]}}"#
                .utf8)
    }

    /// The shipped example AASA file's bytes.
    package static func exampleAASA() throws -> [UInt8] {
        Array(
            try Data(contentsOf: PackagePaths.root.appendingPathComponent("Docs/Examples/apple-app-site-association")))
    }
}

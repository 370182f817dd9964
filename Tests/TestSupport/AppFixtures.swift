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

    /// The layouts real projects' entitlements come in (issue 28): what generates or edits them, and the bytes
    /// around the Associated Domains array that such a generator writes.
    package enum Layout: String, CaseIterable, Sendable {
        /// Xcode's own capability editor (tabs, the DOCTYPE, a final newline).
        case native
        /// Expo's prebuild from `app.json` (`ios/<Name>/<Name>.entitlements`): two-space indentation, other keys
        /// first (`aps-environment`), no DOCTYPE.
        case expo
        /// Flutter's `ios/Runner/Runner.entitlements`, edited by hand: an XML comment inside the array, CRLF line
        /// endings (a Windows checkout).
        case flutter
        /// Capacitor's `ios/App/App/App.entitlements`: no final newline, non-ASCII text in a comment and a key.
        case capacitor
    }

    /// An `.entitlements` file in `layout` with these entries (and `application-identifier` when given).
    package static func entitlements(
        _ entries: [String], layout: Layout, appID: String? = AppFixtures.appID, extraKeys: String = ""
    ) -> [UInt8] {
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let doctype =
            "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
        let id = appID.map { "<key>application-identifier</key>\n<string>\($0)</string>\n" } ?? ""
        switch layout {
        case .native:
            var text = head + doctype + "<plist version=\"1.0\">\n<dict>\n"
            text += id.split(separator: "\n").map { "\t" + $0 + "\n" }.joined() + extraKeys
            text += "\t<key>com.apple.developer.associated-domains</key>\n\t<array>\n"
            text += entries.map { "\t\t<string>\($0)</string>\n" }.joined()
            text += "\t</array>\n</dict>\n</plist>\n"
            return Array(text.utf8)
        case .expo:
            var text = head + "<plist version=\"1.0\">\n  <dict>\n"
            text += "    <key>aps-environment</key>\n    <string>development</string>\n"
            text += id.split(separator: "\n").map { "    " + $0 + "\n" }.joined() + extraKeys
            text += "    <key>com.apple.developer.associated-domains</key>\n    <array>\n"
            text += entries.map { "      <string>\($0)</string>\n" }.joined()
            text += "    </array>\n  </dict>\n</plist>\n"
            return Array(text.utf8)
        case .flutter:
            var text = head + doctype + "<plist version=\"1.0\">\n<dict>\n" + id + extraKeys
            text += "\t<key>com.apple.developer.associated-domains</key>\n\t<array>\n"
            text += "\t\t<!-- universal links and password autofill -->\n"
            text += entries.map { "\t\t<string>\($0)</string>\n" }.joined()
            text += "\t</array>\n</dict>\n</plist>\n"
            return Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        case .capacitor:
            var text = head + doctype + "<plist version=\"1.0\">\n<dict>\n"
            text += "\t<!-- Café Crème: applinks für die Website -->\n" + id + extraKeys
            text += "\t<key>com.apple.developer.associated-domains</key>\n\t<array>\n"
            text += entries.map { "\t\t<string>\($0)</string>\n" }.joined()
            text += "\t</array>\n\t<key>com.example.naïve-key</key>\n\t<string>café</string>\n</dict>\n</plist>"
            return Array(text.utf8)
        }
    }

    /// The App Clip's ID of the fixtures' app.
    package static let clipID = "ABCDE12345.com.example.app.Clip"

    /// An App Clip's `.entitlements`: its own app ID, on-demand install, its parent app and these entries.
    package static func clipEntitlements(_ entries: [String], parent: String = AppFixtures.appID) -> [UInt8] {
        entitlements(
            entries, layout: .native, appID: nil,
            extraKeys: "\t<key>application-identifier</key>\n\t<string>\(clipID)</string>\n"
                + "\t<key>com.apple.developer.on-demand-install-capable</key>\n\t<true/>\n"
                + "\t<key>com.apple.developer.parent-application-identifiers</key>\n\t<array>\n"
                + "\t\t<string>\(parent)</string>\n\t</array>\n")
    }

    /// An AASA file with an `applinks` section for `appLinksIDs` (the paths `/p/*`) and the given services' `apps`
    /// (`"webcredentials": [...]`, ...), as a passkey or App Clip site serves it.
    package static func aasa(appLinksIDs: [String]?, services: [(String, [String])]) -> [UInt8] {
        var members: [String] = []
        if let appLinksIDs {
            let ids = appLinksIDs.map { "\"\($0)\"" }.joined(separator: ", ")
            members.append(#""applinks": {"details": [{"appIDs": [\#(ids)], "components": [{"/": "/p/*"}]}]}"#)
        }
        for (service, apps) in services {
            members.append("\"\(service)\": {\"apps\": [\(apps.map { "\"\($0)\"" }.joined(separator: ", "))]}")
        }
        return Array(("{" + members.joined(separator: ", ") + "}").utf8)
    }
}

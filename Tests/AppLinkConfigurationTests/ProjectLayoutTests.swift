import AppLinkConfiguration
import Foundation
import Testing

/// The lint on the files real projects ship, as each project layout writes them (native Xcode, Expo, Flutter,
/// Capacitor): Xcode's own build settings, values of the wrong type, schemes the system keeps.
@Suite struct ProjectLayoutTests {
    /// An XML property list around `body` (the keys of its top-level dict), as Xcode writes one: tabs, a
    /// document type, a final newline.
    static func plist(_ body: String) -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(body)
            </dict>
            </plist>

            """.utf8)
    }

    /// A native Xcode app's entitlements: the signing variables and a project-defined domain.
    static let nativeEntitlements = plist(
        """
        \t<key>application-identifier</key>
        \t<string>$(AppIdentifierPrefix)$(CFBundleIdentifier)</string>
        \t<key>com.apple.developer.team-identifier</key>
        \t<string>$(DEVELOPMENT_TEAM)</string>
        \t<key>com.apple.developer.associated-domains</key>
        \t<array>
        \t\t<string>applinks:acme-shop.com</string>
        \t\t<string>webcredentials:acme-shop.com</string>
        \t</array>
        \t<key>keychain-access-groups</key>
        \t<array>
        \t\t<string>$(AppIdentifierPrefix)com.example.shared</string>
        \t</array>
        """)

    /// Xcode's app template Info.plist, with a URL type named after the bundle.
    static let nativeInfoPlist = plist(
        """
        \t<key>CFBundleDevelopmentRegion</key>
        \t<string>$(DEVELOPMENT_LANGUAGE)</string>
        \t<key>CFBundleExecutable</key>
        \t<string>$(EXECUTABLE_NAME)</string>
        \t<key>CFBundleIdentifier</key>
        \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t<key>CFBundleName</key>
        \t<string>$(PRODUCT_NAME)</string>
        \t<key>CFBundlePackageType</key>
        \t<string>$(PRODUCT_BUNDLE_PACKAGE_TYPE)</string>
        \t<key>CFBundleShortVersionString</key>
        \t<string>$(MARKETING_VERSION)</string>
        \t<key>CFBundleURLTypes</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>CFBundleURLName</key>
        \t\t\t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t\t\t<key>CFBundleURLSchemes</key>
        \t\t\t<array>
        \t\t\t\t<string>shop</string>
        \t\t\t</array>
        \t\t</dict>
        \t</array>
        """)

    /// An Expo prebuild's Info.plist: the app's scheme, the bundle ID as a scheme, and the dev client's `exp+`.
    static let expoInfoPlist = plist(
        """
        \t<key>CFBundleIdentifier</key>
        \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t<key>CFBundleURLTypes</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>CFBundleURLSchemes</key>
        \t\t\t<array>
        \t\t\t\t<string>myapp</string>
        \t\t\t\t<string>com.example.myapp</string>
        \t\t\t</array>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>CFBundleURLSchemes</key>
        \t\t\t<array>
        \t\t\t\t<string>exp+myapp</string>
        \t\t\t</array>
        \t\t</dict>
        \t</array>
        \t<key>LSRequiresIPhoneOS</key>
        \t<true/>
        """)

    /// An Expo app's entitlements: push and one domain, nothing else.
    static let expoEntitlements = plist(
        """
        \t<key>aps-environment</key>
        \t<string>development</string>
        \t<key>com.apple.developer.associated-domains</key>
        \t<array>
        \t\t<string>applinks:shop.acme-shop.com</string>
        \t</array>
        """)

    /// A Flutter app's Runner/Info.plist: deep linking on, the bundle ID as a scheme, Google Sign-In's.
    static let flutterInfoPlist = plist(
        """
        \t<key>CFBundleIdentifier</key>
        \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t<key>CFBundleName</key>
        \t<string>my_app</string>
        \t<key>FlutterDeepLinkingEnabled</key>
        \t<true/>
        \t<key>CFBundleURLTypes</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>CFBundleTypeRole</key>
        \t\t\t<string>Editor</string>
        \t\t\t<key>CFBundleURLName</key>
        \t\t\t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t\t\t<key>CFBundleURLSchemes</key>
        \t\t\t<array>
        \t\t\t\t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t\t\t\t<string>com.googleusercontent.apps.123456789012-abcdefghijklmnop</string>
        \t\t\t</array>
        \t\t</dict>
        \t</array>
        """)

    /// A Capacitor app's App/Info.plist that also declares `https` (the mistake universal links replace).
    static let capacitorInfoPlist = plist(
        """
        \t<key>CFBundleIdentifier</key>
        \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t<key>CFBundleURLTypes</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>CFBundleURLName</key>
        \t\t\t<string>com.getcapacitor.capacitor</string>
        \t\t\t<key>CFBundleURLSchemes</key>
        \t\t\t<array>
        \t\t\t\t<string>capacitor</string>
        \t\t\t\t<string>https</string>
        \t\t\t</array>
        \t\t</dict>
        \t</array>
        """)

    /// The lint's diagnostics as `severity code line:column`, in report order.
    static func lint(
        entitlements: [UInt8], infoPlist: [UInt8]?, defines: [String: String] = [:], appID: String? = nil
    ) throws -> [String] {
        let configuration = try AppLinkConfiguration(
            entitlements: entitlements, infoPlist: infoPlist, defines: defines, appID: appID)
        return AppLinkLinter.lint(configuration).diagnostics.map { diagnostic in
            let place = diagnostic.location.map { " \($0.file) \($0.position)" } ?? ""
            return "\(diagnostic.severity) \(diagnostic.code)\(place)"
        }
    }

    struct Layout: Sendable, CustomStringConvertible {
        var name: String
        var entitlements: [UInt8]
        var infoPlist: [UInt8]?
        var appID: String?
        var defines: [String: String] = [:]
        var expected: [String]
        var description: String { name }
    }

    static let layouts: [Layout] = [
        Layout(
            name: "native, no --app-id: the signing settings are assumed", entitlements: nativeEntitlements,
            infoPlist: nativeInfoPlist, appID: nil,
            expected: [
                "info assumed-variable entitlements 6:2", "info assumed-variable entitlements 6:2",
                "info assumed-variable entitlements 8:2", "info assumed-variable Info.plist 10:2",
            ]),
        Layout(
            name: "native with --app-id: every signing setting follows", entitlements: nativeEntitlements,
            infoPlist: nativeInfoPlist, appID: "ABCDE12345.com.example.app", expected: []),
        Layout(
            name: "native in a build phase: DEVELOPMENT_TEAM and PRODUCT_BUNDLE_IDENTIFIER give the prefixes",
            entitlements: nativeEntitlements, infoPlist: nativeInfoPlist, appID: nil,
            defines: ["DEVELOPMENT_TEAM": "ABCDE12345", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.app"],
            expected: []),
        Layout(
            name: "Expo", entitlements: expoEntitlements, infoPlist: expoInfoPlist, appID: nil,
            expected: ["info assumed-variable Info.plist 6:2"]),
        Layout(
            name: "Flutter: the bundle ID as a scheme is checked once known", entitlements: expoEntitlements,
            infoPlist: flutterInfoPlist, appID: "ABCDE12345.com.example.myApp", expected: []),
        Layout(
            name: "Flutter without --app-id", entitlements: expoEntitlements, infoPlist: flutterInfoPlist, appID: nil,
            expected: ["info assumed-variable Info.plist 6:2", "info assumed-variable Info.plist 20:5"]),
        Layout(
            name: "Capacitor declaring https", entitlements: expoEntitlements, infoPlist: capacitorInfoPlist,
            appID: "ABCDE12345.com.example.capacitor", expected: ["error system-scheme Info.plist 15:5"]),
    ]

    @Test(arguments: layouts)
    func eachLayoutLintsAsXcodeBuildsIt(layout: Layout) throws {
        let found = try Self.lint(
            entitlements: layout.entitlements, infoPlist: layout.infoPlist, defines: layout.defines,
            appID: layout.appID)
        #expect(found == layout.expected)
    }

    @Test func theAssumptionIsNamedAndNeverFailsTheFile() throws {
        let configuration = try AppLinkConfiguration(
            entitlements: Self.nativeEntitlements, infoPlist: Self.nativeInfoPlist)
        let report = AppLinkLinter.lint(configuration)
        #expect(report.errorCount == 0 && report.warningCount == 0)
        let info = try #require(report.diagnostics.last)
        #expect(
            info.message
                == "`$(PRODUCT_BUNDLE_IDENTIFIER)` in `CFBundleIdentifier` is set by Xcode when it "
                + "builds the app; assumed right, so the value is not checked")
        #expect(report.locatedFindings.allSatisfy { $0.severity == .info })
        #expect(report.isClean)
    }

    @Test func aProjectDefinedVariableWithoutDefinitionStaysAnError() throws {
        let entitlements = Self.plist(
            """
            \t<key>com.apple.developer.associated-domains</key>
            \t<array>
            \t\t<string>applinks:$(ASSOCIATED_DOMAIN)</string>
            \t</array>
            """)
        #expect(
            try Self.lint(entitlements: entitlements, infoPlist: nil, appID: "ABCDE12345.com.example.app")
                == ["error unresolved-variable entitlements 7:3"])
    }

    @Test(
        arguments: [
            // (the setting, the app ID given, the definitions given, the value read)
            (
                "$(AppIdentifierPrefix)$(CFBundleIdentifier)", "ABCDE12345.com.example.app", [:],
                "ABCDE12345.com.example.app"
            ),
            ("$(TeamIdentifierPrefix)com.example.app", "ABCDE12345.com.example.app", [:], "ABCDE12345.com.example.app"),
            (
                "$(DEVELOPMENT_TEAM).$(PRODUCT_BUNDLE_IDENTIFIER)", "ABCDE12345.com.example.app", [:],
                "ABCDE12345.com.example.app"
            ),
            (
                "$(AppIdentifierPrefix)com.example.app", nil, ["DEVELOPMENT_TEAM": "ZYXWV98765"],
                "ZYXWV98765.com.example.app"
            ),
            (
                "$(AppIdentifierPrefix)com.example.app", "ABCDE12345.com.example.app",
                ["AppIdentifierPrefix": "ZYXWV98765."],
                "ZYXWV98765.com.example.app"
            ),
            ("${PRODUCT_BUNDLE_IDENTIFIER:lower}", "ABCDE12345.com.Example.App", [:], "com.example.app"),
            ("$(AppIdentifierPrefix)com.example.app", "not-an-app-id", [:], nil),
        ] as [(String, String?, [String: String], String?)])
    func signingSettingsFollowFromTheAppIDAndDefinesWin(
        written: String, appID: String?, defines: [String: String], value: String?
    ) throws {
        let entitlements = Self.plist("\t<key>application-identifier</key>\n\t<string>\(written)</string>")
        let configuration = try AppLinkConfiguration(entitlements: entitlements, defines: defines, appID: appID)
        #expect(configuration.applicationIdentifier?.value == value)
    }

    @Test func theFilesOwnApplicationIdentifierGivesTheOtherSettings() throws {
        let entitlements = Self.plist(
            """
            \t<key>application-identifier</key>
            \t<string>ABCDE12345.com.example.app</string>
            \t<key>com.apple.developer.team-identifier</key>
            \t<string>$(DEVELOPMENT_TEAM)</string>
            """)
        let configuration = try AppLinkConfiguration(entitlements: entitlements, infoPlist: Self.nativeInfoPlist)
        #expect(configuration.teamIdentifier?.value == "ABCDE12345")
        #expect(configuration.bundleIdentifier?.value == "com.example.app")
        #expect(configuration.unresolvedVariables.map(\.name) == [])
    }

    // MARK: - Values of the wrong type

    @Test(arguments: [
        // (the Info.plist's URL type, what the lint reports)
        (
            "<dict><key>CFBundleURLName</key><array><string>x</string></array>"
                + "<key>CFBundleURLSchemes</key><array><string>https</string></array></dict>",
            ["error wrong-type Info.plist 5:67", "error system-scheme Info.plist 5:136"]
        ),
        (
            "<dict><key>CFBundleURLSchemes</key><string>shop</string></dict>",
            ["error wrong-type Info.plist 5:70"]
        ),
        (
            "<string>shop</string><dict><key>CFBundleURLSchemes</key><array><integer>1</integer>"
                + "<string>tel</string></array></dict>",
            [
                "error wrong-type Info.plist 5:35", "error wrong-type Info.plist 5:98",
                "error system-scheme Info.plist 5:118",
            ]
        ),
    ])
    func aWrongTypeInTheInfoPlistIsAFindingAndTheRestIsChecked(urlType: String, expected: [String]) throws {
        let info = Self.plist("<key>CFBundleURLTypes</key><array>\(urlType)</array>")
        #expect(try Self.lint(entitlements: Self.expoEntitlements, infoPlist: info) == expected)
    }

    @Test func aWrongTypeInTheEntitlementsIsAFindingAndTheInfoPlistIsStillChecked() throws {
        let entitlements = Self.plist(
            """
            \t<key>com.apple.developer.associated-domains</key>
            \t<string>applinks:acme-shop.com</string>
            \t<key>com.apple.developer.on-demand-install-capable</key>
            \t<string>YES</string>
            """)
        let configuration = try AppLinkConfiguration(entitlements: entitlements, infoPlist: Self.capacitorInfoPlist)
        let report = AppLinkLinter.lint(configuration)
        #expect(
            report.diagnostics.map { "\($0.code) \($0.location?.keyPath ?? "")" } == [
                "wrong-type com.apple.developer.associated-domains",
                "wrong-type com.apple.developer.on-demand-install-capable",
                "assumed-variable CFBundleIdentifier", "system-scheme CFBundleURLTypes[0].CFBundleURLSchemes[1]",
            ])
        #expect(
            report.diagnostics[0].message
                == "`com.apple.developer.associated-domains` is a string, not an array of strings; iOS ignores it "
                + "(and what it would have declared)")
    }

    @Test func aWrongTypeInABinaryFileIsPlacedByItsByteOffset() throws {
        let object: [String: Any] = [
            "application-identifier": "ABCDE12345.com.example.app",
            "com.apple.developer.associated-domains": "applinks:acme-shop.com",
        ]
        let bytes = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let report = AppLinkLinter.lint(try AppLinkConfiguration(entitlements: Array(bytes)))
        let diagnostic = try #require(report.diagnostics.first)
        #expect(report.diagnostics.count == 1)
        #expect(diagnostic.code == .wrongType)
        let position = try #require(diagnostic.location?.position)
        #expect(position.line == nil && position.byteOffset > 8 && position.byteOffset < bytes.count)
    }

    // MARK: - Schemes the system keeps

    @Test(arguments: [
        "http", "https", "HTTPS", "mailto", "tel", "sms", "facetime", "facetime-audio", "itms", "itms-apps",
        "itms-services", "maps", "music", "shortcuts", "prefs", "file",
    ])
    func aSchemeTheSystemKeepsIsAnErrorWithTheFix(scheme: String) throws {
        let info = Self.plist(
            "<key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array><string>\(scheme)</string>"
                + "</array></dict></array>")
        let configuration = try AppLinkConfiguration(entitlements: Self.expoEntitlements, infoPlist: info)
        let diagnostic = try #require(AppLinkLinter.lint(configuration).diagnostics.first)
        #expect(diagnostic.code == .systemScheme && diagnostic.severity == .error)
        #expect(
            diagnostic.fix.contains(scheme.lowercased().hasPrefix("http") ? "universal links" : "of the app's own"))
    }

    @Test(arguments: ["shop", "myapp", "exp+myapp", "com.example.myapp", "fb1234567890", "maps-pro", "telegram"])
    func anAppsOwnSchemeStaysQuiet(scheme: String) throws {
        let info = Self.plist(
            "<key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array><string>\(scheme)</string>"
                + "</array></dict></array>")
        #expect(try Self.lint(entitlements: Self.expoEntitlements, infoPlist: info) == [])
    }
}

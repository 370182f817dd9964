import AppLinkConfiguration
import Foundation
import LinkRouting
import Testing

/// The iOS rules that compare what entries claim (issue 41, items 12–15): duplicates among entries iOS uses, the
/// system schemes a default browser or mail app declares, entitlements that claim none of the routes' domains, a
/// third-party service's host, and the app ID Xcode signs with.
@Suite struct AppLinkClaimRulesTests {
    static func lint(
        _ entries: [String], extra: String = "", infoPlist: String? = nil, routes: String? = nil
    ) throws -> [String] {
        let table = try routes.map { try RouteTable(json: Data($0.utf8)) }
        return try AppLinkLinterTests.lint(entries, extra: extra, infoPlist: infoPlist, options: .init(routes: table))
            .diagnostics.map { "\($0.severity) \($0.code)" }
    }

    /// An entry with a path claims nothing (its own error): it is no duplicate of the valid entry, in either order.
    @Test func duplicatesCompareWhatEntriesClaim() throws {
        #expect(try Self.lint(["applinks:acme-store.com/app", "applinks:acme-store.com"]) == ["error path-in-entry"])
        #expect(try Self.lint(["applinks:acme-store.com", "applinks:acme-store.com/app"]) == ["error path-in-entry"])
        #expect(
            try Self.lint(["applinks:acme-store.com", "applinks:ACME-store.com"])
                == ["warning duplicate-entry"])
    }

    static func schemes(_ names: [String]) -> String {
        "<plist><dict><key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array>"
            + names.map { "<string>\($0)</string>" }.joined() + "</array></dict></array></dict></plist>"
    }

    @Test func aDefaultBrowserOrMailAppDeclaresTheSystemsSchemes() throws {
        let browser = "<key>com.apple.developer.web-browser</key><true/>"
        let mail = "<key>com.apple.developer.mail-client</key><true/>"
        #expect(try Self.lint([], extra: browser, infoPlist: Self.schemes(["http", "https"])) == [])
        #expect(try Self.lint([], extra: mail, infoPlist: Self.schemes(["mailto"])) == [])
        // Each entitlement covers its own schemes only.
        #expect(try Self.lint([], extra: browser, infoPlist: Self.schemes(["mailto"])) == ["error system-scheme"])
        #expect(try Self.lint([], extra: mail, infoPlist: Self.schemes(["https"])) == ["error system-scheme"])
        #expect(try Self.lint([], infoPlist: Self.schemes(["https"])) == ["error system-scheme"])
    }

    static let routes = """
        {"associatedDomains": ["applinks:acme-store.com", "applinks:*.acme-store.com"],
         "routes": [{"name": "product", "pattern": "/product/:id"}]}
        """

    @Test func entitlementsThatClaimNoneOfTheRoutesDomains() throws {
        let report = try AppLinkLinterTests.lint(
            ["applinks:old-store.com", "webcredentials:acme-store.com"],
            options: .init(routes: try RouteTable(json: Data(Self.routes.utf8))))
        let finding = try #require(report.diagnostics.first { $0.code == .routesNotClaimed })
        #expect(finding.severity == .error)
        #expect(finding.message.contains("acme-store.com, *.acme-store.com"))
        #expect(finding.fix.hasPrefix("add applinks:acme-store.com"))
        #expect(finding.location?.keyPath == "com.apple.developer.associated-domains")
        // One claimed domain is enough (the others are `check`'s business); a wildcard covers a wildcard.
        #expect(try Self.lint(["applinks:acme-store.com"], routes: Self.routes) == [])
        #expect(
            !(try Self.lint(["applinks:*.acme-store.com"], routes: Self.routes)).contains("error routes-not-claimed"))
        // Without routes there is nothing to compare.
        #expect(try Self.lint(["applinks:old-store.com"]) == [])
    }

    @Test func aThirdPartyServicesHostIsAWarning() throws {
        #expect(try Self.lint(["applinks:checkout.stripe.com"]) == ["warning unverifiable-host"])
        #expect(try Self.lint(["applinks:herokuapp.com"]) == ["warning unverifiable-host"])
        // iOS fetches each subdomain's own file under a wildcard, and a customer's own subdomain serves its own.
        #expect(try Self.lint(["applinks:*.herokuapp.com"]) == ["warning wildcard-without-base"])
        #expect(try Self.lint(["applinks:acme.herokuapp.com"]) == [])
    }

    /// `$(AppIdentifierPrefix)$(PRODUCT_BUNDLE_IDENTIFIER)` without definitions: the app ID the files name that fits.
    @Test func theAppIDXcodeSignsWithIsAssumedFromTheFiles() throws {
        let configuration = try AppLinkConfiguration(
            entitlements: AppLinkLinterTests.entitlements(
                ["applinks:acme-store.com"], appID: "$(AppIdentifierPrefix)$(PRODUCT_BUNDLE_IDENTIFIER)"))
        #expect(configuration.appID == nil)
        #expect(configuration.appIDIsSetByXcode)
        #expect(configuration.assumedAppID(among: ["ABCDE12345.com.example.app"]) == "ABCDE12345.com.example.app")
        #expect(configuration.assumedAppID(among: ["not an app ID", "A1B2C3D4E5.com.x"]) == "A1B2C3D4E5.com.x")
        #expect(configuration.assumedAppID(among: []) == nil)
        // A literal part must fit: the bundle ID written after the prefix, or the Info.plist's.
        let bundle = try AppLinkConfiguration(
            entitlements: AppLinkLinterTests.entitlements(
                ["applinks:acme-store.com"], appID: "$(AppIdentifierPrefix)com.example.app"))
        #expect(
            bundle.assumedAppID(among: ["ABCDE12345.com.other", "ABCDE12345.com.example.app"])
                == "ABCDE12345.com.example.app")
        let info = try AppLinkConfiguration(
            entitlements: AppLinkLinterTests.entitlements(
                ["applinks:acme-store.com"], appID: "$(AppIdentifierPrefix)$(PRODUCT_BUNDLE_IDENTIFIER)"),
            infoPlist: Array(
                "<plist><dict><key>CFBundleIdentifier</key><string>com.example.app</string></dict></plist>".utf8))
        #expect(
            info.assumedAppID(among: ["ABCDE12345.com.other", "ABCDE12345.com.example.app"])
                == "ABCDE12345.com.example.app")
        // The team identifier and the Info.plist's bundle ID, both written, derive it without a file.
        let both = try AppLinkConfiguration(
            entitlements: AppLinkLinterTests.entitlements(
                ["applinks:acme-store.com"], appID: "$(AppIdentifierPrefix)$(PRODUCT_BUNDLE_IDENTIFIER)",
                extra: "<key>com.apple.developer.team-identifier</key><string>ABCDE12345</string>"),
            infoPlist: Array(
                "<plist><dict><key>CFBundleIdentifier</key><string>com.example.app</string></dict></plist>".utf8))
        #expect(both.assumedAppID(among: []) == "ABCDE12345.com.example.app")
        // A variable of the project's own is no Xcode setting.
        let own = try AppLinkConfiguration(
            entitlements: AppLinkLinterTests.entitlements(["applinks:acme-store.com"], appID: "$(MY_TEAM).com.x"))
        #expect(!own.appIDIsSetByXcode)
    }
}

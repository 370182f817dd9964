import AppLinkConfiguration
import FileLocations
import Foundation
import Testing

@Suite struct AppLinkConfigurationTests {
    static let entitlements = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>application-identifier</key>
            <string>$(AppIdentifierPrefix)com.example.app</string>
            <key>com.apple.developer.associated-domains</key>
            <array>
                <string>applinks:example.com</string>
                <string>applinks:*.Example.com?mode=developer</string>
                <string>webcredentials:$(ASSOCIATED_DOMAIN)</string>
                <string>appclips:https://example.com:8443/clip</string>
            </array>
        </dict>
        </plist>
        """.utf8)

    static let infoPlist = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>CFBundleIdentifier</key>
            <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            <key>CFBundleURLTypes</key>
            <array>
                <dict>
                    <key>CFBundleURLName</key>
                    <string>com.example.app</string>
                    <key>CFBundleURLSchemes</key>
                    <array><string>shop</string><string>$(EXTRA_SCHEME)</string></array>
                </dict>
            </array>
        </dict>
        </plist>
        """.utf8)

    @Test func readsAppIDsEntriesAndSchemesWithTheirLocations() throws {
        let configuration = try AppLinkConfiguration(
            entitlements: Self.entitlements, infoPlist: Self.infoPlist,
            defines: ["AppIdentifierPrefix": "ABCDE12345.", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.app"])
        #expect(configuration.appID == "ABCDE12345.com.example.app")
        #expect(configuration.teamID == "ABCDE12345")
        #expect(configuration.bundleIdentifier?.value == "com.example.app")
        let entries = configuration.associatedDomains
        #expect(entries.map(\.domain.service) == [.applinks, .applinks, .webcredentials, .appclips])
        #expect(entries.map(\.domain.host) == ["example.com", "example.com", "", "example.com"])
        #expect(entries.map(\.domain.isWildcard) == [false, true, false, false])
        #expect(entries.map(\.domain.mode) == [nil, .developer, nil, nil])
        #expect(
            entries[3].domain.scheme == "https" && entries[3].domain.port == "8443" && entries[3].domain.path == "/clip"
        )
        #expect(entries[1].location.position.description == "9:9")
        #expect(entries[1].location.keyPath == "com.apple.developer.associated-domains[1]")
        #expect(configuration.urlSchemes.map(\.scheme) == ["shop", nil])
        #expect(configuration.urlScheme("SHOP")?.urlName == "com.example.app")
        #expect(configuration.urlSchemes[0].location.file == .infoPlist)
        #expect(
            configuration.unresolvedVariables.map(\.name) == ["ASSOCIATED_DOMAIN", "EXTRA_SCHEME"])
    }

    @Test func locationsAreFileLocationsToo() throws {
        let xml = try AppLinkConfiguration(entitlements: Self.entitlements)
        #expect(xml.associatedDomains[1].location.fileLocation.description == "9:9")
        #expect(xml.associatedDomains[1].location.fileLocation.pointer == nil)
        do {
            _ = try AppLinkConfiguration(entitlements: Array("<plist><string>".utf8))
            Issue.record("no error")
        } catch {
            #expect(error.fileLocation?.description == "1:16")
        }
    }

    @Test func anUnresolvedVariableIsNeverAHost() throws {
        let configuration = try AppLinkConfiguration(entitlements: Self.entitlements)
        let entry = configuration.associatedDomains[2]
        #expect(entry.setting.value == nil)
        #expect(entry.setting.unresolvedVariables == ["ASSOCIATED_DOMAIN"])
        #expect(entry.domain.host.isEmpty)
        #expect(!entry.domain.covers(host: "$(ASSOCIATED_DOMAIN)"))
        #expect(configuration.appID == nil)
    }

    @Test func wildcardEntriesCoverSubdomainsOnly() throws {
        let configuration = try AppLinkConfiguration(entitlements: Self.entitlements)
        let wildcard = configuration.associatedDomains[1]
        #expect(wildcard.domain.covers(host: "shop.example.com"))
        #expect(wildcard.domain.covers(host: "a.b.EXAMPLE.com"))
        #expect(!wildcard.domain.covers(host: "example.com"))
        #expect(!wildcard.domain.covers(host: "badexample.com"))
        #expect(configuration.applinksEntries(claiming: "example.com").map(\.index) == [0])
        #expect(configuration.applinksEntries(claiming: "www.example.com").map(\.index) == [1])
        // A malformed entry claims nothing.
        #expect(!configuration.associatedDomains[3].domain.covers(host: "example.com"))
    }

    @Test func readsBinaryEntitlements() throws {
        let object: [String: Any] = [
            "application-identifier": "ABCDE12345.com.example.app",
            "com.apple.developer.associated-domains": ["applinks:example.com"],
            "com.apple.developer.parent-application-identifiers": ["ABCDE12345.com.example.app"],
            "com.apple.developer.on-demand-install-capable": true,
        ]
        let bytes = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let configuration = try AppLinkConfiguration(entitlements: Array(bytes))
        #expect(configuration.isAppClip)
        #expect(configuration.parentApplicationIdentifiers.map(\.value) == ["ABCDE12345.com.example.app"])
        #expect(configuration.associatedDomains.first?.location.position.line == nil)
    }

    @Test func aKeyOfTheWrongTypeIsNamedWithItsPositionAndTheRestIsRead() throws {
        let bytes = Array(
            """
            <plist><dict>
            <key>com.apple.developer.associated-domains</key>
            <string>applinks:example.com</string>
            <key>application-identifier</key><string>ABCDE12345.com.example.app</string>
            </dict></plist>
            """.utf8)
        let configuration = try AppLinkConfiguration(entitlements: bytes)
        let value = try #require(configuration.wrongTypeValues.first)
        #expect(configuration.wrongTypeValues.count == 1)
        #expect(value.location.file == .entitlements)
        #expect(value.location.position.description == "3:1")
        #expect(value.description == "`com.apple.developer.associated-domains` is a string, not an array of strings")
        #expect(configuration.associatedDomains.isEmpty)
        #expect(configuration.appID == "ABCDE12345.com.example.app")
    }

    @Test func aMalformedInfoPlistIsAnErrorInTheInfoPlist() {
        do {
            _ = try AppLinkConfiguration(
                entitlements: Array("<dict/>".utf8), infoPlist: Array("<dict><key>a</key>".utf8))
            Issue.record("no error")
        } catch {
            #expect(error.kind == .malformedPropertyList)
            #expect(error.file == .infoPlist)
            #expect(error.position?.description == "1:19")
        }
    }

    @Test func aTopLevelArrayIsNotAnEntitlementsFile() {
        do {
            _ = try AppLinkConfiguration(entitlements: Array("<plist><array/></plist>".utf8))
            Issue.record("no error")
        } catch {
            #expect(error.kind == .notDictionary)
            #expect(error.description == "1:8: the top-level value is a array, not a dict")
        }
    }

    @Test(
        arguments: [
            ("$(A)", ["A": "x"], "x", [String]()),
            ("${A}.$(B)", ["A": "x", "B": "y"], "x.y", []),
            ("$(A:lower)", ["A": "ExAmple"], "example", []),
            ("$(A:rfc1034identifier)", ["A": "My App"], "My-App", []),
            ("$(A:weird)", ["A": "x"], nil, ["A"]),
            ("$(MISSING).com", [:], nil, ["MISSING"]),
            ("$(UNTERMINATED", [:], nil, ["UNTERMINATED"]),
            ("cost: $5", [:], "cost: $5", []),
        ] as [(String, [String: String], String?, [String])])
    func buildVariables(written: String, defines: [String: String], value: String?, unresolved: [String]) {
        let location = AppLinkConfiguration.Location(
            file: .entitlements, keyPath: "k", position: PropertyListPosition(byteOffset: 0))
        let setting = AppLinkConfiguration.Setting(written: written, defines: defines, location: location)
        #expect(setting.value == value)
        #expect(setting.unresolvedVariables == unresolved)
    }
}

import AppLinkConfiguration
import LinkRouting
import Testing

@Suite struct AppLinkLinterTests {
    /// Entitlements holding `entries` (and `extra` XML inside the dict).
    static func entitlements(_ entries: [String], appID: String? = "ABCDE12345.com.example.app", extra: String = "")
        -> [UInt8]
    {
        let id = appID.map { "<key>application-identifier</key><string>\($0)</string>\n" } ?? ""
        let list = entries.map { "<string>\($0)</string>" }.joined(separator: "\n")
        return Array(
            """
            <plist><dict>
            \(id)<key>com.apple.developer.associated-domains</key>
            <array>
            \(list)
            </array>
            \(extra)</dict></plist>
            """.utf8)
    }

    static func lint(
        _ entries: [String], appID: String? = "ABCDE12345.com.example.app", extra: String = "",
        infoPlist: String? = nil, defines: [String: String] = [:], options: AppLinkLinter.Options = .init()
    ) throws -> AppLinkLintReport {
        let configuration = try AppLinkConfiguration(
            entitlements: entitlements(entries, appID: appID, extra: extra),
            infoPlist: infoPlist.map { Array($0.utf8) },
            defines: defines)
        return AppLinkLinter.lint(configuration, options: options)
    }

    @Test(arguments: [
        ("applinks:acme-store.com", [String]()),
        ("applinks:*.acme-store.com", ["warning wildcard-without-base"]),
        ("webcredentials:acme-store.com?mode=managed", []),
        ("applinks:https://acme-store.com", ["error scheme-in-entry"]),
        ("applinks:acme-store.com/app", ["error path-in-entry"]),
        ("applinks:acme-store.com:8443", ["error port-in-entry"]),
        ("applinks:", ["error empty-host"]),
        ("applinks:exa mple.com", ["error invalid-host"]),
        ("applinks:shop.*.acme-store.com", ["error invalid-host"]),
        ("applinks:example..com", ["error invalid-host"]),
        ("applinks:bücher.de", ["error non-ascii-host"]),
        ("links:acme-store.com", ["error unknown-service"]),
        ("acme-store.com", ["error unknown-service"]),
        ("applinks:acme-store.com?mode=developer", ["warning developer-mode"]),
        ("applinks:acme-store.com?mode=production", ["error unknown-mode"]),
        ("applinks:acme-store.com?mode=developer+managed", ["warning developer-mode"]),
    ])
    func eachEntryMistakeHasItsCode(entry: String, expected: [String]) throws {
        let report = try Self.lint([entry])
        #expect(report.diagnostics.map { "\($0.severity) \($0.code)" } == expected)
        for diagnostic in report.diagnostics {
            #expect(diagnostic.location?.keyPath == "com.apple.developer.associated-domains[0]")
            #expect(diagnostic.location?.position.line == 5)
        }
    }

    @Test func aNonASCIIHostsFixIsItsPunycode() throws {
        let report = try Self.lint(["applinks:Bücher.de", "applinks:*.münchen.example"])
        #expect(report.diagnostics.map(\.fix).allSatisfy { $0.contains("xn--") })
        #expect(report.diagnostics[0].fix.contains("applinks:xn--bcher-kva.de"))
        #expect(report.diagnostics[1].fix.contains("applinks:*.xn--mnchen-3ya.example"))
    }

    @Test func developerModeIsAnErrorInARelease() throws {
        let report = try Self.lint(["applinks:acme-store.com?mode=developer"], options: .init(release: true))
        #expect(report.diagnostics.map { "\($0.severity) \($0.code)" } == ["error developer-mode"])
        #expect(report.errorCount == 1)
    }

    @Test func duplicatesAreNamedWithTheFirst() throws {
        let report = try Self.lint([
            "applinks:acme-store.com", "applinks:ACME-STORE.com", "webcredentials:acme-store.com",
        ])
        #expect(report.diagnostics.map(\.code) == [.duplicateEntry])
        #expect(report.diagnostics.first?.message.contains("repeats entry 0") == true)
        #expect(report.diagnostics.first?.location?.keyPath == "com.apple.developer.associated-domains[1]")
    }

    /// Routes applying to every associated domain of the routes file (`/x`).
    static func routes(_ domains: [String]) throws -> RouteTable {
        try RouteTable(
            json: #"{"associatedDomains": [\#(domains.map { "\"\($0)\"" }.joined(separator: ", "))], "#
                + #""routes": [{"name": "x", "pattern": "/x"}]}"#)
    }

    @Test func aWildcardWithoutItsBaseIsAWarningAndAnErrorWhenTheRoutesUseTheBase() throws {
        let entries = ["applinks:*.acme-store.com"]
        #expect(
            try Self.lint(entries).diagnostics.map { "\($0.severity) \($0.code)" } == ["warning wildcard-without-base"])
        let stores = try Self.routes(["applinks:stores.acme-store.com"])
        #expect(
            try Self.lint(entries, options: .init(routes: stores)).diagnostics.map { "\($0.severity) \($0.code)" }
                == ["warning wildcard-without-base"])
        let base = try Self.routes(["applinks:ACME-STORE.com"])
        #expect(AppLinkLinter.hosts(usedBy: base) == ["acme-store.com"])
        let report = try Self.lint(entries, options: .init(routes: base))
        #expect(report.diagnostics.map(\.code) == [.wildcardWithoutBase])
        #expect(report.diagnostics.first?.fix == "add applinks:acme-store.com beside it")
        let covered = try Self.lint(entries + ["applinks:acme-store.com"], options: .init(routes: base))
        #expect(covered.diagnostics.isEmpty)
    }

    @Test func theHostsOfRoutesAreTheirBoundHostsAndTheirPlainDomains() throws {
        let table = try RouteTable(
            json: """
                {"associatedDomains": ["applinks:acme-store.com", "applinks:*.acme-store.com"],
                 "routes": [{"name": "a", "pattern": "https://shop.acme-store.com/a"}, {"name": "b", "pattern": "/b"}]}
                """)
        #expect(AppLinkLinter.hosts(usedBy: table) == ["shop.acme-store.com", "acme-store.com"])
        #expect(AppLinkLinter.Options(routes: table).hostsOfRoutes == ["shop.acme-store.com", "acme-store.com"])
    }

    @Test func tooManyEntriesIsAWarningAtTheArray() throws {
        let entries = (0...AppLinkLinter.maximumEntries).map { "webcredentials:host\($0).acme-store.com" }
        let report = try Self.lint(entries)
        #expect(report.diagnostics.map(\.code) == [.tooManyEntries])
        #expect(report.diagnostics.first?.location?.keyPath == "com.apple.developer.associated-domains")
        #expect(try Self.lint(Array(entries.dropLast())).diagnostics.isEmpty)
    }

    @Test func entriesPastTheLimitAreCountedNotRead() throws {
        // The budget of one reading: 10,000 entries (Associated Domains, parent app IDs and URL schemes together);
        // 200,000 entries (3.8 MB) used 873 MB when every one was read and checked.
        let entries = (0..<(AppLinkConfiguration.entryLimit + 5)).map { "applinks:h\($0).acme-store.com" }
        let configuration = try AppLinkConfiguration(entitlements: Self.entitlements(entries))
        #expect(configuration.associatedDomains.count == AppLinkConfiguration.entryLimit)
        #expect(configuration.unreadEntryCount == 5)
        #expect(configuration.firstUnreadEntry?.keyPath == "com.apple.developer.associated-domains[10000]")
        var small = AppLinkConfiguration(associatedDomains: Array(configuration.associatedDomains.prefix(3)))
        small.unreadEntryCount = configuration.unreadEntryCount
        small.firstUnreadEntry = configuration.firstUnreadEntry
        let report = AppLinkLinter.lint(small)
        #expect(report.diagnostics.map { "\($0.severity) \($0.code)" } == ["error too-many-entries"])
        #expect(report.diagnostics.first?.message.hasPrefix("more than 10000 entries (10005 ") == true)
        #expect(report.diagnostics.first?.location?.keyPath == "com.apple.developer.associated-domains[10000]")
    }

    @Test func aDeveloperModeEntrysReleaseClaimIsFoundByItsHostOrACoveringWildcard() throws {
        let report = try Self.lint([
            "applinks:a.acme-store.com?mode=developer", "applinks:*.acme-store.com",
            "applinks:b.acme-store.com?mode=developer", "applinks:b.acme-store.com",
            "applinks:c.other.com?mode=developer", "webcredentials:c.other.com",
        ])
        let messages = report.diagnostics.filter { $0.code == .developerMode }.map(\.message)
        #expect(messages.count == 3)
        #expect(messages[0].hasSuffix("; applinks:*.acme-store.com claims a.acme-store.com in release builds"))
        #expect(messages[1].hasSuffix("; applinks:*.acme-store.com claims b.acme-store.com in release builds"))
        #expect(messages[2].hasSuffix("so a release build does not claim it at all"))
    }

    @Test(.timeLimit(.minutes(1)))
    func thousandsOfDeveloperModeEntriesAreCheckedInLinearTime() throws {
        // Each developer-mode entry looked for its release claim among all entries (quadratic: 3,000 entries took
        // minutes in a debug build); the claims are now indexed by host. About 1 s in a debug build.
        let entries =
            (0..<3_000).map { "applinks:h\($0).acme-store.com?mode=developer" } + ["applinks:h7.acme-store.com"]
        let report = try Self.lint(entries)
        let modes = report.diagnostics.filter { $0.code == .developerMode }
        #expect(modes.count == 3_000)
        #expect(modes[7].message.hasSuffix("; applinks:h7.acme-store.com claims h7.acme-store.com in release builds"))
    }

    @Test func unresolvedVariablesAreErrorsAndNeverHosts() throws {
        let report = try Self.lint(["applinks:$(ASSOCIATED_DOMAIN)"], appID: "$(AppIdentifierPrefix)com.example.app")
        // Xcode sets `AppIdentifierPrefix` when it signs the app: assumed (an info); the project's own is an error.
        #expect(report.diagnostics.map(\.code) == [.assumedVariable, .unresolvedVariable])
        #expect(report.diagnostics.map(\.severity) == [.info, .error])
        #expect(report.diagnostics.map(\.message).joined().contains("$(ASSOCIATED_DOMAIN)"))
        let defined = try Self.lint(
            ["applinks:$(ASSOCIATED_DOMAIN)"], appID: "$(AppIdentifierPrefix)com.example.app",
            defines: ["ASSOCIATED_DOMAIN": "acme-store.com", "AppIdentifierPrefix": "ABCDE12345."])
        #expect(defined.diagnostics.isEmpty)
    }

    @Test func appIDsFollowTheAASARules() throws {
        #expect(try Self.lint([], appID: "com.example.app").diagnostics.map(\.code) == [.appIDFormat])
        #expect(try Self.lint([], appID: "ABCDE12345").diagnostics.map(\.code) == [.appIDFormat])
        #expect(try Self.lint([], appID: "TEAMID.com.example.app").diagnostics.map(\.code) == [.appIDFormat])
    }

    static let clip = "<key>com.apple.developer.on-demand-install-capable</key><true/>\n"
    static func parents(_ ids: [String]) -> String {
        "<key>com.apple.developer.parent-application-identifiers</key><array>"
            + ids.map { "<string>\($0)</string>" }.joined() + "</array>\n"
    }

    @Test func aWellFormedAppClipHasNoFindings() throws {
        let report = try Self.lint(
            ["appclips:acme-store.com"], appID: "ABCDE12345.com.example.app.Clip",
            extra: Self.clip + Self.parents(["ABCDE12345.com.example.app"]))
        #expect(report.diagnostics.isEmpty)
    }

    @Test func appClipRules() throws {
        let noParent = try Self.lint(
            ["appclips:acme-store.com"], appID: "ABCDE12345.com.example.app.Clip", extra: Self.clip)
        #expect(noParent.diagnostics.map(\.code) == [.parentAppIDCount])
        let twoParents = try Self.lint(
            ["appclips:acme-store.com"], appID: "ABCDE12345.com.example.app.Clip",
            extra: Self.clip + Self.parents(["ABCDE12345.com.example.app", "ABCDE12345.com.example.other"]))
        #expect(twoParents.codes.contains(.parentAppIDCount))
        let otherTeam = try Self.lint(
            ["appclips:acme-store.com"], appID: "ABCDE12345.com.example.app.Clip",
            extra: Self.clip + Self.parents(["ZYXWV98765.com.example.app"]))
        #expect(otherTeam.diagnostics.map(\.code) == [.parentTeamMismatch])
        let badPrefix = try Self.lint(
            ["appclips:acme-store.com"], appID: "ABCDE12345.com.example.clip",
            extra: Self.clip + Self.parents(["ABCDE12345.com.example.app"]))
        #expect(badPrefix.diagnostics.map(\.code) == [.clipBundlePrefix])
        let noEntry = try Self.lint(
            ["applinks:acme-store.com"], appID: "ABCDE12345.com.example.app.Clip",
            extra: Self.clip + Self.parents(["ABCDE12345.com.example.app"]))
        #expect(noEntry.diagnostics.map { "\($0.severity) \($0.code)" } == ["warning clip-without-appclips-entry"])
    }

    @Test func urlSchemesAreChecked() throws {
        let info = """
            <plist><dict><key>CFBundleURLTypes</key><array>
            <dict><key>CFBundleURLSchemes</key><array><string>shop</string><string>SHOP</string></array></dict>
            <dict><key>CFBundleURLSchemes</key><array><string>shop://</string><string>1shop</string></array></dict>
            </array></dict></plist>
            """
        let report = try Self.lint([], infoPlist: info)
        #expect(report.diagnostics.map(\.code) == [.duplicateScheme, .invalidScheme, .invalidScheme])
        #expect(report.diagnostics.allSatisfy { $0.location?.file == .infoPlist })
        #expect(report.diagnostics[1].location?.keyPath == "CFBundleURLTypes[1].CFBundleURLSchemes[0]")
    }

    @Test func diagnosticsComeInFileOrder() throws {
        let report = try Self.lint(
            ["applinks:acme-store.com?mode=developer", "applinks:https://a.acme-store.com"],
            infoPlist: "<plist><dict><key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key>"
                + "<array><string>bad scheme</string></array></dict></array></dict></plist>")
        #expect(report.diagnostics.map(\.code) == [.developerMode, .schemeInEntry, .invalidScheme])
    }
}

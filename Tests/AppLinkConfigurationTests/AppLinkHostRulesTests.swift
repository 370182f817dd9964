import AppLinkConfiguration
import Foundation
import LinkRouting
import TestSupport
import Testing

/// Apple's host rules for an entry, `<service>:<fully qualified domain>[?mode=...]` (issue 28), and the positive
/// controls that must stay quiet, on entitlements in the layouts real projects write.
@Suite struct AppLinkHostRulesTests {
    static func lint(
        _ entries: [String], layout: AppFixtures.Layout = .native, defines: [String: String] = [:],
        options: AppLinkLinter.Options = .init()
    ) throws -> AppLinkLintReport {
        let configuration = try AppLinkConfiguration(
            entitlements: AppFixtures.entitlements(entries, layout: layout), defines: defines)
        return AppLinkLinter.lint(configuration, options: options)
    }

    @Test(arguments: [
        ("applinks:10.0.0.1", ["error ip-address-host"]),
        ("applinks:192.168.1.20", ["error ip-address-host"]),
        ("applinks:[::1]", ["error ip-address-host"]),
        ("webcredentials:fe80::1", ["error ip-address-host"]),
        ("applinks:localhost", ["error single-label-host"]),
        ("webcredentials:intranet", ["error single-label-host"]),
        ("applinks:acme-store.com:8443", ["error port-in-entry"]),
        ("applinks:app.test", ["error special-use-host"]),
        ("applinks:shop.invalid", ["error special-use-host"]),
        ("applinks:api.localhost", ["error special-use-host"]),
        ("appclips:links.example", ["error special-use-host"]),
        ("applinks:example.com", ["warning documentation-domain"]),
        ("webcredentials:login.example.org", ["warning documentation-domain"]),
        ("applinks:*.example.net", ["warning documentation-domain", "warning wildcard-without-base"]),
        ("applinks:myapp.page.link", ["warning shut-down-service"]),
        ("applinks:acme.app.goo.gl", ["warning shut-down-service"]),
        ("applinks:abcd-1234.ngrok-free.app", ["info developer-tunnel"]),
        ("webcredentials:quiet-river.loca.lt", ["info developer-tunnel"]),
        ("applinks:a-b-c.trycloudflare.com", ["info developer-tunnel"]),
        ("applinks:x1y2.devtunnels.ms", ["info developer-tunnel"]),
        ("applinks:abc.serveo.net", ["info developer-tunnel"]),
        ("applinks:*.acme-store.com", ["warning wildcard-without-base"]),
    ])
    func eachHostRuleHasItsCodeAndSeverity(entry: String, expected: [String]) throws {
        let report = try Self.lint([entry])
        #expect(report.diagnostics.map { "\($0.severity) \($0.code)" } == expected)
        #expect(report.diagnostics.allSatisfy { $0.location?.keyPath == "com.apple.developer.associated-domains[0]" })
    }

    @Test func aSpecialUseNameFoundOnlyAfterResolvingAVariableIsAnError() throws {
        let report = try Self.lint(["applinks:$(LINK_HOST)"], defines: ["LINK_HOST": "staging.test"])
        #expect(report.diagnostics.map(\.code) == [.specialUseHost])
        #expect(report.diagnostics.first?.message.contains("after resolving its build variables") == true)
        #expect(report.diagnostics.first?.message.contains("'applinks:staging.test'") == true)
    }

    @Test func aTunnelIsInformationThatNeverFailsTheLint() throws {
        let report = try Self.lint(["applinks:abcd.ngrok.app"])
        #expect(report.isClean)
        #expect(report.infoCount == 1)
        #expect(report.locatedFindings.map(\.severity) == [.info])
        #expect(
            report.renderedText(files: [AppLinkConfiguration.File: String]()).hasSuffix(
                "entitlements: 0 errors, 0 warnings, 1 info"))
        // The JSON counts it too.
        let json = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        #expect(json["infos"] as? Int == 1)
        #expect(json["warnings"] as? Int == 0)
    }

    /// Positive controls: each stays quiet in every layout (XML comments, CRLF, non-ASCII text, no final newline).
    static let quiet: [[String]] = [
        ["applinks:acme-store.com", "applinks:*.acme-store.com"],
        ["applinks:*.acme-store.com", "applinks:acme-store.com", "applinks:shop.acme-store.com"],
        [
            "applinks:acme-store.com", "webcredentials:acme-store.com", "appclips:acme-store.com",
            "activitycontinuation:acme-store.com",
        ],
        ["applinks:acme-store.com", "applinks:acme-store.com?mode=managed"],
        ["applinks:xn--bcher-kva.de", "applinks:shop.1a"],
    ]

    @Test(arguments: quiet, AppFixtures.Layout.allCases)
    func positiveControlsStayQuiet(entries: [String], layout: AppFixtures.Layout) throws {
        let report = try Self.lint(entries, layout: layout)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.description))")
    }

    @Test func aWildcardWithoutItsBaseIsAnErrorWhenTheRoutesUseTheBase() throws {
        let routes = try RouteTable(
            json: #"{"associatedDomains": ["applinks:acme-store.com"], "routes": [{"name": "x", "pattern": "/x"}]}"#)
        let report = try Self.lint(["applinks:*.acme-store.com"], options: .init(routes: routes))
        #expect(report.diagnostics.map { "\($0.severity) \($0.code)" } == ["error wildcard-without-base"])
    }

    // MARK: - Modes are part of an entry's identity

    @Test func anEntryAndItsDeveloperModeTwinAreNoDuplicates() throws {
        let report = try Self.lint(["applinks:acme-store.com", "applinks:acme-store.com?mode=developer"])
        #expect(report.diagnostics.map(\.code) == [.developerMode])
        let diagnostic = try #require(report.diagnostics.first)
        #expect(diagnostic.message.contains("applinks:acme-store.com claims acme-store.com in release builds"))
        // The fix keeps the release claim.
        #expect(diagnostic.fix.hasPrefix("keep applinks:acme-store.com for release builds"), "\(diagnostic.fix)")
        #expect(!diagnostic.fix.contains("remove applinks:acme-store.com "))
        #expect(
            try Self.lint(["applinks:acme-store.com?mode=developer", "applinks:acme-store.com?mode=developer"])
                .diagnostics.map(\.code) == [.developerMode, .developerMode, .duplicateEntry])
    }

    @Test(arguments: [false, true])
    func onlyADeveloperModeEntrySaysAReleaseBuildDoesNotClaimTheHost(release: Bool) throws {
        let report = try Self.lint(
            ["applinks:acme-store.com?mode=developer", "webcredentials:acme-store.com"],
            options: .init(release: release))
        let diagnostic = try #require(report.diagnostics.first)
        #expect(diagnostic.severity == (release ? .error : .warning))
        #expect(diagnostic.message.hasSuffix("a release build does not claim it at all"), "\(diagnostic.message)")
        #expect(diagnostic.fix == "write applinks:acme-store.com")
    }
}

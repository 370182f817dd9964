import AndroidAppLinks
import TestSupport
import Testing

@testable import LinkCoverage

/// `check --manifest` asks Android's approval (spec §5 step 3, through a verified wildcard) and knows an app that
/// does not install, through the one rule the decider has.
@Suite struct AndroidApprovalCheckTests {
    typealias Fixture = AndroidCoverageCheckTests

    /// shop.example.com's own file names another app, but the verified *.example.com approves it: it is checked
    /// against the routes, and the URLs Android really opens there without a route are found.
    @Test func aHostWhoseOwnFileFailsIsApprovedByAVerifiedWildcard() throws {
        let manifest = try Fixture.manifest(
            Fixture.filter(hosts: ["*.example.com"], paths: [#"pathPrefix="/p/""#])
                + Fixture.filter(hosts: ["shop.example.com"], paths: [#"pathPrefix="/""#]))
        let files = ["example.com": try Fixture.file(), "shop.example.com": try Fixture.file(package: "com.other")]
        let routes = try Fixture.routes(["/p/:id"], domains: ["applinks:shop.example.com"])
        let report = try Fixture.check(manifest, routes, files: files)
        let shop = try #require(report.hosts.first { $0.host == "shop.example.com" })
        #expect(shop.state == .checked)
        #expect(shop.declaredBy == "*.example.com")
        #expect(!report.gaps.contains { $0.kind == .hostNotVerified })
        let unrouted = report.gaps.filter { $0.kind == .unrouted }
        let second = try #require(unrouted.first { $0.filter == 1 })
        #expect(second.example?.hasPrefix("https://shop.example.com/") == true)
    }

    /// An invalid pathAdvancedPattern: Android refuses to install the app, so every route's URL is unclaimed.
    @Test func anAppThatDoesNotInstallOpensNothing() throws {
        let manifest = try Fixture.manifest(
            Fixture.filter(hosts: ["example.com"], paths: [#"pathPrefix="/""#, #"pathAdvancedPattern="/a{""#]))
        let report = try Fixture.check(manifest, try Fixture.routes(["/p"]), files: ["example.com": try Fixture.file()])
        #expect(report.gaps.map(\.kind) == [.unclaimed])
        #expect(report.gaps[0].reason == .noFilter)
        #expect(report.gaps[0].message.contains("Android refuses to install com.example.app"))
    }
}

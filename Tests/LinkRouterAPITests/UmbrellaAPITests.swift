import Foundation
import LinkRouter
import Testing

/// Code written against the single `LinkRouter` module before the split still compiles and behaves the same
/// through the umbrella. This target depends on `LinkRouter` alone and imports nothing else of the package,
/// so each call below is resolved through the umbrella's re-exports.
@Suite struct UmbrellaAPITests {
    static let routesJSON = """
        {
          "schemes": ["shop"],
          "associatedDomains": ["applinks:example.com"],
          "externalSchemes": ["mailto"],
          "routes": [
            {"name": "product", "pattern": "/product/:sku<int>"},
            {"name": "search", "pattern": "/search?q=:query"},
            {"name": "help", "pattern": "/help/**"}
          ]
        }
        """

    static let aasaJSON = """
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"],
          "components": [{"/": "/product/*"}, {"/": "/product/1"}, {"/": "/help/*"}]}]}}
        """

    @Test func routingThroughTheUmbrella() throws {
        let table = try RouteTable(json: Self.routesJSON)
        #expect(table.routes.map(\.name) == ["product", "search", "help"])
        #expect(table.routeIndex(named: "search") == 1)
        let outcome: DispatchOutcome = table.outcome(for: "https://example.com/product/42")
        #expect(outcome.kind == .route && outcome.routeIndex == 0 && outcome.reason == nil)
        let decision: LinkDecision = table.decision(for: "https://example.com/search?q=shoes")
        #expect(decision.kind == .route)
        #expect(decision.routed?.route == "search" && decision.routed?.parameters == ["query": "shoes"])
        #expect(decision.routed?.queryValue("q") == "shoes")
        #expect(table.decision(for: URL(string: "shop://help/a/b")!).routed?.parameters["**"] == "a/b")
        #expect(table.decision(for: "mailto:someone@example.com").kind == .external)
        #expect(table.decision(for: "https://example.com/product/x").kind == .browser)
        let reason: DecisionReason? = table.decision(for: "javascript:alert(1)").reason
        #expect(reason == .forbiddenScheme && reason?.identifier.isEmpty == false)
        #expect(try table.urls(for: "product", parameters: ["sku": "7"]).contains("https://example.com/product/7"))
        #expect(throws: ReverseRoutingError.self) { try table.urls(for: "product", parameters: [:]) }
        #expect(LinkDecision.Kind.allCases.count == 5)
    }

    @Test func buildersDomainsAndPayloadsThroughTheUmbrella() throws {
        var builder = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:*.example.com"])
        builder.add("home", "/")
        let table = try builder.build()
        #expect(table.associatedDomains == [try AssociatedDomain(entry: "applinks:*.example.com")])
        #expect(try AssociatedDomain(entry: "applinks:*.example.com").covers(host: "www.example.com"))
        #expect(throws: RouteConfigurationError.self) { try RouteTable(json: #"{"routes": [{"name": "x"}]}"#) }
        let direct = try RouteTable(
            schemes: ["shop"], associatedDomains: [], routes: [Route(name: "home", pattern: "shop://home")])
        #expect(direct.decision(for: PushPayload(link: "shop://home")).routed?.route == "home")
        #expect(direct.decision(for: PushPayload(userInfo: ["l": "shop://home"])).kind == .route)
        #expect(throws: PushPayloadError.self) { try PushPayload(json: Data("[".utf8)) }
        var opened: [String] = []
        var dispatcher = LinkDispatcher(table: direct, openInBrowser: { opened.append($0) })
        try dispatcher.register("home") { _ in }
        #expect(dispatcher.open("shop://home").kind == .route)
        #expect(opened.isEmpty)
    }

    @Test func appSiteAssociationThroughTheUmbrella() throws {
        let bytes = Array(Self.aasaJSON.utf8)
        let file = try AASAFile(parsing: bytes)
        #expect(file.appLinks?.details.first?.appIDs == ["ABCDE12345.com.example.app"])
        let matcher = AASAMatcher(file)
        let match: AASAMatch = matcher.match(
            "https://example.com/product/1", domain: "example.com", appID: "ABCDE12345.com.example.app")
        #expect(match.decision == .match)
        let explained = matcher.explain(
            "https://example.com/other", domain: "example.com", appID: "ABCDE12345.com.example.app")
        #expect(explained.decision == .noMatch && !explained.trials.isEmpty)
        #expect { try AASAMatcher(parsing: Array("{".utf8)) } throws: { ($0 as? AASAError)?.kind == .invalidJSON }
        #expect(AASAFile.maximumSize == 131_072)
    }

    /// The old `lint(_:contentType:)` keeps returning exactly what the linter with every pass returns.
    @Test func deprecatedLintMatchesTheFullLint() {
        let bytes = Array(Self.aasaJSON.utf8)
        let full = AASALinter.lint(bytes, passes: [.unreachableRules])
        #expect(full.codes.contains(.unreachableRule))
        #expect(
            (DeprecatedLinter() as any Linting).lint(bytes, contentType: "text/html").diagnostics
                == AASALinter.lint(bytes, contentType: "text/html", passes: [.unreachableRules]).diagnostics)
        let basic: AASALintReport = AASALinter.lint(bytes, passes: [])
        #expect(basic.errorCount == 0 && basic.warningCount == 0 && basic.file != nil)
    }

    @Test func coverageThroughTheUmbrella() throws {
        let routes = try RouteTable(json: Self.routesJSON)
        let aasa = try AASAMatcher(parsing: Array(Self.aasaJSON.utf8))
        let report: CoverageReport = try CoverageChecker.check(
            aasa: aasa, routes: routes, domain: "example.com", appID: "ABCDE12345.com.example.app")
        #expect(report.unclaimed.map(\.route).contains("search"))
        let diff: AASADiffReport = try CoverageChecker.diff(
            old: aasa, new: aasa, domain: "example.com", appID: "ABCDE12345.com.example.app")
        #expect(diff.isUnchanged)
        let generated = AASAGenerator.generate(routes: routes, appID: "ABCDE12345.com.example.app")
        #expect(try AASAFile(parsing: Array(generated.utf8)).appLinks != nil)
        #expect(CoverageError.tooComplex(states: 1).kind == .tooComplex)
    }

    @Test func deploymentThroughTheUmbrella() throws {
        let routes = try RouteTable(json: Self.routesJSON)
        let origin = AASAFetchResponse(
            url: "https://example.com/.well-known/apple-app-site-association", status: 200,
            headers: ["Content-Type": "application/json"], body: Array(Self.aasaJSON.utf8))
        let report: AASAFetchReport = AASAFetchChecker.check(
            domain: "example.com", origin: [origin], cdn: nil, routes: routes, appID: "ABCDE12345.com.example.app")
        let coverage: CoverageReport? = report.coverage
        #expect(coverage?.unclaimed.map(\.route).contains("search") == true)
        #expect(report.codes.contains(.unclaimed) && !report.ok)
        #expect(throws: AASAFetchError.self) { try AASAFetchChecker.validatedBase("http://example.com") }
    }

    /// The spellings issue 21 deprecated keep answering as before.
    @Test func deprecatedSpellingsStillAnswer() throws {
        let legacy: any LegacySpellings = Legacy()
        #expect(try legacy.routeLocations() == ["/routes/1/name", "1:2", "/"])
        #expect(try legacy.baselineLocations() == ["1:1", "/version"])
        #expect(
            try legacy.coverage(
                try RouteTable(json: Self.routesJSON), try AASAMatcher(parsing: Array(Self.aasaJSON.utf8))))
        #expect(try legacy.appSpellings())
        #expect(try legacy.baselinePositions())
        #expect(
            legacy.baselineTypes(
                try CoverageChecker.check(
                    aasa: AASAMatcher(parsing: Array(Self.aasaJSON.utf8)), routes: RouteTable(json: Self.routesJSON),
                    domain: "d", appID: "a")))
    }

    @Test func textRenderingsThroughTheUmbrella() throws {
        let table = try RouteTable(json: Self.routesJSON)
        let decisions = ["https://example.com/product/42", "javascript:alert(1)"].map(table.decision(for:))
        #expect(
            LinkDecision.renderedText(decisions)
                == "route   product  https://example.com/product/42  sku=42\n"
                + "reject  -        javascript:alert(1)             (the scheme is never opened)")
        #expect(decisions[0].renderedText() == "route  product  https://example.com/product/42  sku=42")
        let matcher = try AASAMatcher(parsing: Array(Self.aasaJSON.utf8))
        let url = "https://example.com/product/1"
        let match = matcher.match(url, domain: "example.com", appID: "ABCDE12345.com.example.app")
        #expect(AASAMatch.renderedText([(url, match)]).hasPrefix("match  /applinks/details/0/components/0  "))
        let lint: AASALintReport = AASALinter.lint(Array(Self.aasaJSON.utf8), passes: [])
        #expect(lint.renderedText(file: "aasa").split(separator: "\n").last?.hasPrefix("aasa: 0 errors, ") == true)
        let report = try CoverageChecker.check(
            aasa: matcher, routes: table, domain: "example.com", appID: "ABCDE12345.com.example.app")
        #expect(report.renderedText().hasPrefix("gaps: example.com for ABCDE12345.com.example.app: "))
        let diff = try CoverageChecker.diff(
            old: matcher, new: matcher, domain: "example.com", appID: "ABCDE12345.com.example.app")
        #expect(diff.renderedText() == "no change: both files open the app for the same URLs")
    }
}

/// Calls the deprecated entry point without a deprecation warning at the call site (tests build with
/// warnings as errors): the requirement is not deprecated, only the implementation's callee is.
private protocol Linting {
    func lint(_ bytes: [UInt8], contentType: String?) -> AASALintReport
}

private struct DeprecatedLinter: Linting {
    @available(*, deprecated)
    func lint(_ bytes: [UInt8], contentType: String?) -> AASALintReport {
        AASALinter.lint(bytes, contentType: contentType)
    }
}

/// Calls deprecated spellings without warnings at the call site (the requirements are not deprecated).
private protocol LegacySpellings {
    func routeLocations() throws -> [String?]
    func baselineLocations() throws -> [String]
    func coverage(_ routes: RouteTable, _ matcher: AASAMatcher) throws -> Bool
    func appSpellings() throws -> Bool
    func baselinePositions() throws -> Bool
    func baselineTypes(_ coverage: CoverageReport) -> Bool
}

private struct Legacy: LegacySpellings {
    @available(*, deprecated)
    func routeLocations() throws -> [String?] {
        func location(_ json: String) -> String? {
            do {
                _ = try RouteTable(json: json)
                return "no error"
            } catch {
                return error.location
            }
        }
        let push: String?
        do {
            _ = try PushPayload(json: Data("[]".utf8))
            push = "no error"
        } catch {
            push = error.location
        }
        return [
            location(#"{"routes": [{"name": "a", "pattern": "/a"}, {"name": "a", "pattern": "/b"}]}"#), location("{x"),
            push,
        ]
    }

    /// Issue 38: the version 1 spellings of baseline entries (positions) still build and match version 1 files.
    @available(*, deprecated)
    func baselinePositions() throws -> Bool {
        let v1 = #"{"version": 1, "domain": "d", "appID": "a", "gaps": [{"kind": "unrouted", "rule": "/x"}]}"#
        let read = try CoverageBaseline(json: Array(v1.utf8))
        var gap = CoverageBaseline.Gap.unrouted(rule: "/x")
        let unclaimed = CoverageBaseline.Gap.unclaimed(route: "r", rule: "/y")
        gap.rule = gap.rule
        var entry = AASALintBaseline.Entry(code: "unknown-key", pointer: "/a")
        entry.pointer = "/b"
        var android = AndroidCoverageBaseline(
            report: AndroidCoverageReport(packageName: "p", hosts: [], gaps: [])
        ).gaps.first
        android?.filter = "1:2"
        android?.rule = nil
        return read.gaps == [gap] && read.fileVersion == 1 && unclaimed.rule == "/y" && unclaimed.ruleContent == nil
            && entry.position == "/b" && entry.subject == nil && CoverageBaseline.version == 2
    }

    /// Issue 38: the five baseline types' names and members, now one `Baseline<Report>`.
    @available(*, deprecated)
    func baselineTypes(_ coverage: CoverageReport) -> Bool {
        var one = CoverageBaseline(domain: "d", appID: "a", gaps: [.unclaimed(route: "r", ruleContent: nil)])
        one.gaps = one.gaps
        let comparison: CoverageBaseline.Comparison = one.compare(coverage)
        let lint = AASALintBaseline(diagnostics: [AASALintBaseline.Entry(code: "c", subject: "[]")])
        let lintComparison = lint.compare(AASALintReport(diagnostics: [], file: nil))
        let android = AndroidCoverageBaseline(report: AndroidCoverageReport(packageName: "p", hosts: [], gaps: []))
        let androidAccepted: Int = android.compare(AndroidCoverageReport(packageName: "p", hosts: [], gaps: []))
            .accepted
        let app: AppCoverageBaseline? = nil
        let platforms: PlatformsCoverageBaseline? = nil
        let entries: [PlatformsCoverageBaseline.Gap] = platforms?.gaps ?? []
        return one.domain == "d" && one.appID == "a" && comparison.accepted.unrouted.isEmpty
            && comparison.stale.count <= 1 && lint.diagnostics.count == 1 && lintComparison.new.isEmpty
            && lintComparison.accepted.isEmpty && android.packageName == "p" && androidAccepted == 0
            && app?.appID == nil && entries.isEmpty && AppCoverageBaseline.version == 2
    }

    @available(*, deprecated)
    func baselineLocations() throws -> [String] {
        var locations: [String] = []
        for text in ["x", #"{"version": "1"}"#] {
            do {
                _ = try CoverageBaseline(json: Array(text.utf8))
            } catch {
                locations.append(error.location)
                #expect(error.isSyntaxError == (error.kind == .invalidJSON))
            }
        }
        return locations
    }

    /// Issue 27's moves: `DomainEntry`'s members are its `domain`'s, `Service`/`Mode` are `AssociatedDomain`'s, and
    /// the lint takes the routes (`routeHosts` was the hosts).
    @available(*, deprecated)
    func appSpellings() throws -> Bool {
        let app = try AppLinkConfiguration(
            entitlements: Array(
                """
                <plist><dict><key>com.apple.developer.associated-domains</key>\
                <array><string>applinks:*.example.com?mode=developer</string></array></dict></plist>
                """.utf8))
        let entry = try #require(app.associatedDomains.first)
        let service: AppLinkConfiguration.Service = entry.service
        let mode: AppLinkConfiguration.Mode? = entry.mode
        var options = AppLinkLinter.Options(release: false, routeHosts: ["example.com"])
        options.routeHosts = ["example.com"]
        return service == .applinks && mode == .developer && entry.host == "example.com" && entry.isWildcard
            && entry.scheme == nil && entry.path == nil && entry.port == nil && entry.isWellFormed
            && entry.covers(host: "shop.example.com") && !entry.covers(host: "example.com")
            && options.hostsOfRoutes == ["example.com"]
            && AppLinkLinter.lint(app, options: options).codes.contains(.wildcardWithoutBase)
    }

    @available(*, deprecated)
    func coverage(_ routes: RouteTable, _ matcher: AASAMatcher) throws -> Bool {
        let report = try CoverageChecker.check(
            aasa: matcher, routes: routes, domain: "example.com", appID: "ABCDE12345.com.example.app")
        let mirror: AASAFetchReport.Coverage = AASAFetchReport.Coverage(report)
        return mirror == report && mirror.ok == report.isClean
            && !CoverageError.tooComplex(states: 1).isTooComplex == false
    }
}

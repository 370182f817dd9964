import Foundation
import TestSupport
import Testing

@testable import AppSiteAssociation
@testable import LinkCoverage
@testable import LinkRouting

/// `check --format html`: one self-contained page, well-formed, with the verdict, gaps, consistent rules and routes,
/// and the inputs.
@Suite struct CoverageHTMLPageTests {
    static func parse(_ document: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> MarkupOutline {
        let outline = MarkupOutline(document)
        #expect(outline.isWellFormed, "not well-formed: \(outline.error ?? "")", sourceLocation: sourceLocation)
        return outline
    }

    static func examplePage() throws -> String {
        let (report, table) = try ReportInputsTests.exampleReport()
        let aasaBytes = try ReportInputsTests.bytes("apple-app-site-association")
        return CoverageHTMLPage(
            report: report,
            inputs: .init(
                aasaPath: "Docs/Examples/apple-app-site-association", routesPath: "Docs/Examples/routes.json",
                allURLs: false),
            aasa: try AASAMatcher(parsing: aasaBytes), aasaBytes: aasaBytes, table: table
        ).render()
    }

    static func expectSelfContained(_ parsed: MarkupOutline, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(parsed.externalReferences == [], sourceLocation: sourceLocation)
    }

    @Test func theExamplePageShowsVerdictGapsConsistentRulesRoutesAndInputs() throws {
        let html = try Self.examplePage()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        let parsed = try Self.parse(html)
        Self.expectSelfContained(parsed)
        let text = parsed.text
        for expected in [
            "2 gaps", "1 unrouted", "1 unclaimed",
            // The unrouted gap, grouped by its rule, with the rule as written and the example.
            "/applinks/details/0/components/2", #"{"/":"/promotion/*","comment":"promotion, promotion-summer"}"#,
            "https://example.com/promotion",
            // The unclaimed gap, grouped by route, with the blocking rule.
            "help", "/help/**", "https://example.com/help/internal", "/applinks/details/0/components/6",
            // Fully consistent rules and routes; routes not on the domain.
            "/applinks/details/0/components/1", "7 of 9", "product", "cart", "shop://cart",
            // The inputs.
            "Docs/Examples/apple-app-site-association", "Docs/Examples/routes.json", "example.com",
            "ABCDE12345.com.example.app", "canonical URLs",
        ] {
            #expect(text.contains(expected), "missing \(expected)")
        }
        #expect(parsed.elements.filter { $0.name == "details" }.count >= 4)
    }

    @Test func aCleanReportSaysOK() throws {
        let routes = try RouteTable(
            json: #"{"associatedDomains": ["example.com"], "routes": [{"name": "a", "pattern": "/a"}]}"#)
        let aasa = Array(#"{"applinks": {"details": [{"appIDs": ["T.app"], "components": [{"/": "/a"}]}]}}"#.utf8)
        let matcher = try AASAMatcher(parsing: aasa)
        let report = try CoverageChecker.check(aasa: matcher, routes: routes, domain: "example.com", appID: "T.app")
        let html = CoverageHTMLPage(
            report: report, inputs: .init(aasaPath: "-", routesPath: "r.json", allURLs: true), aasa: matcher,
            aasaBytes: aasa, table: routes
        ).render()
        let parsed = try Self.parse(html)
        #expect(parsed.text.contains("OK"))
        #expect(parsed.text.contains("agree on every URL"))
        #expect(parsed.text.contains("--all-urls"))
    }

    @Test func hostileNamesAreEscaped() throws {
        let routes = try RouteTable(
            json:
                #"{"associatedDomains": ["example.com"], "routes": [{"name": "<script>x</script>", "pattern": "/a/:id"}]}"#
        )
        let aasa = Array(#"{"applinks": {"details": [{"appIDs": ["T.app"], "components": [{"/": "/b&<"}]}]}}"#.utf8)
        let matcher = try AASAMatcher(parsing: aasa)
        let report = try CoverageChecker.check(aasa: matcher, routes: routes, domain: "example.com", appID: "T.app")
        let html = CoverageHTMLPage(
            report: report, inputs: .init(aasaPath: "a\"<.json", routesPath: "r.json", allURLs: false), aasa: matcher,
            aasaBytes: aasa, table: routes
        ).render()
        let parsed = try Self.parse(html)
        Self.expectSelfContained(parsed)
        #expect(parsed.text.contains("<script>x</script>"))
        #expect(parsed.text.contains("a\"<.json"))
    }

    @Test func aThousandRoutesAndTwoHundredRulesStayAScannablePage() throws {
        var routes: [Route] = []
        for index in 0..<1_000 {
            routes.append(Route(name: "r\(index)", pattern: "/section\(index % 100)/item\(index)/:id"))
        }
        let table = try RouteTable(schemes: ["shop"], associatedDomains: ["applinks:example.com"], routes: routes)
        var components: [String] = []
        for index in 0..<200 {
            components.append(
                index < 100
                    ? #"{"/": "/section\#(index)/internal/*", "exclude": true}"#
                    : #"{"/": "/section\#(index - 100)/*"}"#)
        }
        let text =
            #"{"applinks": {"details": [{"appIDs": ["T.app"], "components": [\#(components.joined(separator: ","))]}]}}"#
        let matcher = try AASAMatcher(parsing: Array(text.utf8))
        // A synthetic report with many gaps of both kinds (the page's scale, not the checker's, is under test).
        let report = CoverageReport(
            domain: "example.com", appID: "T.app",
            unrouted: (100..<200).map {
                .init(rule: "/applinks/details/0/components/\($0)", example: "https://example.com/x\($0)")
            },
            unclaimed: (0..<1_000).map {
                .init(route: "r\($0)", example: "https://example.com/section\($0 % 100)/item\($0)/x", rule: nil)
            })
        let html = CoverageHTMLPage(
            report: report, inputs: .init(aasaPath: "aasa.json", routesPath: "routes.json", allURLs: false),
            aasa: matcher, aasaBytes: Array(text.utf8), table: table
        ).render()
        let parsed = try Self.parse(html)
        Self.expectSelfContained(parsed)
        // The gaps are tables (one row per rule, one per route and blocking rule), readable without clicking; the
        // long lists of consistent rules and routes start closed.
        let details = parsed.elements.filter { $0.name == "details" }
        #expect(details.count == 4)
        #expect(details.filter { $0.attributes["open"] != nil }.count == 2)
        #expect(parsed.elements.filter { $0.name == "tr" }.count >= 100 + 1_000 + 100)
        #expect(parsed.text.contains("https://example.com/section99/item999/x"))
        #expect(parsed.text.contains("https://example.com/x199"))
        #expect(html.utf8.count < 2_000_000)
        #expect(parsed.text.contains("1100 gaps"))
        #expect(parsed.text.contains("100 of 200"))
    }
}

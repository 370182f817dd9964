import AppSiteAssociation
import Foundation
import LinkRouting
import Testing

@testable import LinkCoverage
@testable import LinkDeployment

/// The rules of `aasa fetch` on response values, without a network: each case is the responses a
/// client got and the findings they mean.
@Suite struct AASAFetchCheckerTests {
    static let domain = "example.com"
    static let wellKnown = "https://example.com/.well-known/apple-app-site-association"
    static let root = "https://example.com/apple-app-site-association"
    static let cdnURL = "https://app-site-association.cdn-apple.com/a/v1/example.com"
    static let appID = "ABCDE12345.com.example.app"
    static let json = ["Content-Type": "application/json"]

    static func file(_ components: String, appID: String = appID) -> [UInt8] {
        Array(#"{"applinks": {"details": [{"appIDs": ["\#(appID)"], "components": [\#(components)]}]}}"#.utf8)
    }

    static let good = file(#"{"/": "/buy/*"}, {"/": "/help/*"}"#)

    static func ok(_ url: String = wellKnown, body: [UInt8] = good, headers: [String: String] = json)
        -> AASAFetchResponse
    {
        AASAFetchResponse(url: url, status: 200, headers: headers, body: body)
    }

    static func status(_ code: Int, _ url: String = wellKnown, headers: [String: String] = [:]) -> AASAFetchResponse {
        AASAFetchResponse(url: url, status: code, headers: headers)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var origin: [AASAFetchResponse]
        var cdn: AASAFetchResponse?
        /// `severity[code]` of every finding, in order.
        var expected: [String]
        var servedFrom: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "the right file", origin: [ok()], cdn: ok(cdnURL), expected: [], servedFrom: wellKnown),
        Case(name: "no response at all", origin: [], cdn: nil, expected: ["error[not-found]"]),
        Case(
            name: "404 at .well-known, file at the root", origin: [status(404), ok(root)], cdn: ok(cdnURL),
            expected: ["warning[legacy-location]"], servedFrom: root),
        Case(
            name: "404 at both locations", origin: [status(404), status(404, root)], cdn: nil,
            expected: ["error[not-found]"]),
        Case(
            name: "a redirect", origin: [status(301, headers: ["Location": "https://www.example.com/x"])], cdn: nil,
            expected: ["error[redirect]"]),
        Case(
            name: "404 at .well-known, redirect at the root",
            origin: [status(404), status(302, root, headers: ["location": "/elsewhere"])], cdn: nil,
            expected: ["error[redirect]"]),
        Case(name: "a server error", origin: [status(500)], cdn: nil, expected: ["error[http-status]"]),
        Case(name: "204 is not 200", origin: [status(204)], cdn: nil, expected: ["error[http-status]"]),
        Case(
            name: "a timeout", origin: [.failed(url: wellKnown, .timedOut)], cdn: nil, expected: ["error[timeout]"]),
        Case(
            name: "a refused connection", origin: [.failed(url: wellKnown, .cannotConnect)], cdn: nil,
            expected: ["error[connection-failed]"]),
        Case(
            name: "an unknown host", origin: [.failed(url: wellKnown, .hostNotFound)], cdn: nil,
            expected: ["error[host-not-found]"]),
        Case(
            name: "a TLS failure", origin: [.failed(url: wellKnown, .secureConnectionFailed, detail: "expired")],
            cdn: nil, expected: ["error[tls-failure]"]),
        Case(
            name: "a lost connection", origin: [.failed(url: wellKnown, .connectionLost)], cdn: nil,
            expected: ["error[transport-failure]"]),
        Case(
            name: "a body cut at the limit",
            origin: [
                AASAFetchResponse(
                    url: wellKnown, status: 200, headers: json,
                    body: [UInt8](repeating: 0x20, count: AASAFetchChecker.sizeLimit + 1), truncated: true)
            ], cdn: nil, expected: ["error[size-limit]"], servedFrom: wellKnown),
        Case(
            name: "exactly 128 KB is fine",
            origin: [ok(body: good + [UInt8](repeating: 0x20, count: AASAFetchChecker.sizeLimit - good.count))],
            cdn: nil, expected: [], servedFrom: wellKnown),
        Case(
            name: "a wrong content type", origin: [ok(headers: ["Content-Type": "text/plain"])], cdn: nil,
            expected: ["warning[content-type]"], servedFrom: wellKnown),
        Case(
            name: "charset is fine", origin: [ok(headers: ["content-type": "application/json; charset=utf-8"])],
            cdn: nil, expected: [], servedFrom: wellKnown),
        Case(
            name: "no content type", origin: [ok(headers: [:])], cdn: nil, expected: ["warning[content-type]"],
            servedFrom: wellKnown),
        Case(
            name: "content type before lint diagnostics",
            origin: [ok(body: Array(#"{"applinks": {"details": [}}"#.utf8), headers: ["Content-Type": "text/html"])],
            cdn: nil, expected: ["warning[content-type]", "error[json-syntax]"], servedFrom: wellKnown),
        Case(
            name: "lint diagnostics of the body",
            origin: [ok(body: file(#"{"/": "/$(nope)/*"}"#, appID: "TEAMID.com.example.app"))], cdn: nil,
            expected: ["error[placeholder-app-id]", "error[undefined-variable]"], servedFrom: wellKnown),
        Case(name: "a CDN miss", origin: [ok()], cdn: status(404, cdnURL), expected: ["warning[cdn-miss]"]),
        Case(
            name: "the CDN unreachable", origin: [ok()], cdn: .failed(url: cdnURL, .timedOut),
            expected: ["warning[cdn-unavailable]"]),
        Case(
            name: "the CDN answering 503", origin: [ok()], cdn: status(503, cdnURL),
            expected: ["warning[cdn-unavailable]"]),
        Case(
            name: "a stale CDN copy", origin: [ok()], cdn: ok(cdnURL, body: file(#"{"/": "/buy/*"}"#)),
            expected: ["warning[cdn-stale]"]),
        Case(
            name: "a CDN copy written differently with the same rules", origin: [ok()],
            cdn: ok(cdnURL, body: file(#"{"/": "/buy/*", "comment": "shop"},   {"/": "/help/*"}"#)), expected: []),
        Case(
            name: "a CDN copy that is not JSON", origin: [ok()], cdn: ok(cdnURL, body: Array("<html>".utf8)),
            expected: ["warning[cdn-stale]"]),
        Case(
            name: "the CDN is not compared without an origin file", origin: [status(500)], cdn: ok(cdnURL),
            expected: ["error[http-status]"]),
        Case(
            name: "every problem at once",
            origin: [status(404), ok(root, headers: ["Content-Type": "text/plain"])],
            cdn: status(404, cdnURL),
            expected: ["warning[legacy-location]", "warning[content-type]", "warning[cdn-miss]"], servedFrom: root),
    ]

    @Test(arguments: cases)
    func responsesMeanFindings(_ testCase: Case) {
        let report = AASAFetchChecker.check(domain: Self.domain, origin: testCase.origin, cdn: testCase.cdn)
        #expect(report.findings.map { "\($0.severity.rawValue)[\($0.code.rawValue)]" } == testCase.expected)
        #expect(report.ok == !testCase.expected.contains { $0.hasPrefix("error") })
        #expect(report.errors == testCase.expected.filter { $0.hasPrefix("error") }.count)
        #expect(report.warnings == testCase.expected.filter { $0.hasPrefix("warning") }.count)
        if let servedFrom = testCase.servedFrom { #expect(report.servedFrom == servedFrom) }
        #expect(report.origin.map(\.url) == testCase.origin.map(\.url))
    }

    @Test func aLintDiagnosticKeepsItsSeverityCodePointerAndHint() {
        for severity in [AASADiagnostic.Severity.error, .warning, .info] {
            let diagnostic = AASADiagnostic(
                severity: severity, code: .unknownKey, pointer: "/applinks/x", message: "m", hint: "h", line: 2,
                column: 3)
            let finding = AASAFetchFinding(diagnostic)
            #expect(finding.severity.rawValue == severity.rawValue)
            #expect(finding.code.rawValue == "unknown-key")
            #expect(finding.source == .lint)
            #expect(finding.pointer == "/applinks/x")
            #expect(finding.line == 2 && finding.column == 3)
            #expect(finding.message == "m" && finding.hint == "h")
        }
    }

    @Test func onlyNotFoundGoesOnToTheRoot() {
        #expect(AASAFetchChecker.shouldFetchRoot(after: Self.status(404)))
        for code in [200, 301, 302, 307, 308, 403, 410, 500] {
            #expect(!AASAFetchChecker.shouldFetchRoot(after: Self.status(code)), "status \(code)")
        }
        #expect(!AASAFetchChecker.shouldFetchRoot(after: .failed(url: Self.wellKnown, .timedOut)))
    }

    @Test func aRedirectShowsWhereItPoints() throws {
        let target = "https://www.example.com/.well-known/apple-app-site-association"
        let report = AASAFetchChecker.check(
            domain: Self.domain, origin: [Self.status(301, headers: ["LOCATION": target])], cdn: nil)
        let finding = try #require(report.findings.first)
        #expect(finding.message.contains("redirects (301) to \(target)"))
        #expect(finding.url == Self.wellKnown)
        #expect(report.origin.first?.location == target)
        let resolved = AASAFetchResponse(
            url: Self.wellKnown, status: 302, headers: ["Location": "/x"], redirectTarget: "https://example.com/x")
        #expect(
            AASAFetchChecker.check(domain: Self.domain, origin: [resolved], cdn: nil).origin[0].location
                == "https://example.com/x")
    }

    @Test func transportFailuresInPlainWords() throws {
        let refused = AASAFetchChecker.check(
            domain: Self.domain, origin: [.failed(url: "http://127.0.0.1:9/x", .cannotConnect)], cdn: nil)
        #expect(try #require(refused.findings.first).message.contains("could not connect to 127.0.0.1 on port 9"))
        let timedOut = AASAFetchChecker.check(
            domain: Self.domain, origin: [.failed(url: Self.wellKnown, .timedOut)], cdn: nil)
        #expect(try #require(timedOut.findings.first).message == "no response within 10 seconds")
        let tls = AASAFetchChecker.check(
            domain: Self.domain, origin: [.failed(url: Self.wellKnown, .secureConnectionFailed)], cdn: nil)
        #expect(try #require(tls.findings.first).message.contains("certificate"))
    }

    @Test func aStaleCDNCopyListsTheDifferencePerAppID() throws {
        let other = "FGHIJ67890.com.example.other"
        let origin = Array(
            #"""
            {"applinks": {"details": [
              {"appIDs": ["\#(Self.appID)"], "components": [{"/": "/buy/*"}, {"/": "/new/*"}]},
              {"appIDs": ["\#(other)"], "components": [{"/": "/other/*"}]}]}}
            """#.utf8)
        let cdn = Array(
            #"{"applinks": {"details": [{"appIDs": ["\#(Self.appID)"], "components": [{"/": "/buy/*"}, {"/": "/old/*"}]}]}}"#
                .utf8)
        let report = AASAFetchChecker.check(
            domain: Self.domain, origin: [Self.ok(body: origin)], cdn: Self.ok(Self.cdnURL, body: cdn))
        let copy = try #require(report.cdn)
        #expect(copy.state == .stale)
        #expect(copy.differences.map(\.appID) == [Self.appID, other])
        let first = copy.differences[0]
        #expect(first.originOnly.map(\.example) == ["https://example.com/new"])
        #expect(first.originOnly.first?.origin == "/applinks/details/0/components/1")
        #expect(first.originOnly.first?.cdn == nil)
        #expect(first.cdnOnly.map(\.example) == ["https://example.com/old"])
        #expect(copy.differences[1].originOnly.map(\.example) == ["https://example.com/other"])
        #expect(report.text.contains("https://example.com/new"))
        #expect(report.ok)
    }

    /// The coverage report is `check`'s own; the JSON embeds `check`'s JSON of it without the domain (`"rule": null`
    /// for an unclaimed gap no rule blocks), and reads back with the report's domain.
    @Test func coverageIsCheckReportAndItsJSONIsChecksWithoutTheDomain() throws {
        let routes = try RouteTable(
            json: Data(
                #"{"associatedDomains": ["applinks:example.com"], "routes": [{"name": "cart", "pattern": "/cart"}]}"#
                    .utf8))
        let report = AASAFetchChecker.check(
            domain: Self.domain, origin: [Self.ok()], cdn: nil, routes: routes, appID: Self.appID)
        let expected = try CoverageChecker.check(
            aasa: AASAMatcher(parsing: Self.good), routes: routes, domain: Self.domain, appID: Self.appID)
        #expect(report.coverage == expected)
        let (coverage, data) = try Self.embeddedCoverage(report, equalsCheckJSONOf: expected)
        #expect(coverage.keys.sorted() == ["appID", "ok", "unclaimed", "unrouted"])
        let unclaimed = try #require(coverage["unclaimed"] as? [[String: Any]])
        #expect(unclaimed.map { $0.keys.sorted() } == [["example", "route", "rule"]])
        #expect(unclaimed.first?["rule"] is NSNull)
        #expect(try JSONDecoder().decode(AASAFetchReport.self, from: data) == report)
    }

    /// Regression: a coverage check that reached its limit (here 100 product states) is embedded with what it could
    /// not compare (`"notCompared"`, as `check` writes it), reads back with it, and the text lists it under the
    /// coverage line as `check` does.
    @Test func coverageAtTheLimitSaysWhatItCouldNotCompare() throws {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let components = (0..<30).map { index in
            #"{"/": "*\#(letters[index % 26])*\#(letters[(index * 7) % 26])*\#(letters[(index * 3) % 26])*"}"#
        }
        let body = Self.file(components.joined(separator: ", "))
        let routes = try RouteTable(
            schemes: [], associatedDomains: ["applinks:example.com"], routes: [Route(name: "item", pattern: "/a/:id")])
        let coverage = try CoverageChecker.check(
            aasa: AASAMatcher(parsing: body), routes: routes, domain: Self.domain, appID: Self.appID,
            universe: .canonical, stateLimit: 100)
        let first = try #require(coverage.notCompared.first)
        let report = AASAFetchReport(
            domain: Self.domain, origin: [], servedFrom: Self.wellKnown, cdn: nil, coverage: coverage, findings: [])
        let (object, data) = try Self.embeddedCoverage(report, equalsCheckJSONOf: coverage)
        #expect(object["ok"] as? Bool == false)
        let notCompared = try #require(object["notCompared"] as? [[String: Any]])
        #expect(notCompared.count == coverage.notCompared.count)
        #expect(notCompared.first?["rule"] as? String == first.rule)
        #expect(notCompared.first?["route"] is NSNull)
        #expect(notCompared.first?["text"] as? String == first.text)
        #expect(
            try JSONDecoder().decode(AASAFetchReport.self, from: data).coverage?.notCompared == coverage.notCompared)
        let lines = report.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let line =
            "coverage for \(Self.appID): gaps, \(coverage.unrouted.count) unrouted, "
            + "\(coverage.unclaimed.count) unclaimed, \(coverage.notCompared.count) not compared"
        let index = try #require(lines.firstIndex(of: line), "\(report.text)")
        #expect(lines[index + 1].hasPrefix("not compared: the check reached its limit"))
        #expect(lines[index + 1].hasSuffix("may be missing below"))
        #expect(lines.contains { $0.hasPrefix("  \(first.rule ?? "") ") && $0.hasSuffix(first.text) })
        // The same section as `check`'s text, but for where the gaps are listed.
        let checkText = coverage.renderedText().split(separator: "\n").map(String.init)
        let section = try #require(checkText.firstIndex { $0.hasPrefix("not compared:") })
        let rows: [String] = Array(checkText[(section + 1)...])
        let fetchRows: [String] = Array(lines[(index + 2)...].prefix(rows.count))
        #expect(fetchRows == rows)
    }

    /// Regression: at the limit the fetch said ok and exited 0 when the check found no gap, while its `"coverage"`
    /// said `"ok": false` and `check` exits 1: each rule or route not compared is now an error finding, `not-compared`,
    /// with `check`'s message and fix, at the rule's pointer.
    @Test func coverageAtTheLimitIsAnErrorFindingAsInCheck() throws {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let components = (0..<30).map { index in
            #"{"/": "*\#(letters[index % 26])*\#(letters[(index * 7) % 26])*\#(letters[(index * 3) % 26])*"}"#
        }
        let file = try AASAFile(parsing: Self.file(components.joined(separator: ", ")))
        let routes = try RouteTable(
            schemes: [], associatedDomains: ["applinks:example.com"], routes: [Route(name: "item", pattern: "/a/:id")])
        let (coverage, findings) = AASAFetchChecker.checkCoverage(
            file, routes: routes, domain: Self.domain, appID: Self.appID, stateLimit: 100)
        let report = try #require(coverage)
        #expect(!report.notCompared.isEmpty)
        let notCompared = findings.filter { $0.code == .notCompared }
        #expect(notCompared.count == report.notCompared.count)
        #expect(notCompared.allSatisfy { $0.severity == .error && $0.source == .coverage })
        #expect(notCompared.map(\.pointer) == report.notCompared.map(\.rule))
        let checkFindings = report.locatedFindings.filter { $0.code == "not-compared" }
        #expect(notCompared.map(\.message) == checkFindings.map(\.message))
        #expect(notCompared.map { Optional($0.hint) } == checkFindings.map(\.fix))
        let fetched = AASAFetchReport(
            domain: Self.domain, origin: [], servedFrom: Self.wellKnown, cdn: nil, coverage: report, findings: findings)
        #expect(!fetched.isClean)
        #expect(fetched.isClean == report.isClean)
    }

    /// The report's JSON `"coverage"` object, asserted equal to `check`'s JSON of the same report without `"domain"`
    /// (both decoded), and the report's JSON.
    static func embeddedCoverage(
        _ report: AASAFetchReport, equalsCheckJSONOf coverage: CoverageReport
    ) throws -> ([String: Any], Data) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(report)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let embedded = try #require(object["coverage"] as? [String: Any])
        var check = try #require(try JSONSerialization.jsonObject(with: encoder.encode(coverage)) as? [String: Any])
        #expect(check.removeValue(forKey: "domain") as? String == report.domain)
        // Both decoded, then written again with sorted keys: the same objects.
        let canonical = { (object: [String: Any]) in
            String(decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self)
        }
        #expect(try canonical(embedded) == canonical(check))
        return (embedded, data)
    }

    @Test func coverageGapsAreErrors() throws {
        let routes = try RouteTable(
            json: Data(
                #"""
                {"associatedDomains": ["applinks:example.com"],
                 "routes": [{"name": "buy", "pattern": "/buy/:id"}, {"name": "cart", "pattern": "/cart"}]}
                """#.utf8))
        let report = AASAFetchChecker.check(
            domain: Self.domain, origin: [Self.ok()], cdn: nil, routes: routes, appID: Self.appID)
        let coverage = try #require(report.coverage)
        #expect(!coverage.isClean && coverage.domain == Self.domain)
        #expect(coverage.unrouted.map(\.rule).contains("/applinks/details/0/components/1"))
        #expect(coverage.unclaimed.map(\.route) == ["cart"])
        #expect(report.codes == [.unrouted, .unclaimed])
        #expect(!report.ok)
        let clean = AASAFetchChecker.check(
            domain: Self.domain,
            origin: [
                Self.ok(body: Self.file(#"{"/": "/buy/*/?*", "exclude": true}, {"/": "/buy/?*"}, {"/": "/cart"}"#))
            ], cdn: nil,
            routes: routes, appID: Self.appID)
        #expect(clean.coverage?.isClean == true)
        #expect(clean.findings.isEmpty)
        let noFile = AASAFetchChecker.check(
            domain: Self.domain, origin: [Self.status(500)], cdn: nil, routes: routes, appID: Self.appID)
        #expect(noFile.coverage == nil)
        #expect(noFile.findings.map(\.code) == [.httpStatus, .coverageNotChecked])
    }

    @Test(arguments: [
        ("https://mirror.example.com/", "https://mirror.example.com"),
        ("https://mirror.example.com/base//", "https://mirror.example.com/base"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("http://127.200.3.4/x", "http://127.200.3.4/x"),
        ("http://localhost:1", "http://localhost:1"),
        ("HTTP://LocalHost", "HTTP://LocalHost"),
        ("http://[::1]:9/", "http://[::1]:9"),
    ])
    func basesThatAreAccepted(_ text: String, _ base: String) throws {
        #expect(try AASAFetchChecker.validatedBase(text) == base)
    }

    @Test(arguments: [
        "http://example.com", "http://128.0.0.1", "http://127.1", "http://127.0.0.1.example.com",
        "http://0x7f.0.0.1", "http://[::2]", "ftp://127.0.0.1", "example.com", "https://", "https://u:p@example.com",
        "https://example.com/?q=1", "https://example.com/#f", "/relative",
        // What the package's splitter reads differently from Foundation's, refused all the same.
        "https://exa mple.com", "https://example.com:abc", "https:example.com", "https://a@b@example.com",
        "https://%zz.example.com", "https://example.com/?", "https://@example.com", "https://bücher.de",
    ])
    func basesThatAreRefused(_ text: String) {
        #expect(throws: AASAFetchError.self) { try AASAFetchChecker.validatedBase(text) }
    }

    /// The reasons, in the order the checks run (the same as with Foundation's parser).
    @Test(arguments: [
        ("example.com", "not an absolute URL such as https://mirror.example.com"),
        ("https://exa mple.com", "not an absolute URL such as https://mirror.example.com"),
        ("ftp://127.0.0.1", "the scheme must be https"),
        ("https:example.com", "it has no host"),
        ("https://", "it has no host"),
        ("https://u:p@example.com", "it must not carry a user or password"),
        ("https://example.com/#f", "it must not have a query or fragment"),
    ])
    func aRefusedBaseSaysWhy(_ text: String, _ reason: String) {
        #expect {
            try AASAFetchChecker.validatedBase(text)
        } throws: { error in
            (error as? AASAFetchError)?.description.contains(reason) == true
        }
    }

    @Test func urlsAreBuiltOnTheBase() {
        #expect(AASAFetchChecker.originURLs(domain: Self.domain) == [Self.wellKnown, Self.root])
        #expect(
            AASAFetchChecker.originURLs(domain: Self.domain, base: "http://127.0.0.1:1/site") == [
                "http://127.0.0.1:1/site/.well-known/apple-app-site-association",
                "http://127.0.0.1:1/site/apple-app-site-association",
            ])
        #expect(AASAFetchChecker.cdnURL(domain: Self.domain) == Self.cdnURL)
        #expect(AASAFetchChecker.cdnURL(domain: Self.domain, base: "http://[::1]:2") == "http://[::1]:2/example.com")
    }

    @Test func theReportRoundTripsThroughJSON() throws {
        let report = AASAFetchChecker.check(
            domain: Self.domain, origin: [Self.status(404), Self.ok(Self.root, headers: [:])],
            cdn: Self.ok(Self.cdnURL, body: Self.file(#"{"/": "/buy/*"}"#)))
        let data = try JSONEncoder().encode(report)
        #expect(try JSONDecoder().decode(AASAFetchReport.self, from: data) == report)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""code":"legacy-location""#))
    }
}

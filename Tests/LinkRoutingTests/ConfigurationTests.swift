import Foundation
import LinkRouting
import TestSupport
import Testing

/// Configuration errors name the route and say what is wrong; routes-file errors say where.
@Suite struct ConfigurationTests {
    struct BadRoute: Sendable, CustomTestStringConvertible {
        let pattern: String
        let identifier: String
        let fragment: String
        var testDescription: String { pattern }
        init(_ pattern: String, _ identifier: String, _ fragment: String) {
            self.pattern = pattern
            self.identifier = identifier
            self.fragment = fragment
        }
    }

    @Test(arguments: [
        BadRoute("/help/**/more", "invalid-pattern", "`**` must be the last segment"),
        BadRoute("/a/:id<float>", "invalid-pattern", "unknown parameter type `float`"),
        BadRoute("/a/:id<int", "invalid-pattern", "unterminated type"),
        BadRoute("/a/:", "invalid-pattern", "parameter name"),
        BadRoute("/a/:1x", "invalid-pattern", "parameter name"),
        BadRoute("/a/:id/:id", "invalid-pattern", "`id` is used twice"),
        BadRoute("/a?id=:id&b=:id", "invalid-pattern", "`id` is used twice"),
        BadRoute("/a?x=1&x=2", "invalid-pattern", "constrained twice"),
        BadRoute("/a?flag", "invalid-pattern", "item=:name"),
        BadRoute("/a//b", "invalid-pattern", "empty path segment"),
        BadRoute("/a/../b", "invalid-pattern", "dot segments"),
        BadRoute("/a/%2E", "invalid-pattern", "dot segments"),
        BadRoute("/a/b*", "invalid-pattern", "`*` must be a whole segment"),
        BadRoute("/a/%zz", "invalid-pattern", "bad percent escape"),
        BadRoute("/a/%00", "invalid-pattern", "control characters"),
        BadRoute("/a#frag", "invalid-pattern", "fragment"),
        BadRoute("/a b", "invalid-pattern", "spaces"),
        BadRoute("", "invalid-pattern", "empty"),
        BadRoute("promotion/:id", "invalid-pattern", "starts with `/`"),
        BadRoute("http://example.com/a", "invalid-pattern", "use https"),
        BadRoute("https:///a", "invalid-pattern", "no host"),
        BadRoute("https://example.com:443/a", "invalid-pattern", "plain host name"),
        BadRoute("https://*.example.com/a", "invalid-pattern", "plain host name"),
        BadRoute("https://evil.net/a", "uncovered-host", "`evil.net` is not covered"),
        BadRoute("https://example.com.evil.net/a", "uncovered-host", "not covered"),
        BadRoute("other://a", "unowned-scheme", "`other` is not listed in schemes"),
        BadRoute("/a/:id/**", "none", ""),
    ])
    func badPatternsAreReportedWithTheRouteName(_ bad: BadRoute) {
        do {
            _ = try RouteFixtures.table([("ok", "/ok"), ("culprit", bad.pattern)], domains: ["applinks:example.com"])
            #expect(bad.identifier == "none", "no error for \(bad.pattern)")
        } catch {
            #expect(error.identifier == bad.identifier)
            #expect(error.routeName == "culprit")
            #expect(error.message.contains(bad.fragment), "\(error.message)")
            #expect(error.description.contains("route `culprit`"))
        }
    }

    @Test func duplicateNamesAndPatternsAreErrors() {
        #expect {
            try RouteFixtures.table([("a", "/a"), ("a", "/b")])
        } throws: { ($0 as? RouteConfigurationError)?.identifier == "duplicate-name" }
        #expect {
            try RouteFixtures.table([("a", "/x/:id"), ("b", "/x/:other")])
        } throws: {
            let error = $0 as? RouteConfigurationError
            return error?.identifier == "duplicate-pattern" && error?.routeName == "b"
                && error?.message.contains("`a`") == true
        }
        #expect {
            try RouteFixtures.table([("a", "/x?p=1&q=:q"), ("b", "/x/?q=:z&p=1")])
        } throws: { ($0 as? RouteConfigurationError)?.identifier == "duplicate-pattern" }
        #expect {
            try RouteFixtures.table([("a", "/Promo"), ("b", "/promo")], caseSensitive: false)
        } throws: { ($0 as? RouteConfigurationError)?.identifier == "duplicate-pattern" }
        #expect(throws: Never.self) {
            try RouteFixtures.table([
                ("a", "/Promo"), ("b", "/promo"), ("c", "shop://promo"), ("d", "/x/:i<int>"), ("e", "/x/:s"),
            ])
        }
    }

    @Test(arguments: [
        (["javascript"], [String](), "reserved"),
        (["https"], [], "reserved"),
        (["shop:"], [], "not a URL scheme"),
        (["shop", "SHOP"], [], "listed twice"),
        (["shop"], ["Shop"], "both owned and external"),
        ([], ["file"], "reserved"),
    ])
    func badSchemesAreErrors(schemes: [String], external: [String], fragment: String) {
        #expect {
            try RouteTable(schemes: schemes, associatedDomains: [], externalSchemes: external, routes: [])
        } throws: { error in
            let error = error as? RouteConfigurationError
            return error?.identifier == "invalid-scheme" && error?.message.contains(fragment) == true
        }
    }

    @Test(arguments: [
        "webcredentials:example.com", "applinks:", "applinks:example.com:443", "applinks:example..com",
        "applinks:example.com/path", "applinks:a.*.example.com", "applinks:example.com?mode=weird",
    ])
    func badAssociatedDomainsAreErrors(entry: String) {
        #expect(throws: RouteConfigurationError.self) { try AssociatedDomain(entry: entry) }
    }

    @Test func associatedDomainEntriesAreNormalized() throws {
        let domain = try AssociatedDomain(entry: "applinks:*.Example.COM?mode=developer")
        #expect(domain.host == "example.com")
        #expect(domain.isWildcard)
        #expect(domain.description == "applinks:*.example.com")
        #expect(domain.covers(host: "A.EXAMPLE.com"))
        #expect(!domain.covers(host: "example.com"))
        #expect(!domain.covers(host: ".example.com"))
        #expect(!domain.covers(host: "aexample.com"))
    }

    @Test(arguments: [
        ("{\"routes\": [}", 1, 13, "expected a value"),
        ("{\n  \"routes\": [\n    {\"name\": \"a\" \"pattern\": \"/a\"}\n  ]\n}", 3, 18, "expected ',' or '}'"),
        ("{\"routes\": []} x", 1, 16, "expected the end of the document"),
        ("", 1, 1, "the document is empty"),
    ])
    func jsonSyntaxErrorsSayLineAndColumn(json: String, line: Int, column: Int, fragment: String) {
        #expect {
            try RouteTable(json: json)
        } throws: { error in
            let error = error as? RouteConfigurationError
            return error?.fileLocation == .text(line: line, column: column) && error?.message.contains(fragment) == true
        }
    }

    @Test(arguments: [
        (
            "{\"routes\": [{\"name\": \"a\", \"pattern\": \"/a\"}, {\"name\": \"b\", \"pattern\": \"/b/**/c\"}]}",
            "/routes/1/pattern", "invalid-pattern"
        ),
        (
            "{\"routes\": [{\"name\": \"a\", \"pattern\": \"/a\"}, {\"name\": \"a\", \"pattern\": \"/b\"}]}",
            "/routes/1/name", "duplicate-name"
        ),
        ("{\"routes\": [{\"name\": \"a\"}]}", "/routes/0/pattern", "invalid-json"),
        ("{\"routes\": [{\"name\": 3, \"pattern\": \"/a\"}]}", "/routes/0/name", "invalid-json"),
        (
            "{\"routes\": [{\"name\": \"a\", \"pattern\": \"/a\", \"handler\": \"x\"}]}", "/routes/0/handler",
            "invalid-json"
        ),
        ("{\"route\": []}", "/route", "invalid-json"),
        ("{\"schemes\": \"shop\", \"routes\": []}", "/schemes", "invalid-json"),
        ("{\"schemes\": [\"shop\"]}", "/routes", "invalid-json"),
        (
            "{\"associatedDomains\": [\"applinks:a.com\", \"web:b.com\"], \"routes\": []}", "/associatedDomains/1",
            "invalid-associated-domain"
        ),
        ("{\"schemes\": [\"javascript\"], \"routes\": []}", "/schemes/0", "invalid-scheme"),
        ("[]", "/", "invalid-json"),
    ])
    func routesFileErrorsCarryAJSONPointer(json: String, pointer: String, identifier: String) {
        #expect {
            try RouteTable(json: json)
        } throws: { error in
            let error = error as? RouteConfigurationError
            return error?.fileLocation?.pointer != nil && error?.fileLocation?.description == pointer
                && error?.identifier == identifier
        }
    }

    /// Regression: the decoder's keys come in no fixed order on Linux, so a file with several unknown keys (an AASA
    /// file given as the routes) named a different one from run to run.
    @Test func severalUnknownKeysGiveOneErrorEveryTime() {
        let top = "{\"webcredentials\": {}, \"applinks\": {}, \"zeta\": 1, \"beta\": 2, \"routes\": []}"
        let entry = "{\"routes\": [{\"name\": \"a\", \"pattern\": \"/a\", \"z\": 1, \"handler\": 2, \"b\": 3}]}"
        for _ in 0..<20 {
            #expect(Self.pointer(ofErrorIn: top) == "/applinks")
            #expect(Self.pointer(ofErrorIn: entry) == "/routes/0/b")
        }
    }

    private static func pointer(ofErrorIn json: String) -> String? {
        do {
            _ = try RouteTable(json: json)
            return nil
        } catch {
            return error.fileLocation?.description
        }
    }

    @Test func routesFileDefaultsAreApplied() throws {
        let table = try RouteTable(json: "{\"routes\": [{\"name\": \"a\", \"pattern\": \"/a\"}]}")
        #expect(table.schemes.isEmpty)
        #expect(table.associatedDomains.isEmpty)
        #expect(table.caseSensitive)
        #expect(table.target("https://example.com/a") == "[browser]")
    }

    @Test func exampleRoutesFileLoads() throws {
        let url = PackagePaths.root.appendingPathComponent("Docs/Examples/routes.json")
        let table = try RouteTable(json: Data(contentsOf: url))
        #expect(table.schemes == ["shop"])
        #expect(table.routes.count >= 10)
    }
}

import Foundation
import LinkRouter
import Testing

/// Every error has `DecisionReason`'s shape: kinds to compare, a stable kebab-case identifier, a description.
@Suite struct ErrorVocabularyTests {
    @Test func routeConfigurationErrorsExposeTheirKind() {
        #expect {
            _ = try RouteTable(
                json: Data(#"{"routes": [{"name": "a", "pattern": "/a"}, {"name": "a", "pattern": "/b"}]}"#.utf8))
        } throws: { error in
            guard let error = error as? RouteConfigurationError else { return false }
            return error.kind == .duplicateName && error.identifier == "duplicate-name"
                && error.kind.description == "duplicate-name" && error.location == "/routes/1/name"
        }
        #expect {
            _ = try RouteTable(json: Data("{".utf8))
        } throws: { ($0 as? RouteConfigurationError)?.kind == .invalidJSON }
    }

    @Test func reverseRoutingErrorsExposeTheirKind() throws {
        let table = try RouteTable(
            json: Data(#"{"schemes": ["shop"], "routes": [{"name": "p", "pattern": "shop://p/:id"}]}"#.utf8))
        #expect {
            _ = try table.urls(for: "p", parameters: [:])
        } throws: { error in
            guard let error = error as? ReverseRoutingError else { return false }
            return error.kind == .missingParameter && error.identifier == "missing-parameter" && error.parameter == "id"
        }
        #expect {
            _ = try table.urls(for: "q", parameters: [:])
        } throws: { ($0 as? ReverseRoutingError)?.kind == .unknownRoute }
    }

    @Test func pushPayloadErrorsExposeTheirKindAndLocation() {
        #expect {
            _ = try PushPayload(json: Data("{\n x".utf8))
        } throws: { error in
            guard let error = error as? PushPayloadError else { return false }
            return error.kind == .invalidJSON && error.identifier == "invalid-json" && error.location == "2:2"
        }
        #expect {
            _ = try PushPayload(json: Data("[]".utf8))
        } throws: { error in
            guard let error = error as? PushPayloadError else { return false }
            return error.kind == .notObject && error.identifier == "not-object" && error.location == "/"
        }
    }

    @Test func coverageErrorsExposeTheirKind() {
        let error = CoverageError.tooComplex(states: 5)
        #expect(error.kind == .tooComplex)
        #expect(error.identifier == "too-complex")
        #expect(CoverageError.witnessDidNotReproduce("x").kind == .witnessDidNotReproduce)
        #expect(CoverageError.witnessDidNotReproduce("x").identifier == "witness-did-not-reproduce")
    }

    @Test func aasaErrorEqualityComparesWhatItCarries() {
        func failure(_ text: String) -> AASAError? {
            do {
                _ = try AASAFile(parsing: Array(text.utf8))
                return nil
            } catch {
                return error
            }
        }
        let first = failure("{\n  x")
        let second = failure("{\n\n   x")
        #expect(first?.kind == .invalidJSON && second?.kind == .invalidJSON)
        #expect(first != second)
        #expect(first == failure("{\n  x"))
        #expect(first != .invalidJSON)
        #expect(first?.identifier == "invalid-json")
        #expect(failure("[]")?.identifier == "not-object")
        #expect(failure("[]")?.location == JSONPointer.root)
    }

    @Test func aasaErrorPatternsMatchTheKind() {
        var caught = false
        do {
            _ = try AASAFile(parsing: Array("[]".utf8))
        } catch AASAError.notObject {
            caught = true
        } catch {
            Issue.record("not matched by kind: \(error)")
        }
        #expect(caught)
        let error = AASAError.tooLarge
        switch error {
        case .invalidJSON, .notObject: Issue.record("wrong kind")
        case .tooLarge: break
        default: Issue.record("no kind")
        }
    }
}

/// `AASAMatch.reason` is typed: kinds to compare, kebab-case identifiers, the sentences the CLI prints.
@Suite struct AASAMatchReasonTests {
    static let app = "ABCDE12345.com.example.app"
    static let matcher = try! AASAMatcher(
        parsing: Array(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/x/*", "exclude": true}, {"/": "/*"}]}]}}"#
                .utf8))

    @Test(arguments: [
        ("https://example.com/a", "example.com", "component-matches", "the first matching component opens the app"),
        ("https://example.com/x/1", "example.com", "component-excludes", "the first matching component excludes"),
        (
            "http://example.com/a", "example.com", "not-https",
            "only https URLs are universal links (the scheme is 'http')"
        ),
        (
            "https://other.org/a", "example.com", "other-host",
            "the host 'other.org' is not the serving domain 'example.com'"
        ),
        (
            "https://example.com:8443/a", "example.com", "other-port",
            "the port 8443 is not the serving domain's port 443"
        ),
        ("/a", "example.com", "not-absolute-url", "not an absolute URL with a host"),
    ])
    func reasonsHaveKindsIdentifiersAndSentences(url: String, domain: String, identifier: String, text: String) {
        let match = Self.matcher.match(url, domain: domain, appID: Self.app)
        #expect(match.reason.identifier == identifier)
        #expect(match.reason.kind.identifier == identifier)
        #expect(match.reason.description == text)
    }

    @Test func reasonsCompareByValueAndKinds() {
        let other = Self.matcher.match("https://example.com/a", domain: "example.com", appID: "ZZZZZ99999.x")
        #expect(other.reason == .appIDNotListed("ZZZZZ99999.x"))
        #expect(other.reason.kind == .appIDNotListed)
        #expect(other.reason != .appIDNotListed("ZZZZZ99999.y"))
        #expect(
            Self.matcher.match("https://example.com/a", domain: "example.com", appID: Self.app).reason
                == .componentMatches)
        #expect(AASAMatch.Reason.other("custom").description == "custom")
        #expect(AASAMatch.Reason.other("custom").identifier == "other")
    }
}

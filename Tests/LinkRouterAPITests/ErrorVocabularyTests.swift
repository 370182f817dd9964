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

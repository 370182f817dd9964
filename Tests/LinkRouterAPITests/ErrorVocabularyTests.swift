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
                && error.kind.description == "duplicate-name"
                && error.fileLocation == .pointer(JSONPointer.root.appending("routes").appending(1).appending("name"))
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
            return error.kind == .invalidJSON && error.identifier == "invalid-json"
                && error.fileLocation == .text(line: 2, column: 2)
        }
        #expect {
            _ = try PushPayload(json: Data("[]".utf8))
        } throws: { error in
            guard let error = error as? PushPayloadError else { return false }
            return error.kind == .notObject && error.identifier == "not-object" && error.fileLocation == .pointer(.root)
        }
    }

    @Test func coverageErrorsExposeTheirKind() {
        let error = CoverageError.tooComplex(states: 5)
        #expect(error.kind.description == "too-complex")
        #expect(error.kind == .tooComplex)
        #expect(error.identifier == "too-complex")
        #expect(CoverageError.witnessDidNotReproduce("x").kind == .witnessDidNotReproduce)
        #expect(CoverageError.witnessDidNotReproduce("x").identifier == "witness-did-not-reproduce")
    }

    @Test func appLinkConfigurationErrorsExposeTheirKindAndLocation() throws {
        #expect {
            _ = try AppLinkConfiguration(entitlements: Array("<plist><string>".utf8))
        } throws: { error in
            guard let error = error as? AppLinkConfigurationError else { return false }
            return error.kind == .malformedPropertyList && error.identifier == "malformed-property-list"
                && error.kind.description == "malformed-property-list" && error.file == .entitlements
                && error.fileLocation?.description == "1:16" && error.fileLocation?.byteOffset != nil
        }
        #expect {
            _ = try AppLinkConfiguration(entitlements: Array("<plist><array/></plist>".utf8))
        } throws: { ($0 as? AppLinkConfigurationError)?.identifier == "not-dictionary" }
        // A value of the wrong type is a finding of the lint now, not an error (the kind stays for old callers).
        let wrongType = try AppLinkConfiguration(
            entitlements: Array(
                "<plist><dict><key>com.apple.developer.associated-domains</key><string>x</string></dict></plist>"
                    .utf8))
        #expect(wrongType.wrongTypeValues.count == 1)
        #expect(AppLinkConfigurationError.wrongType.identifier == "wrong-type")
        #expect(AppLinkConfigurationError.wrongType.kind == .wrongType)
    }

    @Test func theWholeAppCheckNamesAMissingAppID() throws {
        let app = try AppLinkConfiguration(
            entitlements: Array(
                """
                <plist><dict><key>com.apple.developer.associated-domains</key>\
                <array><string>applinks:example.com</string></array></dict></plist>
                """.utf8))
        let routes = try RouteTable(json: #"{"routes": [{"name": "a", "pattern": "/a"}]}"#)
        #expect {
            _ = try AppCoverageChecker.check(app: app, hasInfoPlist: false, routes: routes, files: [:])
        } throws: { error in
            guard let error = error as? CoverageError else { return false }
            return error.kind == .missingAppID && error.identifier == "missing-app-id"
        }
    }

    /// Every public error of the link modules is in this suite (a new one must be added here, with its kinds).
    @Test func androidLinksGeneratorErrorsExposeTheirKind() throws {
        let table = try RouteTable(
            json: Data(
                #"{"associatedDomains": ["applinks:example.com"], "routes": [{"name": "a", "pattern": "/a"}]}"#.utf8))
        #expect {
            _ = try AndroidLinksGenerator.generate(
                routes: table, packageName: "com.example.app", fingerprints: [String(repeating: "AB", count: 32)],
                options: .init(host: "other.org"))
        } throws: { error in
            guard let error = error as? AndroidLinksGeneratorError else { return false }
            return error.kind == .hostNotServed && error.identifier == "host-not-served"
                && error.description == "the routes serve no https URL on other.org"
        }
        #expect(AndroidLinksGeneratorError.invalidPackageName("app").kind.description == "invalid-package-name")
    }

    @Test func linkProjectErrorsExposeTheirKindAndLocation() {
        #expect {
            _ = try LinkProject(json: Array(#"{"version": 1, "iso": {}}"#.utf8))
        } throws: { error in
            guard let error = error as? LinkProjectError else { return false }
            return error.kind == .unknownKey && error.identifier == "unknown-key"
                && error.fileLocation == FileLocation(pointer: JSONPointer("/iso"), line: 1, column: 23)
        }
        #expect {
            _ = try LinkProject(json: Array("{".utf8))
        } throws: { ($0 as? LinkProjectError)?.kind == .invalidJSON }
        #expect {
            _ = try LinkProject(json: Array("{}".utf8))
        } throws: { ($0 as? LinkProjectError)?.kind.description == "version" }
    }

    @Test func linkProjectCheckErrorsNameTheFileAndSayWhetherTheyAreTheProjects() async {
        let missing = "/nonexistent-link-router/App.entitlements"
        do {
            _ = try await LinkProject(routes: "routes.json", ios: .init(entitlements: missing)).check()
            Issue.record("checked a missing entitlements file")
        } catch {
            #expect(error.kind == .unreadable && error.identifier == "unreadable" && !error.isUsage)
            #expect(error.file == missing && error.fileLocation == FileLocation())
            #expect(error.description == "\(missing): cannot read: No such file or directory")
        }
        do {
            _ = try await LinkProject(ios: .init(entitlements: "App.entitlements")).check()
            Issue.record("checked a project without routes")
        } catch {
            #expect(error.kind == .missingValue && error.isUsage && error.file == nil)
            #expect(error.description == "the project names no routes file")
        }
        #expect(LinkProjectError.Kind.notDecided.description == "not-decided")
    }

    /// The project file's kinds and the check's are one vocabulary: each kind its own identifier, and a usage
    /// error exactly for the project's values.
    @Test func linkProjectErrorKindsAreDistinctAndOnlyTheProjectsValuesAreUsage() {
        let kinds = LinkProjectError.Kind.allCases
        #expect(
            kinds.map(\.identifier) == [
                "unreadable", "too-large", "invalid-json", "wrong-type", "unknown-key", "duplicate-key", "version",
                "invalid-file", "missing-value", "invalid-value", "fetch-unavailable", "not-decided",
            ])
        #expect(Set(kinds.map(\.identifier)).count == kinds.count)
        #expect(Set(kinds).count == kinds.count)
        let usage: Set<LinkProjectError.Kind> = [.missingValue, .invalidValue, .fetchUnavailable]
        for kind in kinds {
            #expect(LinkProjectError(kind, "m").isUsage == usage.contains(kind), "\(kind)")
            #expect(LinkProjectError(kind, "m").description == "m", "\(kind)")
            #expect(LinkProjectError(kind, "m", file: "F", at: .text(line: 2, column: 3)).description == "F:2:3: m")
        }
        #expect(LinkProjectError(.wrongType, "m", at: .pointer(.root.appending("routes"))).description == "/routes: m")
        #expect(LinkProjectError(.version, "m", file: "F", at: .pointer(.root)).description == "F: /: m")
    }

    @available(*, deprecated)
    @Test func linkProjectCheckErrorIsTheDeprecatedNameOfLinkProjectError() {
        let error: LinkProjectCheckError = LinkProjectError(.invalidValue, "m")
        #expect(error.kind == LinkProjectCheckError.Kind.invalidValue && error.isUsage)
    }

    @Test func everyPublicLinkErrorIsInTheVocabulary() throws {
        let tests = URL(fileURLWithPath: #filePath)
        let sources = tests.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let suite = try String(contentsOf: tests, encoding: .utf8)
        let modules = [
            "FileLocations", "LinkRouting", "AppSiteAssociation", "LinkCoverage", "AppLinkConfiguration",
            "LinkDeployment", "AppCoverage", "LinkDiagnosis",
        ]
        var errors: [String] = []
        for module in modules {
            let folder = sources.appendingPathComponent(module)
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                errors += text.matches(of: /public (?:struct|enum|final class) (\w+)[^{]*\bError\b/).map {
                    String($0.output.1)
                }
            }
        }
        #expect(errors.count >= 8, "found only \(errors)")
        for error in errors {
            #expect(suite.contains(error), "\(error) is a public error with no test in ErrorVocabularyTests")
        }
    }

    @Test func fetchErrorsExposeTheirKind() {
        #expect {
            _ = try AASAFetchChecker.validatedBase("http://example.com")
        } throws: { error in
            guard let error = error as? AASAFetchError else { return false }
            return error.kind == .insecureBase && error.identifier == "insecure-base"
                && error.kind.description == "insecure-base"
        }
        #expect {
            _ = try AASAFetchChecker.validatedBase("https://example.com/?q")
        } throws: {
            ($0 as? AASAFetchError)?.kind == .invalidBase && ($0 as? AASAFetchError)?.identifier == "invalid-base"
        }
    }

    @Test func baselineErrorsExposeTheirKindAndLocation() {
        #expect {
            _ = try Baseline<CoverageReport>(json: Array("{\n x".utf8))
        } throws: { error in
            guard let error = error as? BaselineError else { return false }
            return error.kind == .invalidJSON && error.identifier == "invalid-json"
                && error.fileLocation == .text(line: 2, column: 2)
        }
        #expect {
            _ = try Baseline<AASALintReport>(json: Array(#"{"version": "1"}"#.utf8))
        } throws: { error in
            guard let error = error as? BaselineError else { return false }
            return error.kind == .notABaseline && error.identifier == "not-a-baseline"
                && error.fileLocation == .pointer(JSONPointer.root.appending("version"))
                && error.description == "/version: \(error.message)"
        }
        #expect(BaselineError.notABaseline(at: .root, "x").description == "/: x")
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
        #expect(failure("[]")?.fileLocation == .pointer(.root))
        #expect(failure("{\n  x")?.fileLocation == .text(line: 2, column: 3))
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

import Testing

@testable import AppSiteAssociation
@testable import LinkCoverage
@testable import LinkRouting
@testable import RichMediaKitSupport

/// Every lint code: a file that triggers it, and a corrected file that does not.
@Suite struct AASALintTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var code: String
        var severity: AASADiagnostic.Severity
        var pointer: String
        var bad: String
        var good: String
        var testDescription: String { code }
    }

    static func entry(_ body: String, app: String = #""appIDs": ["ABCDE12345.com.example.app"]"#) -> String {
        #"{"applinks": {"details": [{\#(app), \#(body)}]}}"#
    }

    static let cases: [Case] = [
        Case(
            code: "json-syntax", severity: .error, pointer: "", bad: #"{"applinks": {"details": [}}"#,
            good: #"{"applinks": {"details": []}}"#),
        Case(code: "not-object", severity: .error, pointer: "", bad: "[]", good: "{}"),
        Case(
            code: "wrong-type", severity: .error, pointer: "/applinks/details/0/components/0/exclude",
            bad: entry(#""components": [{"/": "/a", "exclude": "true"}]"#),
            good: entry(#""components": [{"/": "/a", "exclude": true}]"#)),
        Case(
            code: "missing-app-id", severity: .error, pointer: "/applinks/details/0",
            bad: #"{"applinks": {"details": [{"components": [{"/": "/a"}]}]}}"#,
            good: entry(#""components": [{"/": "/a"}]"#)),
        Case(
            code: "empty-app-id", severity: .error, pointer: "/applinks/details/0/appIDs/0",
            bad: entry(#""components": []"#, app: #""appIDs": [""]"#), good: entry(#""components": []"#)),
        Case(
            code: "app-id-format", severity: .error, pointer: "/applinks/details/0/appIDs/0",
            bad: entry(#""components": []"#, app: #""appIDs": ["com.example.app."]"#.replacingDot()),
            good: entry(#""components": []"#)),
        Case(
            code: "team-id-length", severity: .warning, pointer: "/webcredentials/apps/0",
            bad: #"{"webcredentials": {"apps": ["ABC.com.example.app"]}}"#,
            good: #"{"webcredentials": {"apps": ["ABCDE12345.com.example.app"]}}"#),
        Case(
            code: "query-non-string", severity: .error, pointer: "/applinks/details/0/components/0/?/id",
            bad: entry(#""components": [{"?": {"id": 42}}]"#), good: entry(#""components": [{"?": {"id": "42"}}]"#)),
        Case(
            code: "undefined-variable", severity: .error, pointer: "/applinks/details/0/components/0/~1",
            bad: entry(#""components": [{"/": "/$(food)/*"}]"#), good: entry(#""components": [{"/": "/$(lang)/*"}]"#)),
        Case(
            code: "malformed-variable", severity: .error, pointer: "/applinks/details/0/components/0/#",
            bad: entry(##""components": [{"#": "$(digit"}]"##), good: entry(##""components": [{"#": "$(digit)"}]"##)),
        Case(
            code: "nested-variable", severity: .error, pointer: "/applinks/substitutionVariables/b/0",
            bad:
                #"{"applinks": {"substitutionVariables": {"a": ["x"], "b": ["$(a)y"]}, "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/$(a)/$(b)"}]}]}}"#,
            good:
                #"{"applinks": {"substitutionVariables": {"a": ["x"], "b": ["xy"]}, "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/$(a)/$(b)"}]}]}}"#
        ),
        Case(
            code: "invalid-variable-name", severity: .error, pointer: "/applinks/substitutionVariables/a(b",
            bad: #"{"applinks": {"substitutionVariables": {"a(b": ["x"]}}}"#,
            good:
                #"{"applinks": {"substitutionVariables": {"ab": ["x"]}, "details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": "$(ab)"}]}]}}"#
        ),
        Case(
            code: "mixed-appid-components", severity: .warning, pointer: "/applinks/details/0/appID",
            bad: entry(#""components": [{"/": "/a"}]"#, app: #""appID": "ABCDE12345.com.example.app""#),
            good: entry(#""components": [{"/": "/a"}]"#)),
        Case(
            code: "mixed-appids-paths", severity: .warning, pointer: "/applinks/details/0/paths",
            bad: entry(#""paths": ["/a"]"#),
            good: entry(#""paths": ["/a"]"#, app: #""appID": "ABCDE12345.com.example.app""#)),
        Case(
            code: "paths-ignored", severity: .warning, pointer: "/applinks/details/0/paths",
            bad: entry(#""components": [{"/": "/a"}], "paths": ["/b"]"#),
            good: entry(#""components": [{"/": "/a"}, {"/": "/b"}]"#)),
        Case(
            code: "apps-not-empty", severity: .warning, pointer: "/applinks/apps",
            bad: #"{"applinks": {"apps": ["ABCDE12345.com.example.app"], "details": []}}"#,
            good: #"{"applinks": {"apps": [], "details": []}}"#),
        Case(
            code: "hash-in-path", severity: .warning, pointer: "/applinks/details/0/components/0/~1",
            bad: entry(#""components": [{"/": "/app#/route/*"}]"#),
            good: entry(##""components": [{"/": "/app", "#": "/route/*"}]"##)),
        Case(
            code: "query-in-path", severity: .warning, pointer: "/applinks/details/0/components/0/~1",
            bad: entry(#""components": [{"/": "/search?q=*"}]"#),
            good: entry(#""components": [{"/": "/search", "?": {"q": "*"}}]"#)),
        Case(
            code: "exclude-query-wildcard", severity: .warning, pointer: "/applinks/details/0/components/0/?/debug",
            bad: entry(#""components": [{"?": {"debug": "*"}, "exclude": true}, {"/": "*"}]"#),
            good: entry(#""components": [{"?": {"debug": "?*"}, "exclude": true}, {"/": "*"}]"#)),
        Case(
            code: "unreachable-rule", severity: .warning, pointer: "/applinks/details/0/components/1",
            bad: entry(#""components": [{"/": "*"}, {"/": "/buy/*", "exclude": true}]"#),
            good: entry(#""components": [{"/": "/buy/*", "exclude": true}, {"/": "*"}]"#)),
        Case(
            code: "unknown-key", severity: .warning, pointer: "/applinks/details/0/components/0/casesensitive",
            bad: entry(#""components": [{"/": "/a", "casesensitive": false}]"#),
            good: entry(#""components": [{"/": "/a", "caseSensitive": false}]"#)),
        Case(
            code: "duplicate-key", severity: .warning, pointer: "/applinks/details/0/components/0/~1",
            bad: entry(#""components": [{"/": "/a", "/": "/b"}]"#), good: entry(#""components": [{"/": "/b"}]"#)),
        Case(
            code: "unused-variable", severity: .warning, pointer: "/applinks/substitutionVariables/food",
            bad: #"{"applinks": {"substitutionVariables": {"food": ["pizza"]}, "details": []}}"#,
            good:
                #"{"applinks": {"substitutionVariables": {"food": ["pizza"]}, "details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": "/$(food)"}]}]}}"#
        ),
    ]

    @Test(arguments: cases)
    func badFileTriggersTheCodeAtThePointer(_ testCase: Case) throws {
        let report = AASATestSupport.lint(testCase.bad)
        let diagnostic = try #require(report.diagnostics.first { $0.code.rawValue == testCase.code })
        #expect(diagnostic.severity == testCase.severity)
        #expect(diagnostic.pointer == testCase.pointer)
        #expect(!diagnostic.message.isEmpty)
        #expect(!diagnostic.hint.isEmpty)
    }

    @Test(arguments: cases)
    func correctedFileDoesNotTriggerTheCode(_ testCase: Case) {
        let report = AASATestSupport.lint(testCase.good)
        #expect(!report.codes.contains(AASADiagnostic.Code(rawValue: testCase.code)), "\(report.diagnostics)")
        #expect(report.errorCount == 0, "\(report.diagnostics)")
    }

    @Test func sizeLimitIsCheckedBeforeParsing() {
        let big = [UInt8](repeating: UInt8(ascii: "["), count: AASAFile.maximumSize + 1)
        let report = AASALinter.lint(big, passes: [.unreachableRules])
        #expect(report.diagnostics.map(\.code) == [.sizeLimit])
        let atLimit = Array("{}".utf8) + [UInt8](repeating: 0x20, count: AASAFile.maximumSize - 2)
        #expect(AASALinter.lint(atLimit, passes: [.unreachableRules]).diagnostics.isEmpty)
    }

    @Test(arguments: [
        ("text/html", true),
        ("application/octet-stream", true),
        ("application/json", false),
        ("Application/JSON; charset=utf-8", false),
    ])
    func contentTypeOtherThanJSONIsAWarning(contentType: String, warns: Bool) {
        let report = AASALinter.lint(Array("{}".utf8), contentType: contentType, passes: [.unreachableRules])
        #expect(report.codes.contains(.contentType) == warns)
        #expect(report.errorCount == 0)
    }

    @Test func syntaxErrorsCarryLineAndColumn() throws {
        let report = AASATestSupport.lint("{\n  \"applinks\": {\n    \"details\": [,]\n  }\n}")
        let diagnostic = try #require(report.diagnostics.first)
        #expect(diagnostic.code == .jsonSyntax)
        #expect(diagnostic.line == 3)
        #expect(diagnostic.column == 17)
    }

    @Test func unknownKeySuggestsTheCorrectSpelling() throws {
        let report = AASATestSupport.lint(Self.entry(#""components": [{"/": "/a", "casesensitive": false}]"#))
        let diagnostic = try #require(report.diagnostics.first { $0.code == .unknownKey })
        #expect(diagnostic.hint.contains("caseSensitive"))
    }

    @Test func unreachableEntryAfterACatchAllForTheSameApp() throws {
        let report = AASATestSupport.lint(
            """
            {"applinks": {"details": [
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [{}]},
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a"}]}]}}
            """)
        let diagnostic = try #require(report.diagnostics.first { $0.code == .unreachableRule })
        #expect(diagnostic.pointer == "/applinks/details/1")
    }

    @Test func workedExampleFileIsClean() {
        let report = AASATestSupport.lint(Self.entry(#""components": \#(AASAWorkedExampleTests.components)"#))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    }

    @Test func everyCodeHasATestCase() {
        let tested = Set(Self.cases.map(\.code) + ["size-limit", "invalid-utf8", "nesting-limit", "content-type"])
        let all: [AASADiagnostic.Code] = [
            .jsonSyntax, .invalidUTF8, .nestingLimit, .sizeLimit, .notObject, .wrongType, .missingAppID, .emptyAppID,
            .appIDFormat, .teamIDLength, .queryNonString, .undefinedVariable, .malformedVariable, .nestedVariable,
            .invalidVariableName, .mixedAppIDComponents, .mixedAppIDsPaths, .appsNotEmpty, .hashInPath, .queryInPath,
            .excludeQueryWildcard, .unreachableRule, .unknownKey, .duplicateKey, .pathsIgnored, .unusedVariable,
            .contentType,
        ]
        #expect(Set(all.map(\.rawValue)) == tested)
    }
}

extension String {
    /// Test helper: turns `com.example.app.` into an app ID without a team prefix (`.com.example.app`).
    fileprivate func replacingDot() -> String {
        self.replacing("com.example.app.", with: ".com.example.app")
    }
}

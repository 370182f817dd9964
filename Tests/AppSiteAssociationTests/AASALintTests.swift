import TestSupport
import Testing

@testable import AppSiteAssociation
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

    static let legacyApp = #""appID": "ABCDE12345.com.example.app""#

    static func entry(_ body: String, app: String = #""appIDs": ["ABCDE12345.com.example.app"]"#) -> String {
        #"{"applinks": {"details": [{\#(app), \#(body)}]}}"#
    }

    static let cases: [Case] = [
        Case(
            code: "json-syntax", severity: .error, pointer: "", bad: #"{"applinks": {"details": [}}"#,
            good: #"{"applinks": {"details": []}}"#),
        Case(code: "not-object", severity: .error, pointer: "", bad: "[]", good: #"{"applinks": {"details": []}}"#),
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
            code: "team-id-length", severity: .error, pointer: "/webcredentials/apps/0",
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
            code: "unknown-key", severity: .warning, pointer: "/applinks/details/0/components/0/casesensitive",
            bad: entry(#""components": [{"/": "/a", "casesensitive": false}]"#),
            good: entry(#""components": [{"/": "/a", "caseSensitive": false}]"#)),
        Case(
            code: "duplicate-key", severity: .warning, pointer: "/applinks/details/0/components/0/~1",
            bad: entry(#""components": [{"/": "/a", "/": "/b"}]"#), good: entry(#""components": [{"/": "/b"}]"#)),
        Case(
            code: "appclips-without-applinks", severity: .warning, pointer: "/appclips",
            bad: #"{"appclips": {"apps": ["ABCDE12345.com.example.app.Clip"]}}"#,
            good:
                #"{"appclips": {"apps": ["ABCDE12345.com.example.app.Clip"]}, "applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/clip/*"}]}]}}"#
        ),
        Case(
            code: "service-without-apps", severity: .warning, pointer: "/webcredentials/apps",
            bad: #"{"webcredentials": {"apps": []}}"#,
            good: #"{"webcredentials": {"apps": ["ABCDE12345.com.example.app"]}}"#),
        Case(
            code: "wrong-nesting", severity: .error, pointer: "/details",
            bad: #"{"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a"}]}]}"#,
            good: entry(#""components": [{"/": "/a"}]"#)),
        Case(
            code: "hash-in-path", severity: .warning, pointer: "/applinks/details/0/paths/0",
            bad: entry(#""paths": ["/app#/route/*"]"#, app: Self.legacyApp),
            good: entry(##""components": [{"/": "/app", "#": "/route/*"}]"##)),
        Case(
            code: "query-in-path", severity: .warning, pointer: "/applinks/details/0/paths/0",
            bad: entry(#""paths": ["/detail/?id=*"]"#, app: Self.legacyApp),
            good: entry(#""components": [{"/": "/detail/", "?": {"id": "*"}}]"#)),
        Case(
            code: "applinks-without-details", severity: .warning, pointer: "/applinks",
            bad: #"{"applinks": {"apps": []}, "webcredentials": {"apps": ["ABCDE12345.a"]}}"#,
            good: #"{"applinks": {"apps": [], "details": []}, "webcredentials": {"apps": ["ABCDE12345.a"]}}"#),
        Case(
            code: "empty-components", severity: .warning, pointer: "/applinks/details/0/components",
            bad: entry(#""components": []"#), good: entry(#""components": [{"/": "/products/*"}]"#)),
        Case(
            code: "not-prefix", severity: .warning, pointer: "/applinks/details/0/paths/0",
            bad: entry(#""paths": ["NOT/internal/*", "/*"]"#, app: Self.legacyApp),
            good: entry(#""paths": ["NOT /internal/*", "/*"]"#, app: Self.legacyApp)),
        Case(
            code: "not-prefix", severity: .warning, pointer: "/applinks/details/0/paths/0",
            bad: entry(#""paths": ["not /internal/*", "/*"]"#, app: Self.legacyApp),
            good: entry(#""paths": ["NOT /internal/*", "/*"]"#, app: Self.legacyApp)),
        Case(
            code: "url-in-pattern", severity: .warning, pointer: "/applinks/details/0/components/0/~1",
            bad: entry(#""components": [{"/": "https://example.com/buy/*"}]"#),
            good: entry(#""components": [{"/": "/buy/*"}]"#)),
        Case(
            code: "url-in-pattern", severity: .warning, pointer: "/applinks/details/0/paths/0",
            bad: entry(#""paths": ["www.example.com/buy/*"]"#, app: Self.legacyApp),
            good: entry(#""paths": ["/buy/*"]"#, app: Self.legacyApp)),
        Case(
            code: "defaults-exclude", severity: .warning, pointer: "/applinks/defaults/exclude",
            bad:
                #"{"applinks": {"defaults": {"exclude": true}, "details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": "/a"}]}]}}"#,
            good:
                #"{"applinks": {"defaults": {"caseSensitive": false}, "details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": "/a"}]}]}}"#
        ),
        Case(
            code: "leading-star-slash", severity: .warning, pointer: "/applinks/details/0/components/0/~1",
            bad: entry(#""components": [{"/": "*/products/*"}]"#),
            good: entry(#""components": [{"/": "/products/*"}, {"/": "*/products/*"}]"#)),
        Case(
            code: "unused-variable", severity: .warning, pointer: "/applinks/substitutionVariables/food",
            bad: #"{"applinks": {"substitutionVariables": {"food": ["pizza"]}, "details": []}}"#,
            good:
                #"{"applinks": {"substitutionVariables": {"food": ["pizza"]}, "details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": "/$(food)"}]}]}}"#
        ),
    ]

    /// Every service Apple documents is known; the four that only list apps have the `{"apps": [...]}` shape.
    @Test(arguments: ["webcredentials", "appclips", "activitycontinuation", "messagefilter"])
    func documentedServicesAreNotUnknownKeys(_ service: String) {
        let applinks = #", "applinks": {"details": []}"#
        let report = AASATestSupport.lint(#"{"\#(service)": {"apps": ["ABCDE12345.com.example.app"]}\#(applinks)}"#)
        #expect(report.diagnostics.filter { $0.code != .applinksWithoutDetails }.isEmpty, "\(report.diagnostics)")
        #expect(
            AASATestSupport.lint(#"{"\#(service)": {}\#(applinks)}"#).diagnostics.map(\.code).filter {
                $0 != .applinksWithoutDetails
            } == [.serviceWithoutApps])
    }

    /// App IDs that can never match an installed app are errors; forms that might still work warn.
    @Test(arguments: [
        (
            "com.example.app", AASADiagnostic.Code.teamIDLength, AASADiagnostic.Severity.error,
            "ABCDE12345.com.example.app"
        ),
        ("ABC.com.example.app", .teamIDLength, .error, "10 characters"),
        ("APPLE_TEAM_ID.com.example.app", .placeholderAppID, .error, "team ID"),
        ("TEAMID.com.example.app", .placeholderAppID, .error, "team ID"),
        ("<TEAM_ID>.com.example.app", .placeholderAppID, .error, "team ID"),
        ("$(AppIdentifierPrefix)com.example.app", .placeholderAppID, .error, "team ID"),
        ("XXXXXXXXXX.com.example.app", .placeholderAppID, .error, "team ID"),
        ("ABCDE12345", .appIDFormat, .error, "ABCDE12345.com.example.app"),
        ("ABCDE12345.", .appIDFormat, .error, "ABCDE12345.com.example.app"),
        ("abcde12345.com.example.app", .unusualAppID, .warning, "ABCDE12345.com.example.app"),
        ("ABCDE12345.com.example.my_app", .unusualAppID, .warning, "bundle ID"),
    ])
    func appIDsThatCanNeverMatchAreErrors(
        id: String, code: AASADiagnostic.Code, severity: AASADiagnostic.Severity, fix: String
    ) throws {
        let report = AASATestSupport.lint(Self.entry(#""components": [{"/": "/a"}]"#, app: #""appIDs": ["\#(id)"]"#))
        let diagnostic = try #require(report.diagnostics.first, "\(id)")
        #expect(report.diagnostics.count == 1, "\(report.diagnostics)")
        #expect(diagnostic.code == code)
        #expect(diagnostic.severity == severity)
        #expect(diagnostic.pointer == "/applinks/details/0/appIDs/0")
        #expect(diagnostic.fix.contains(fix), "\(diagnostic.fix)")
    }

    /// Wrong nesting: universal links are dead, so it is an error whose hint names the fix.
    @Test(arguments: [
        (#"{"details": [], "applinks": {}}"#, "/details", "applinks"),
        (#"{"appIDs": ["ABCDE12345.a"], "components": []}"#, "/appIDs", "details"),
        (#"{"applinks": {"appIDs": ["ABCDE12345.a"], "details": []}}"#, "/applinks/appIDs", "entry"),
        (#"{"applinks": {"components": [{"/": "/a"}], "details": []}}"#, "/applinks/components", "entry"),
        (#"{"applinks": {"paths": ["/a"], "details": []}}"#, "/applinks/paths", "entry"),
        (
            #"{"applinks": {"details": {"appIDs": ["ABCDE12345.a"], "components": [{"/": "/a"}]}}}"#,
            "/applinks/details", "brackets"
        ),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "/": "/a"}]}}"#, "/applinks/details/0/~1",
            "components"
        ),
        (#"{"webcredentials": {"apps": ["ABCDE12345.a"], "details": []}}"#, "/webcredentials/details", "apps"),
        (#"{"appclips": {"appIDs": ["ABCDE12345.a.Clip"]}}"#, "/appclips/appIDs", "rename it to 'apps'"),
        (#"{"messagefilter": {"apps": ["ABCDE12345.a"], "paths": ["*"]}}"#, "/messagefilter/paths", "apps"),
    ])
    func wrongNestingIsAnErrorThatNamesTheFix(file: String, pointer: String, fix: String) throws {
        let report = AASATestSupport.lint(file)
        let diagnostic = try #require(report.diagnostics.first { $0.code == .wrongNesting }, "\(report.diagnostics)")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.pointer == pointer)
        #expect(diagnostic.fix.contains(fix), "\(diagnostic.fix)")
        #expect(!report.codes.contains(.unknownKey) && !report.codes.contains(.wrongType), "\(report.diagnostics)")
    }

    @Test(arguments: cases)
    func badFileTriggersTheCodeAtThePointer(_ testCase: Case) throws {
        let report = AASATestSupport.lint(testCase.bad)
        let diagnostic = try #require(report.diagnostics.first { $0.code.rawValue == testCase.code })
        #expect(diagnostic.severity == testCase.severity)
        #expect(diagnostic.pointer == testCase.pointer)
        #expect(!diagnostic.message.isEmpty)
        #expect(!diagnostic.fix.isEmpty)
    }

    @Test(arguments: cases)
    func correctedFileDoesNotTriggerTheCode(_ testCase: Case) {
        let report = AASATestSupport.lint(testCase.good)
        #expect(!report.codes.contains(AASADiagnostic.Code(rawValue: testCase.code)), "\(report.diagnostics)")
        #expect(report.errorCount == 0, "\(report.diagnostics)")
    }

    @Test func sizeLimitIsCheckedBeforeParsing() {
        let big = [UInt8](repeating: UInt8(ascii: "["), count: AASAFile.maximumSize + 1)
        let report = AASALinter.lint(big, passes: [])
        #expect(report.diagnostics.map(\.code) == [.sizeLimit])
        let file = #"{"applinks": {"details": []}}"#
        let atLimit = Array(file.utf8) + [UInt8](repeating: 0x20, count: AASAFile.maximumSize - file.utf8.count)
        #expect(AASALinter.lint(atLimit, passes: []).diagnostics.isEmpty)
    }

    @Test(arguments: [
        ("text/html", true),
        ("application/octet-stream", true),
        ("application/json", false),
        ("Application/JSON; charset=utf-8", false),
    ])
    func contentTypeOtherThanJSONIsAWarning(contentType: String, warns: Bool) {
        let report = AASALinter.lint(
            Array(#"{"applinks": {"details": []}}"#.utf8), contentType: contentType, passes: [])
        #expect(report.codes.contains(.contentType) == warns)
        #expect(report.errorCount == 0)
    }

    @Test func contentTypeMessageFollowsAppleCurrentDocumentation() throws {
        let plain = try #require(
            AASALinter.lint(Array(#"{"applinks": {"details": []}}"#.utf8), contentType: "text/plain", passes: [])
                .diagnostics.first)
        #expect(plain.message.contains("application/json") && plain.message.contains("no longer needs to be signed"))
        let signed = try #require(
            AASALinter.lint(
                Array(#"{"applinks": {"details": []}}"#.utf8), contentType: "application/pkcs7-mime", passes: []
            ).diagnostics.first)
        #expect(signed.message.contains("no longer signed") && signed.fix.contains("unsigned"))
    }

    @Test func syntaxErrorsCarryLineAndColumn() throws {
        let report = AASATestSupport.lint("{\n  \"applinks\": {\n    \"details\": [,]\n  }\n}")
        let diagnostic = try #require(report.diagnostics.first)
        #expect(diagnostic.code == .jsonSyntax)
        #expect(diagnostic.line == 3)
        #expect(diagnostic.column == 17)
    }

    /// Syntax errors name what people actually type, at the offending character.
    @Test(arguments: [
        ("{\u{201C}applinks\u{201D}: {}}", 1, 2, "typographic quote '\u{201C}'"),
        ("{\"applinks\": {\"details\": [\u{2018}x\u{2019}]}}", 1, 27, "typographic quote '\u{2018}'"),
        ("{'applinks': {}}", 1, 2, "single quote"),
        ("{\n  // universal links\n  \"applinks\": {}\n}", 2, 3, "comment"),
        ("{\"applinks\": /* todo */ {}}", 1, 14, "comment"),
        ("{\"applinks\": {\"details\": [],\n}}", 1, 28, "trailing comma before '}'"),
        ("{\"applinks\": {\"details\": [{}, ]}}", 1, 29, "trailing comma before ']'"),
        ("{\"applinks\": \u{FEFF}{}}", 1, 14, "byte-order mark"),
    ])
    func syntaxMistakesAreNamed(text: String, line: Int, column: Int, message: String) throws {
        let report = AASATestSupport.lint(text)
        let diagnostic = try #require(report.diagnostics.first)
        #expect(report.diagnostics.count == 1)
        #expect(diagnostic.code == .jsonSyntax)
        #expect(diagnostic.message.hasPrefix(message), "\(diagnostic.message)")
        #expect(diagnostic.line == line && diagnostic.column == column, "\(diagnostic)")
        #expect(!diagnostic.fix.contains("JSON validator"), "\(diagnostic.fix)")
    }

    @Test func byteOrderMarksAreNamed() throws {
        let utf8 = AASALinter.lint([0xEF, 0xBB, 0xBF] + Array(#"{"applinks": {"details": []}}"#.utf8), passes: [])
        #expect(utf8.diagnostics.map(\.code) == [.byteOrderMark])
        #expect(utf8.diagnostics.first?.severity == .warning)
        #expect(utf8.file != nil)
        let utf16 = AASALinter.lint([0xFF, 0xFE] + Array("{}".utf8).flatMap { [$0, 0] }, passes: [])
        let diagnostic = try #require(utf16.diagnostics.first)
        #expect(diagnostic.code == .invalidUTF8)
        #expect(diagnostic.message.contains("UTF-16"))
    }

    @Test func unknownKeySuggestsTheCorrectSpelling() throws {
        let report = AASATestSupport.lint(Self.entry(#""components": [{"/": "/a", "casesensitive": false}]"#))
        let diagnostic = try #require(report.diagnostics.first { $0.code == .unknownKey })
        #expect(diagnostic.fix.contains("caseSensitive"))
    }

    @Test func workedExampleFileIsClean() {
        let report = AASATestSupport.lint(Self.entry(#""components": \#(AASAWorkedExampleTests.components)"#))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    }

    @Test func everyCodeHasATestCase() {
        let tested = Set(
            Self.cases.map(\.code) + [
                "size-limit", "invalid-utf8", "nesting-limit", "content-type", "analysis-skipped",
                // LinkCoverageTests' UnreachableRuleTests (the pass is LinkCoverage's)
                "unreachable-rule",
                // appIDsThatCanNeverMatchAreErrors
                "placeholder-app-id", "unusual-app-id",
                // byteOrderMarksAreNamed
                "byte-order-mark",
                // GrantsNothingTests
                "grants-nothing", "file-location",
            ])
        let all: [AASADiagnostic.Code] = [
            .jsonSyntax, .invalidUTF8, .nestingLimit, .sizeLimit, .notObject, .wrongType, .missingAppID, .emptyAppID,
            .appIDFormat, .teamIDLength, .queryNonString, .undefinedVariable, .malformedVariable, .nestedVariable,
            .invalidVariableName, .mixedAppIDComponents, .mixedAppIDsPaths, .appsNotEmpty, .hashInPath, .queryInPath,
            .excludeQueryWildcard, .unreachableRule, .unknownKey, .duplicateKey, .pathsIgnored, .unusedVariable,
            .contentType, .wrongNesting, .serviceWithoutApps, .analysisSkipped, .placeholderAppID, .unusualAppID,
            .applinksWithoutDetails, .emptyComponents, .notPrefix, .urlInPattern, .defaultsExclude, .leadingStarSlash,
            .byteOrderMark, .appClipsWithoutAppLinks, .grantsNothing, .fileLocation,
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

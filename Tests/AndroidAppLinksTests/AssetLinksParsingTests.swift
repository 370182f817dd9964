import FileLocations
import Testing

@testable import AndroidAppLinks

/// Reading `assetlinks.json` as Android's verifiers do: the configure-assetlinks guide's example and the package's
/// own cases (placeholders, dynamic rules, positions). Google's Digital Asset Links compatibility test vectors, as
/// the repository writes them, are in `DigitalAssetLinksCompatibilityTests` (and the includes in LinkDeploymentTests,
/// `AssetLinksFetchCompatibilityTests`).
@Suite struct AssetLinksParsingTests {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    static let documented = """
        [{
          "relation": ["delegate_permission/common.handle_all_urls"],
          "target": {
            "namespace": "android_app",
            "package_name": "com.example",
            "sha256_cert_fingerprints":
            ["\(fingerprint)"]
          }
        }]
        """

    func codes(_ text: String) throws -> [String] {
        try AssetLinksFile(parsing: text).diagnostics.map(\.code.rawValue)
    }

    @Test func readsTheDocumentedExample() throws {
        let file = try AssetLinksFile(parsing: Self.documented)
        #expect(file.diagnostics.isEmpty)
        #expect(file.statements.count == 1)
        #expect(file.statements[0].relations == [AssetLinksStatement.handleAllURLs])
        #expect(file.statements[0].target == .androidApp(packageName: "com.example", fingerprints: [Self.fingerprint]))
        #expect(file.statements[0].location == FileLocation(pointer: JSONPointer("/0"), line: 1, column: 2))
    }

    @Test func fatalProblemsThrowWithAPosition() {
        #expect {
            try AssetLinksFile(parsing: "[{\"relation\": [],}]")
        } throws: { error in
            let error = error as! AssetLinksError
            return error.kind == .invalidJSON && error.location.line == 1 && error.location.column == 17
        }
        #expect(throws: AssetLinksError.self) { try AssetLinksFile(parsing: #"{"relation": []}"#) }
        #expect {
            try AssetLinksFile(parsing: #"{"relation": []}"#)
        } throws: { ($0 as! AssetLinksError).kind == .notArray }
        #expect {
            try AssetLinksFile(parsing: Array(repeating: UInt8(ascii: " "), count: AssetLinksFile.maximumSize + 1))
        } throws: { ($0 as! AssetLinksError).kind == .tooLarge }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect {
            try AssetLinksFile(parsing: deep)
        } throws: { ($0 as! AssetLinksError).kind == .invalidJSON }
    }

    @Test func anEmptyListIsAnError() throws {
        let file = try AssetLinksFile(parsing: "[]")
        #expect(file.statements.isEmpty)
        #expect(file.diagnostics.map(\.code) == [.emptyList])
        #expect(file.diagnostics[0].severity == .error)
    }

    @Test func anInvalidStatementIsSkippedAndTheOthersCount() throws {
        let text = """
            [
              "not a statement",
              {"relation": ["delegate_permission/common.handle_all_urls"]},
              {"relation": ["Delegate_Permission/common.handle_all_urls"],
               "target": {"namespace": "android_app", "package_name": "a.b", "sha256_cert_fingerprints": ["\(Self.fingerprint)"]}},
              {"relation": ["delegate_permission/common.handle_all_urls"],
               "target": {"namespace": "android", "package_name": "a.b"}},
              \(Self.documented.dropFirst().dropLast())
            ]
            """
        let file = try AssetLinksFile(parsing: text)
        #expect(file.statements.count == 1)
        #expect(file.statements[0].location.pointer == JSONPointer("/4"))
        #expect(
            file.diagnostics.map(\.code) == [.invalidStatement, .invalidStatement, .relationFormat, .unknownNamespace])
        #expect(file.diagnostics[2].location.pointer == JSONPointer("/2/relation/0"))
        #expect(file.diagnostics[2].location.line == 4)
    }

    @Test(arguments: [
        (
            "14:6d:e9:83:c5:73:06:50:d8:ee:b9:95:2f:34:fc:64:16:a0:83:42:e6:1d:be:a8:8a:04:96:b2:3f:cf:44:e5",
            "fingerprint-format"
        ),
        (
            "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44",
            "fingerprint-format"
        ),
        ("146DE983C5730650D8EEB9952F34FC6416A08342E61DBEA88A0496B23FCF44E5", "fingerprint-format"),
        (
            "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:G5",
            "fingerprint-format"
        ),
        (
            "XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX:XX",
            "fingerprint-placeholder"
        ),
        ("SHA256_HERE", "fingerprint-placeholder"),
        ("DA:39:A3:EE:5E:6B:4B:0D:32:55:BF:EF:95:60:18:90:AF:D8:07:09", "fingerprint-format"),
    ])
    func badFingerprintsAreKeptAsWrittenAndReported(_ fingerprint: String, _ code: String) throws {
        let text =
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example", "sha256_cert_fingerprints": [""#
            + fingerprint + #""]}}]"#
        let file = try AssetLinksFile(parsing: text)
        #expect(try codes(text) == [code])
        #expect(file.diagnostics[0].location.pointer == JSONPointer("/0/target/sha256_cert_fingerprints/0"))
        // Kept as written: it never equals the app's fingerprint.
        let app = AndroidAppIdentity(packageName: "com.example", fingerprints: [Self.fingerprint])
        #expect(!file.verification(for: app).isVerified)
    }

    @Test(arguments: [
        (#""sha256_cert_fingerprints": []"#, "no-fingerprints"),
        (#""sha256_cert_fingerprints": "14:6D""#, "no-fingerprints"),
        ("", "no-fingerprints"),
    ])
    func aTargetWithoutFingerprintsIsSkipped(_ member: String, _ code: String) throws {
        let extra = member.isEmpty ? "" : ", " + member
        let text =
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example""#
            + extra + "}}]"
        let file = try AssetLinksFile(parsing: text)
        #expect(file.statements.isEmpty)
        #expect(file.diagnostics.map(\.code.rawValue) == [code])
    }

    @Test(arguments: ["", "example", "com..example", "1com.example", "com.ex-ample"])
    func invalidPackageNames(_ name: String) throws {
        let text =
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": ""#
            + name + #"", "sha256_cert_fingerprints": [""# + Self.fingerprint + #""]}}]"#
        #expect(try codes(text) == ["package-name"])
    }

    @Test func webTargetsAreOrigins() throws {
        func site(_ site: String) throws -> [String] {
            try codes(
                #"[{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": ""#
                    + site + #""}}]"#)
        }
        #expect(try site("https://example.com") == [])
        #expect(try site("https://example.com:8443") == [])
        #expect(try site("https://example.com/") == ["web-site"])
        #expect(try site("https://example.com/login") == ["web-site"])
        #expect(try site("https://example.com?x") == ["web-site"])
        #expect(try site("https://user@example.com") == ["web-site"])
        #expect(try site("example.com") == ["web-site"])
        // Regressions (comptest2205, comptest2207): the scheme in any case is an origin; a port outside 1-65535 is
        // not; a site that is not an origin skips its statement.
        #expect(try site("HtTpS://example.com") == [])
        #expect(try site("https://example.com:65535") == [])
        #expect(try site("https://example.com:999999") == ["web-site"])
        #expect(try site("https://example.com:0") == ["web-site"])
        #expect(try site("https://example.com:") == ["web-site"])
        let skipped = try AssetLinksFile(
            parsing: #"[{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "#
                + #""site": "https://example.com/login"}}]"#)
        #expect(skipped.statements.isEmpty)
    }

    @Test func includes() throws {
        let file = try AssetLinksFile(
            parsing: #"[{"include": "https://example.com/includes/statements.json", "note": 1}]"#)
        #expect(file.includes == ["https://example.com/includes/statements.json"])
        #expect(file.diagnostics.map(\.code) == [.unknownKey, .includeDepth])
        #expect(try codes(#"[{"include": "http://example.com/a.json"}]"#) == ["insecure-include"])
        // Regression (comptest5010): an include whose port is not a port is not fetched.
        let badPort = try AssetLinksFile(parsing: #"[{"include": "https://example.com:999999/a.json"}]"#)
        #expect(badPort.diagnostics.map(\.code) == [.insecureInclude])
        #expect(badPort.includes.isEmpty)
        #expect(
            try codes(
                #"[{"include": "https://example.com/a.json", "relation": ["delegate_permission/common.handle_all_urls"]}]"#
            )
                == ["include-with-target"])
    }

    @Test func relationsNeedHandleAllURLsForAppLinks() throws {
        let text =
            #"[{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "android_app", "package_name": "com.example", "sha256_cert_fingerprints": [""#
            + Self.fingerprint + #""]}}]"#
        let file = try AssetLinksFile(parsing: text)
        #expect(file.diagnostics.map(\.code) == [.noHandleAllURLs])
        let app = AndroidAppIdentity(packageName: "com.example", fingerprints: [Self.fingerprint])
        #expect(file.verification(for: app).failure == .noHandleAllURLs)
    }

    static func withRules(_ rules: String) -> String {
        #"[{"relation": ["delegate_permission/common.handle_all_urls"], "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": "#
            + rules
            + #"}}, "target": {"namespace": "android_app", "package_name": "com.example", "sha256_cert_fingerprints": [""#
            + fingerprint + #""]}}]"#
    }

    @Test func dynamicRulesAreReadInOrder() throws {
        let file = try AssetLinksFile(
            parsing: Self.withRules(
                ##"[{"/": "/private/*", "exclude": true, "comments": "staff"}, {"/": "/shop/*", "?": {"ref": "?*"}, "#": "top"}, {"/": "*"}]"##
            ))
        #expect(file.diagnostics.isEmpty)
        let rules = try #require(file.statements[0].dynamicRules)
        #expect(rules.map(\.path) == ["/private/*", "/shop/*", "*"])
        #expect(rules[0].exclude && !rules[1].exclude)
        #expect(rules[1].query == [.init(name: "ref", pattern: "?*")])
        #expect(rules[1].fragment == "top")
        #expect(
            rules[1].location.pointer?.text
                == "/0/relation_extensions/delegate_permission~1common.handle_all_urls/dynamic_app_link_components/1")
    }

    @Test(arguments: [
        #"[{"/": ""}]"#, #"[{"/": 5}]"#, #"[{"?": {}}]"#, #"[{"?": {"a": 1}}]"#, #"[{"exclude": "yes"}]"#,
        #"[{"path": "/a"}]"#, #"[{"/": "/a"}, 7]"#, #"{"/": "/a"}"#,
    ])
    func aMalformedRuleDiscardsThemAll(_ rules: String) throws {
        let file = try AssetLinksFile(parsing: Self.withRules(rules))
        #expect(file.statements[0].dynamicRules == nil)
        #expect(file.statements[0].dynamicRulesDiscarded)
        #expect(file.diagnostics.map(\.code) == [.dynamicRuleInvalid])
        #expect(file.diagnostics[0].severity == .error)
    }

    @Test func emptyAndExcludeOnlyRuleLists() throws {
        let empty = try AssetLinksFile(parsing: Self.withRules("[]"))
        #expect(empty.statements[0].dynamicRulesDiscarded)
        #expect(empty.diagnostics.map(\.code) == [.dynamicRuleInvalid])
        let excludeOnly = try AssetLinksFile(parsing: Self.withRules(#"[{"/": "/a/*", "exclude": true}]"#))
        #expect(excludeOnly.diagnostics.map(\.code) == [.dynamicRulesExcludeAll])
    }

    @Test func anExtensionForAnAbsentRelationIsReported() throws {
        let text =
            #"[{"relation": ["delegate_permission/common.get_login_creds"], "relation_extensions": {"delegate_permission/common.handle_all_urls": {}}, "target": {"namespace": "web", "site": "https://example.com"}}]"#
        #expect(try codes(text) == ["extension-without-relation"])
    }
}

import Testing

@testable import AndroidAppLinks

/// An `assetlinks.json` that grants nothing (a misspelled relation) is an error with the fix; a repository path the
/// server would not serve at `/.well-known/assetlinks.json` is a warning with the path it must have.
@Suite struct AssetLinksGrantsNothingTests {
    static func statement(_ relation: String) -> String {
        #"{"relation": ["\#(relation)"], "target": {"namespace": "android_app", "package_name": "com.example", "#
            + #""sha256_cert_fingerprints": ["\#(AssetLinksVerificationTests.release)"]}}"#
    }

    @Test(arguments: [
        "delegate_permission/common.handle_all_url", "delegate_permission/handle_all_urls",
        "delegate_permission/common.handle_all_urlz",
    ])
    func aMisspelledRelationGrantsNothing(_ relation: String) throws {
        let file = try AssetLinksFile(parsing: "[\(Self.statement(relation))]")
        let diagnostics = file.diagnostics
        #expect(diagnostics.map(\.code) == [.grantsNothing])
        #expect(diagnostics[0].severity == .error)
        #expect(diagnostics[0].location.pointer?.text == "/0/relation/0")
        #expect(diagnostics[0].fix == #"write "delegate_permission/common.handle_all_urls", not "\#(relation)""#)
    }

    @Test func aFileThatGrantsSomethingIsNotGrantsNothing() throws {
        // Credential sharing alone: no App Link, a warning as before.
        let creds = try AssetLinksFile(parsing: "[\(Self.statement("delegate_permission/common.get_login_creds"))]")
        #expect(creds.diagnostics.map(\.code) == [.noHandleAllURLs])
        let good = try AssetLinksFile(parsing: "[\(Self.statement("delegate_permission/common.handle_all_urls"))]")
        #expect(good.diagnostics.isEmpty)
        // An unknown relation far from every known one: grants nothing, with the general fix.
        let other = try AssetLinksFile(parsing: "[\(Self.statement("custom/relation"))]")
        #expect(other.diagnostics.map(\.code) == [.grantsNothing])
        #expect(other.diagnostics[0].location.pointer?.text == "")
        // Statements about sites only relate sites, with relations of any name (Google's compatibility tests).
        let web = try AssetLinksFile(
            parsing: #"[{"relation": ["navigate/yellow_brick_road"], "target": {"namespace": "web", "#
                + #""site": "https://example.com"}}]"#)
        #expect(web.diagnostics.isEmpty)
    }

    @Test(arguments: [
        ("public/.well_known/assetlinks.json", "public/.well-known/assetlinks.json"),
        ("web/.well-known/assetslinks.json", "web/.well-known/assetlinks.json"),
        ("static/.well-known/assetlinks.json.txt", "static/.well-known/assetlinks.json"),
        ("public/assetlinks.json", "public/.well-known/assetlinks.json"),
    ])
    func aPathTheServerWouldNotServeIsAWarning(_ path: String, _ expected: String) throws {
        let diagnostic = try #require(AndroidLintReport.fileLocation(assetLinksPath: path))
        #expect(diagnostic.code == .fileLocation)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.fix == "move the file to \(expected)")
    }

    @Test func pathsThatSayNothingAboutTheServerAreQuiet() {
        for path in ["Docs/Examples/assetlinks.json", "public/.well-known/assetlinks.json", "-", "assetlinks.json"] {
            #expect(AndroidLintReport.fileLocation(assetLinksPath: path) == nil)
        }
    }
}

import Foundation
import TestSupport
import Testing

/// End-to-end tests of `link-router assetlinks lint|match` and `app lint --manifest`, on the shipped examples.
@Suite struct AssetLinksCommandTests {
    static let examples = AASAFixtures.packageRoot + "/Docs/Examples/"
    static let file = examples + "assetlinks.json"
    static let manifest = examples + "AndroidManifest.xml"
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    static func scratch(_ text: String, name: String = "assetlinks.json") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assetlinks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func theExampleFileIsClean() throws {
        let run = try CommandRunner.run(["assetlinks", "lint", Self.file])
        #expect(run.status == 0)
        #expect(run.stdout == "no problems found\n")
    }

    @Test func findingsExitOneWithPositionsInEveryFormat() throws {
        let path = try Self.scratch(
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "#
                + #""package_name": "com.example", "sha256_cert_fingerprints": ["SHA256_HERE"]}}]"#)
        let text = try CommandRunner.run(["assetlinks", "lint", path])
        #expect(text.status == 1)
        #expect(
            text.stdout.contains(
                ":1:162 /0/target/sha256_cert_fingerprints/0: error[fingerprint-placeholder]: 'SHA256_HERE' is a "
                    + "placeholder"))
        let json = try CommandRunner.run(["assetlinks", "lint", path, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["errors"] as? Int == 1)
        let diagnostic = try #require((object["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["file"] as? String == "assetlinks")
        #expect(diagnostic["pointer"] as? String == "/0/target/sha256_cert_fingerprints/0")
        #expect(diagnostic["line"] as? Int == 1 && diagnostic["column"] as? Int == 162)
        let sarif = try CommandRunner.run(["assetlinks", "lint", path, "--format", "sarif"])
        #expect(sarif.status == 1)
        #expect(SARIFValidator.problems(in: sarif.stdout) == [])
        let github = try CommandRunner.run(["assetlinks", "lint", path, "--format", "github"])
        #expect(github.stdout.hasPrefix("::error file=\(path),line=1,col=162,title=fingerprint-placeholder::"))
    }

    @Test func unreadableInputExitsTwo() throws {
        #expect(try CommandRunner.run(["assetlinks", "lint", Self.examples + "missing.json"]).status == 2)
        #expect(try CommandRunner.run(["assetlinks", "lint"]).status == 2)
        let run = try CommandRunner.run([
            "assetlinks", "match", try Self.scratch("{}"), "--package", "a.b", "--fingerprint", Self.fingerprint,
            "https://e.com/",
        ])
        #expect(run.status == 2)
        #expect(run.stderr.contains("not an array"))
    }

    static func match(_ urls: [String], _ extra: [String] = []) throws -> CommandRunner.Result {
        try CommandRunner.run(
            [
                "assetlinks", "match", file, "--package", "com.example.app", "--fingerprint", fingerprint,
                "--manifest", manifest, "--define", "webHost=example.com",
            ] + extra + urls)
    }

    @Test func theExampleDecidesEachVerdict() throws {
        let run = try Self.match([
            "https://example.com/promotion/7", "https://example.com/orders/1", "https://shop.example.com/help/faq",
            "shop://cart",
        ])
        #expect(run.status == 0)
        let verdicts = run.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map {
            $0.split(separator: " ", omittingEmptySubsequences: true)[1]
        }
        #expect(verdicts == ["opens", "excluded", "no-filter", "opens"])
        #expect(run.stdout.contains("  data: scheme=https host=example.com pathPrefix=/promotion/\n"))
    }

    @Test func jsonKeysAreTheDocumentedOnes() throws {
        let run = try Self.match(["https://www.example.com/promotion/7"], ["--format", "json", "--explain"])
        let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("  {") || $0.hasPrefix("{") })
        let text = line.trimmingCharacters(in: CharacterSet(charactersIn: " ,"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["url", "verdict", "reason", "filter", "data", "host", "dynamicRule", "filters"])
        #expect(object["verdict"] as? String == "opens")
        let host = try #require(object["host"] as? [String: Any])
        #expect(host["declared"] as? String == "*.example.com")
        #expect(host["file"] as? String == "example.com")
        #expect(host["verified"] as? Bool == true)
        let filters = try #require(object["filters"] as? [[String: Any]])
        #expect(filters.map { $0["accepted"] as? Bool } == [true, false])
    }

    @Test func appLintReadsTheManifestAndNamesTheExamplesMistake() throws {
        let run = try CommandRunner.run([
            "app", "lint", "--manifest", Self.manifest, "--define", "webHost=example.com",
        ])
        #expect(run.status == 0)
        #expect(run.stdout.contains("AndroidManifest.xml:17:23: warning[literal-star]: "))
        let unresolved = try CommandRunner.run(["app", "lint", "--manifest", Self.manifest])
        #expect(unresolved.stdout.contains("warning[unresolved-placeholder]"))
        #expect(try CommandRunner.run(["app", "lint"]).status == 2)
        let hostile = try Self.scratch(
            "<!DOCTYPE m [<!ENTITY a \"b\">]><manifest/>", name: "AndroidManifest.xml")
        let refused = try CommandRunner.run(["app", "lint", "--manifest", hostile])
        #expect(refused.status == 1)
        #expect(
            refused.stdout.contains(
                "AndroidManifest.xml:1:13: error[xml-syntax]: the document type has an internal subset"),
            "\(refused.stdout)")
    }

    // MARK: Both files together: assetlinks lint FILE --manifest M --package P --fingerprint HEX

    static let together = [
        "assetlinks", "lint", file, "--manifest", manifest, "--define", "webHost=example.com", "--package",
        "com.example.app",
    ]

    @Test func bothFilesTogetherVerifyEveryAutoVerifyHostAndNameTheWildcardsFile() throws {
        let run = try CommandRunner.run(Self.together + ["--fingerprint", Self.fingerprint])
        #expect(run.status == 0)
        #expect(run.stdout.contains("AndroidManifest.xml:17:23: warning[literal-star]: "))
        #expect(
            run.stdout.contains(
                "AndroidManifest.xml:11:23: info[wildcard-file-host]: *.example.com is verified with "
                    + "https://example.com/.well-known/assetlinks.json (the bare domain), not a subdomain's file\n"))
        #expect(!run.stdout.contains("host-not-verified"))
    }

    @Test func aWrongFingerprintLeavesEveryAutoVerifyHostUnverifiedAtItsLine() throws {
        let upload = "00" + Self.fingerprint.dropFirst(2)
        let run = try CommandRunner.run(Self.together + ["--fingerprint", upload, "--format", "json"])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let hosts = diagnostics.filter { $0["code"] as? String == "host-not-verified" }
        #expect(hosts.map { $0["file"] as? String } == ["manifest", "manifest"])
        #expect(hosts.map { $0["line"] as? Int } == [10, 11])
        #expect(
            (hosts.first?["message"] as? String)?.hasPrefix(
                "example.com is not verified: the assetlinks.json of example.com does not verify the app: it lists 1 "
                    + "fingerprint for com.example.app, none of the app's") == true)
        #expect(object["errors"] as? Int == 2)
    }

    @Test func anotherPackageIsNamedAndACertificateGivesTheFingerprint() throws {
        let run = try CommandRunner.run(
            [
                "assetlinks", "lint", Self.file, "--manifest", Self.manifest, "--define", "webHost=example.com",
                "--package", "com.example.other", "--fingerprint", Self.fingerprint,
            ])
        #expect(run.status == 1)
        #expect(run.stdout.contains("it names com.example.app, not com.example.other"))
    }

    @Test(arguments: [
        (
            ["assetlinks", "lint", file, "--package", "com.example.app", "--fingerprint", fingerprint],
            "`--package` needs `--manifest FILE`"
        ),
        (
            ["assetlinks", "lint", file, "--manifest", manifest, "--fingerprint", fingerprint],
            "`--fingerprint` and `--certificate` need `--package`"
        ),
        (
            ["assetlinks", "lint", file, "--manifest", manifest, "--package", "com.example.app"],
            "missing `--fingerprint HEX` or `--certificate FILE`"
        ),
    ])
    func bothFilesTogetherNeedTheManifestAndTheWholeIdentity(_ arguments: [String], _ message: String) throws {
        let run = try CommandRunner.run(arguments)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }
}

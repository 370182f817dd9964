import Foundation
import TestSupport
import Testing

/// End-to-end tests of `link-router assetlinks generate`, running the built binary on the shipped example routes (the
/// text format's whole output on them is Docs/Android.md's transcript, which DocsTests runs).
@Suite struct AssetLinksGenerateCommandTests {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let app = ["--package", "com.example.app", "--fingerprint", fingerprint]

    static func generate(_ extra: [String]) throws -> CommandRunner.Result {
        try CommandRunner.run(["assetlinks", "generate", "--routes", AppFileFixtures.routes] + app + extra)
    }

    @Test func theExampleRoutesGiveTheExpectedFilesAndTheirDifferences() throws {
        let filters = FileManager.default.temporaryDirectory.appendingPathComponent("filters-\(UUID().uuidString).xml")
        let json = try Self.generate(["--intent-filters", filters.path, "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["assetlinks", "intentFilters", "hosts", "differences", "exact"])
        #expect(object["hosts"] as? [String] == ["example.com", "*.example.com", "stores.example.com"])
        let written = try String(contentsOf: filters, encoding: .utf8)
        #expect(written == object["intentFilters"] as? String)
        #expect(written.contains(#"<data android:pathAdvancedPattern="/promotion/[^/]+" /> <!-- promotion -->"#))
        #expect(written.contains(#"<data android:pathAdvancedPattern="/product/[0-9]+" /> <!-- product -->"#))
        #expect(written.contains(#"<data android:path="/help" /> <!-- help -->"#))
        let differences = try #require(object["differences"] as? [[String: Any]])
        #expect(!differences.isEmpty)
        #expect(object["exact"] as? Bool == false)
        for difference in differences {
            #expect((difference["example"] as? String)?.hasPrefix("https://") == true, "\(difference)")
        }
    }

    @Test func badInputExitsTwoWithWhatIsWrong() throws {
        let noPackage = try CommandRunner.run(
            ["assetlinks", "generate", "--routes", AppFileFixtures.routes, "--fingerprint", Self.fingerprint])
        #expect(noPackage.status == 2)
        #expect(noPackage.stderr.contains("--package"))
        let badPackage = try CommandRunner.run(
            [
                "assetlinks", "generate", "--routes", AppFileFixtures.routes, "--package", "app", "--fingerprint",
                Self.fingerprint,
            ])
        #expect(badPackage.status == 2)
        #expect(badPackage.stderr.contains("'app' is not an Android package name"))
        let noFingerprint = try CommandRunner.run(
            ["assetlinks", "generate", "--routes", AppFileFixtures.routes, "--package", "com.example.app"])
        #expect(noFingerprint.status == 2)
        #expect(noFingerprint.stderr.contains("--fingerprint"))
        let badHost = try Self.generate(["--host", "other.org"])
        #expect(badHost.status == 2)
        #expect(badHost.stderr.contains("the routes serve no https URL on other.org"))
        let badSDK = try Self.generate(["--min-sdk", "zero"])
        #expect(badSDK.status == 2)
        let toStandardOutput = try Self.generate(["--intent-filters", "-"])
        #expect(toStandardOutput.status == 2)
        #expect(toStandardOutput.stderr.contains("`--intent-filters` needs a file"))
    }
}

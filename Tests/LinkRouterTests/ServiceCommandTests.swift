import Foundation
import TestSupport
import Testing

/// End-to-end: `doctor --service` and `check --entitlements` for the services beside applinks (issue 28).
@Suite struct ServiceCommandTests {
    static func doctor(_ arguments: [String]) throws -> CommandRunner.Result {
        try CommandRunner.run(["doctor"] + arguments)
    }

    @Test func doctorWalksAWebCredentialsHostWithoutRoutes() throws {
        let entitlements = try AppFileFixtures.entitlements(["webcredentials:example.com"])
        let ok = try Self.doctor(
            [
                "--service", "webcredentials", "example.com", "--entitlements", entitlements, "--aasa",
                AppFileFixtures.aasa,
            ])
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(ok.stdout.hasPrefix("webcredentials:example.com: granted to ABCDE12345.com.example.app\n"))
        let json = try Self.doctor(
            [
                "--service", "webcredentials", "example.com", "--entitlements", entitlements, "--format", "json",
            ])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["service"] as? String == "webcredentials")
        #expect(object["url"] as? String == "example.com")
    }

    @Test(arguments: [
        (
            ["--service", "applinks", "example.com"],
            "`--service` takes webcredentials, appclips or activitycontinuation"
        ),
        (["--service", "passwords", "example.com"], "not `passwords`"),
        (["https://example.com/"], "missing `--routes <value>`"),
    ])
    func doctorsUsageErrorsExitTwo(arguments: [String], message: String) throws {
        let entitlements = try AppFileFixtures.entitlements(["webcredentials:example.com"])
        let result = try Self.doctor(arguments + ["--entitlements", entitlements])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func checkNamesBothFilesOfAServiceGap() throws {
        let entitlements = try AppFileFixtures.entitlements(["applinks:example.com", "appclips:example.com"])
        let result = try CommandRunner.run(
            [
                "check", "--entitlements", entitlements, "--routes", AppFileFixtures.routes, "--aasa",
                "example.com=" + AppFileFixtures.aasa, "--format", "sarif",
            ])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\"ruleId\": \"service-without-section\""), "\(result.stdout)")
        #expect(SARIFValidator.problems(in: result.stdout) == [])
        // The JSON names both places: the entitlements' entry and the site's file.
        let json = try CommandRunner.run(
            [
                "check", "--entitlements", entitlements, "--routes", AppFileFixtures.routes, "--aasa",
                "example.com=" + AppFileFixtures.aasa, "--format", "json",
            ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let gaps = try #require(object["gaps"] as? [[String: Any]])
        let gap = try #require(gaps.first { $0["kind"] as? String == "service-without-section" })
        #expect(gap["file"] as? String == "entitlements")
        #expect(gap["pointer"] as? String == "/com.apple.developer.associated-domains/1")
        let also = try #require(gap["also"] as? [String: Any])
        #expect(also["file"] as? String == "aasa")
        #expect(also["pointer"] as? String == "")
        let domains = try #require(object["domains"] as? [[String: Any]])
        #expect(domains.map { $0["service"] as? String } == [nil, "appclips"])
    }
}

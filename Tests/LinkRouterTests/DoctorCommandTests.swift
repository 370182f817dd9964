import Foundation
import TestSupport
import Testing

/// End-to-end tests of `link-router doctor`, running the built binary (online mode against loopback only).
@Suite struct DoctorCommandTests {
    static func doctor(
        _ url: String, entries: [String] = ["applinks:example.com", "applinks:*.example.com"],
        schemes: [String]? = ["shop"], _ extra: [String] = ["--aasa", AppFileFixtures.aasa],
        environment: [String: String]? = nil
    ) throws -> CommandRunner.Result {
        var arguments = ["doctor", url, "--entitlements", try AppFileFixtures.entitlements(entries)]
        if let schemes { arguments += ["--info-plist", try AppFileFixtures.infoPlist(schemes)] }
        return try CommandRunner.run(
            arguments + ["--routes", AppFileFixtures.routes] + extra, environment: environment)
    }

    static func json(_ result: CommandRunner.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func theExampleMistakeIsTheFirstBrokenLink() throws {
        let result = try Self.doctor(
            "https://example.com/promotion/7", entries: ["applinks:*.example.com", "webcredentials:example.com"])
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix(
                "https://example.com/promotion/7: does not open the app for ABCDE12345.com.example.app: the first "
                    + "broken link is `entitlement`\n"))
        #expect(
            result.stdout.contains("\nfix: add applinks:example.com to com.apple.developer.associated-domains in /"))
        #expect(result.stdout.hasSuffix("/App.entitlements\n"))
    }

    @Test func aWorkingLinkExitsZero() throws {
        let result = try Self.doctor("https://example.com/promotion/7")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.hasPrefix(
                "https://example.com/promotion/7: opens the app for ABCDE12345.com.example.app, and route `promotion` handles it\n"
            ))
    }

    @Test func jsonListsTheStepsInOrderAndNamesTheFirstBroken() throws {
        let result = try Self.doctor(
            "https://example.com/help/internal/x", ["--aasa", AppFileFixtures.aasa, "--format", "json"])
        #expect(result.status == 1)
        let object = try Self.json(result)
        #expect(object["firstBroken"] as? String == "rule")
        #expect(object["ok"] as? Bool == false)
        let steps = try #require(object["steps"] as? [[String: Any]])
        #expect(steps.map { $0["step"] as? String } == ["url", "entitlement", "file", "rule", "scheme", "route"])
        #expect(steps.map { $0["verdict"] as? String } == ["ok", "ok", "ok", "broken", "skipped", "ok"])
        #expect(steps.allSatisfy { $0["message"] is String })
    }

    /// Every iOS step writes `"places"`, as Android's do (one shape): the entitlements entry by its line, column
    /// and key path, the file's deciding rule, the route; `[]` for a step with no file behind it.
    @Test func jsonWritesThePlacesOfEveryIOSStep() throws {
        let examples = AppFileFixtures.examples
        let result = try CommandRunner.run([
            "doctor", "https://example.com/promotion/7", "--entitlements", examples + "App.entitlements",
            "--info-plist", examples + "Info.plist", "--routes", AppFileFixtures.routes, "--aasa", AppFileFixtures.aasa,
            "--format", "json",
        ])
        #expect(result.status == 1, "\(result.stderr)")
        let steps = try #require(Self.json(result)["steps"] as? [[String: Any]])
        let places = steps.map { step in
            (step["places"] as? [[String: Any]])?.map { place in
                ["file", "pointer", "line", "column"].map { key in place[key].map { "\($0)" } ?? "absent" }
                    .joined(separator: " ")
            }
        }
        #expect(
            places == [
                [], ["entitlements /com.apple.developer.associated-domains/0 11 3"], [],
                ["site:example.com /applinks/details/0/components/2 <null> <null>"], [],
                ["routes /routes/1 <null> <null>"],
            ])
    }

    @Test func aCustomSchemeNeedsNoFile() throws {
        let result = try Self.doctor("shop://cart", [])
        #expect(result.status == 0)
        let undeclared = try Self.doctor("shop://cart", schemes: ["other"], [])
        #expect(undeclared.status == 1)
        #expect(undeclared.stdout.contains("the first broken link is `scheme`"))
    }

    @Test func withoutAFileTheLinkIsNotVerified() throws {
        let result = try Self.doctor("https://example.com/promotion/7", [])
        #expect(result.status == 1)
        #expect(result.stdout.contains("not verified"))
    }

    @Test(arguments: [
        ([String](), "missing URL"),
        (["https://a.example.com", "https://b.example.com"], "`doctor` takes one URL, got 2"),
    ])
    func usageErrorsExitTwo(urls: [String], message: String) throws {
        let result = try CommandRunner.run(
            ["doctor"] + urls + [
                "--entitlements", try AppFileFixtures.entitlements([]), "--routes", AppFileFixtures.routes,
            ])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message))
    }

    @Test func fetchOptionsNeedFetchAndExcludeAFile() throws {
        let origin = try Self.doctor("https://example.com/p", ["--origin", "http://127.0.0.1:1"])
        #expect(origin.status == 2)
        #expect(origin.stderr.contains("go with `--fetch`"))
        let both = try Self.doctor("https://example.com/p", ["--aasa", AppFileFixtures.aasa, "--fetch"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("give either `--aasa DOMAIN=FILE`... or `--fetch`, not both"))
    }

    @Test func malformedEntitlementsAreAnInputErrorWithTheirPosition() throws {
        let path = try AppFileFixtures.file(
            "Bad.entitlements", "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>a</key>\n</plist>\n")
        let result = try CommandRunner.run(
            ["doctor", "https://example.com/", "--entitlements", path, "--routes", AppFileFixtures.routes])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Bad.entitlements:"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func anUnresolvedVariableIsNamedNotTakenAsAHost() throws {
        let result = try Self.doctor("https://example.com/", entries: ["applinks:$(ASSOCIATED_DOMAIN)"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("$(ASSOCIATED_DOMAIN) is not defined (give --define ASSOCIATED_DOMAIN=VALUE)"))
        let defined = try Self.doctor(
            "https://example.com/promotion/7", entries: ["applinks:$(ASSOCIATED_DOMAIN)"],
            ["--aasa", AppFileFixtures.aasa, "--define", "ASSOCIATED_DOMAIN=example.com"])
        #expect(defined.status == 0, "\(defined.stdout)\(defined.stderr)")
    }

    @Test func onlineTheCDNCopyDecides() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        // The stale CDN copy has no /category/* rule: devices do not open the app, though the origin would.
        let result = try Self.doctor(
            "https://example.com/category/shoes/2",
            ["--fetch", "--origin", server.url("good"), "--cdn", server.url("cdn-stale")],
            environment: LoopbackServer.environment)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("file         ok       Apple's CDN copy for example.com, stale"))
        #expect(result.stdout.contains("the first broken link is `rule`"))
        let current = try Self.doctor(
            "https://example.com/category/shoes/2",
            ["--fetch", "--origin", server.url("good"), "--cdn", server.url("cdn")],
            environment: LoopbackServer.environment)
        #expect(current.status == 0, "\(current.stdout)\(current.stderr)")
    }

    @Test func onlineACDNMissBreaksTheFileLink() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let result = try Self.doctor(
            "https://example.com/promotion/7",
            ["--fetch", "--origin", server.url("good"), "--cdn", server.url("nothing-here")],
            environment: LoopbackServer.environment)
        #expect(result.status == 1)
        #expect(result.stdout.contains("the first broken link is `file`"), "\(result.stdout)")
        #expect(result.stdout.contains("Apple's CDN has no copy of the file for example.com"))
    }

    @Test func onlineAnOriginThatRefusesBreaksTheFileLinkWithoutTheCDN() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let result = try Self.doctor(
            "https://example.com/promotion/7",
            ["--fetch", "--origin", "http://127.0.0.1:\(server.closedPort)", "--no-cdn"],
            environment: LoopbackServer.environment)
        #expect(result.status == 1)
        #expect(result.stdout.contains("example.com serves no valid file"), "\(result.stdout)")
    }

    /// The shipped example's Android manifest, build variable and identity, as options.
    static let exampleAndroidApp = [
        "--manifest", AppFileFixtures.examples + "AndroidManifest.xml", "--define", "webHost=example.com", "--package",
        "com.example.app", "--fingerprint",
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5",
    ]

    @Test func bothPlatformsNameTheShippedExamplesMistakesInOneRun() throws {
        let examples = AppFileFixtures.examples
        let android =
            Self.exampleAndroidApp + ["--assetlinks", examples + "assetlinks.json", "--routes", AppFileFixtures.routes]
        let result = try CommandRunner.run(
            [
                "doctor", "https://example.com/help/faq", "--entitlements", examples + "App.entitlements", "--aasa",
                AppFileFixtures.aasa,
            ] + android + ["--format", "json"])
        #expect(result.status == 1, "\(result.stderr)")
        let object = try Self.json(result)
        #expect((object["ios"] as? [String: Any])?["firstBroken"] as? String == "entitlement")
        #expect((object["android"] as? [String: Any])?["firstBroken"] as? String == "filter")
        // Android's options without --manifest are refused, not ignored.
        let refused = try CommandRunner.run(
            [
                "doctor", "https://example.com/help/faq", "--entitlements", examples + "App.entitlements", "--package",
                "com.example.app", "--routes", AppFileFixtures.routes,
            ])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("go with `--manifest FILE`"))
    }

    /// `--aasa DOMAIN=FILE` and `--assetlinks HOST=FILE`, the forms `check` takes, read the file of the URL's host
    /// (other domains' entries are not read), as the plain `FILE` forms do; none for the host is refused.
    @Test func checksDomainFileFormsGiveWhatThePlainFormsGive() throws {
        let examples = AppFileFixtures.examples
        let identity =
            Self.exampleAndroidApp + [
                "--routes", AppFileFixtures.routes, "--entitlements", examples + "App.entitlements",
            ]
        let url = "https://example.com/promotion/7"
        let plain = try CommandRunner.run(
            ["doctor", url, "--aasa", AppFileFixtures.aasa, "--assetlinks", examples + "assetlinks.json"] + identity)
        let pairs = try CommandRunner.run(
            [
                "doctor", url, "--aasa", "other.example=" + examples + "missing.json", "--aasa",
                "EXAMPLE.com=" + AppFileFixtures.aasa, "--assetlinks", "example.com=" + examples + "assetlinks.json",
                "--assetlinks", "other.example=" + examples + "missing.json",
            ] + identity)
        #expect(pairs.status == plain.status, "\(pairs.stderr)")
        #expect(pairs.stdout == plain.stdout)
        #expect(pairs.stdout.contains("promotion"))
        let serviceArguments = [
            "doctor", "--service", "webcredentials", "example.com", "--entitlements", examples + "App.entitlements",
            "--aasa",
        ]
        let service = try CommandRunner.run(serviceArguments + ["example.com=" + AppFileFixtures.aasa])
        let servicePlain = try CommandRunner.run(serviceArguments + [AppFileFixtures.aasa])
        #expect(service.status == servicePlain.status, "\(service.stderr)")
        #expect(service.stdout == servicePlain.stdout)
        let none = try Self.doctor(url, ["--aasa", "other.example=" + AppFileFixtures.aasa])
        #expect(none.status == 2)
        #expect(none.stderr.contains("`--aasa` names no file for example.com: give `--aasa example.com=FILE`"))
        let twice = try Self.doctor(url, ["--aasa", AppFileFixtures.aasa, "--aasa", "example.com=x"])
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("for several, give `--aasa DOMAIN=FILE` each"))
    }
}

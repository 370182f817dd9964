import Foundation
import LinkRouter
import TestSupport
import Testing

/// `link-router assetlinks fetch` end to end: the built binary against the local server of `aasa fetch` on
/// 127.0.0.1 (`Fixtures/AASAFetch/aasa-server.py`), every host fetched from `--origin 'http://127.0.0.1:PORT/{host}'`,
/// so that one run fetches several hosts and no test reaches any other address.
@Suite struct AssetLinksFetchCommandTests {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// Runs `link-router assetlinks fetch <arguments> --origin http://127.0.0.1:PORT/{host}` against a fresh server.
    static func fetch(_ arguments: [String], check: (LoopbackServer, CommandRunner.Result) throws -> Void) throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let result = try CommandRunner.run(
            ["assetlinks", "fetch"] + arguments + ["--origin", server.url("{host}")],
            environment: LoopbackServer.environment)
        try check(server, result)
    }

    static func report(_ result: CommandRunner.Result) throws -> AssetLinksFetchReport {
        try JSONDecoder().decode(AssetLinksFetchReport.self, from: Data(result.stdout.utf8))
    }

    @Test func everyAutoVerifyHostOfTheManifestGetsAVerdictFromOneFetchOfItsFile() throws {
        let manifest = PackagePaths.path("Docs/Examples/AndroidManifest.xml")
        try Self.fetch(
            [
                "--manifest", manifest, "--define", "webHost=good.example", "--package", "com.example.app",
                "--fingerprint", Self.fingerprint,
            ]
        ) { server, result in
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.stdout == """
                    fetched as link-router (User-Agent: link-router (assetlinks fetch)), within 5 seconds in all
                    GET \(server.url("good.example/.well-known/assetlinks.json"))
                        200, 545 bytes, application/json

                    hosts for com.example.app:
                      good.example    verified
                      *.good.example  verified  (the file of good.example)

                    2 hosts, 2 verified: 0 errors, 0 warnings

                    """)
        }
    }

    @Test func anotherPackageIsNotVerifiedAndFailsTheCheck() throws {
        try Self.fetch(
            ["good.example", "--package", "com.other.app", "--fingerprint", Self.fingerprint, "--format", "json"]
        ) { _, result in
            #expect(result.status == 1)
            let report = try Self.report(result)
            #expect(report.hosts.map(\.verdict) == [.notVerified])
            #expect(report.findings.map(\.code.rawValue) == ["host-not-verified"])
        }
    }

    @Test func includesAreFetchedAndADiscardedOneIsAWarning() throws {
        try Self.fetch(["includes.example", "--package", "com.example.app", "--fingerprint", Self.fingerprint]) {
            server, result in
            #expect(result.status == 0, "\(result.stdout)")
            #expect(result.stdout.contains("  include https://include.example/shared.json (depth 1)\n"))
            #expect(result.stdout.contains("    GET \(server.url("include.example/shared.json"))\n"))
            #expect(result.stdout.contains("    200, 545 bytes, application/json, 1 statement\n"))
            #expect(
                result.stdout.contains(
                    "warning[include-unavailable] \(server.url("include.example/missing.json")): the include is "
                        + "discarded: the file is not served: the server answers 404; only 200 counts\n"))
            #expect(result.stdout.contains("  includes.example  verified\n"))
        }
    }

    @Test func aWrongContentTypeIsAWarningThatSaysBothVerifiersBehaviour() throws {
        try Self.fetch(["wrong-type.example"]) { server, result in
            #expect(result.status == 0)
            #expect(
                result.stdout.contains(
                    "warning[content-type] \(server.url("wrong-type.example/.well-known/assetlinks.json")): the file "
                        + "is served as text/html; charset=utf-8: Google's Digital Asset Links API (the verifier of "
                        + "phones with Google Play services) requires application/json; AOSP's verifier does not "
                        + "check it\n"))
            #expect(result.stdout.contains("  wrong-type.example  served\n"))
        }
    }

    /// The servers of `aasa fetch` that never finish, in one run (the requests run concurrently): a slow drip and
    /// silence end in a timeout at the deadline (1 s here, so the suite stays quick), whatever they keep sending.
    @Test func aServerThatNeverFinishesEndsInATimeoutAtTheDeadlineAsForAASAFetch() throws {
        let hosts = ["drip.example", "silent.example"]
        try Self.fetch(hosts + ["--timeout", "1", "--format", "json"]) { _, result in
            #expect(result.status == 1)
            #expect(result.stderr.isEmpty)
            let report = try Self.report(result)
            #expect(report.hosts.map(\.host) == hosts)
            #expect(report.hosts.map(\.verdict) == [.notServed, .notServed])
            #expect(report.sites.map { $0.findings.map(\.code.rawValue) } == [["timeout"], ["timeout"]])
            #expect(report.sites.map(\.request.failure) == [.timedOut, .timedOut])
            #expect(report.sites.first?.request.partialStatus == 200)
            #expect(report.timeout == .seconds(1))
        }
    }

    /// The servers of `aasa fetch` that misbehave visibly, each ending at once in its own finding well before the
    /// deadline (a generous one: reading 1 MiB is slow under the thread sanitizer): an endless body and a
    /// compression bomb at the 1 MiB limit (reading stops there, in bounded memory), a redirect at the first
    /// redirect (showing where it points), a redirect loop likewise. One run each, as for `aasa fetch`: under the
    /// thread sanitizer, reading an endless body in the same run as the others slowed them past a 30 s deadline.
    @Test(arguments: [
        ("endless.example", AssetLinksFetchReport.Verdict.invalid, "size-limit", true, 1_048_577, "1 MiB"),
        ("bomb.example", .invalid, "size-limit", true, 1_048_577, "1 MiB"),
        (
            "redirect.example", .notServed, "redirect", false, 0,
            "the file is not served: the server redirects (301) to "
                + "https://www.example.com/.well-known/assetlinks.json, and Android does not follow redirects"
        ),
        ("redirect-loop.example", .notServed, "redirect", false, 0, "to this same URL (a loop)"),
    ])
    func aServerThatMisbehavesVisiblyEndsInItsOwnFindingAsForAASAFetch(
        host: String, verdict: AssetLinksFetchReport.Verdict, code: String, truncated: Bool, bytes: Int,
        message: String
    ) throws {
        try Self.fetch([host, "--timeout", "120", "--format", "json"]) { _, result in
            #expect(result.status == 1)
            #expect(result.stderr.isEmpty)
            let report = try Self.report(result)
            #expect(report.hosts.map(\.verdict) == [verdict])
            #expect(report.sites.map { $0.findings.map(\.code.rawValue) } == [[code]])
            #expect(report.sites.map(\.request.truncated) == [truncated])
            #expect(report.sites.map(\.request.bytes) == [bytes])
            if code == "redirect" {
                #expect(report.sites.first?.findings.first?.message.contains(message) == true)
            }
        }
    }

    @Test func saveWritesEachServedBodyAndAnnotationsPointIntoIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assetlinks-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.fetch(["good.example", "redirect.example", "--save", directory, "--format", "github"]) {
            server, result in
            #expect(result.status == 1)
            let saved = try Data(contentsOf: URL(fileURLWithPath: directory + "/good.example.json"))
            #expect(
                saved
                    == (try Data(contentsOf: URL(fileURLWithPath: PackagePaths.path("Docs/Examples/assetlinks.json")))))
            #expect(!FileManager.default.fileExists(atPath: directory + "/redirect.example.json"))
            #expect(
                result.stdout.hasPrefix(
                    "::error title=redirect::\(server.url("redirect.example/.well-known/assetlinks.json")): the file "
                        + "is not served"))
        }
    }

    @Test(arguments: [
        (["assetlinks", "fetch"], "missing HOST or `--manifest FILE`"),
        (["assetlinks", "fetch", "exa mple.com"], "HOST must be a host name"),
        (
            ["assetlinks", "fetch", "--manifest", PackagePaths.path("Docs/Examples/AndroidManifest.xml")],
            "no autoVerify filter declares a host to verify; "
        ),
        (["assetlinks", "fetch", "example.com", "--origin", "http://example.com"], "only for loopback"),
        (["assetlinks", "fetch", "example.com", "--fingerprint", fingerprint], "need `--package NAME`"),
        (["assetlinks", "fetch", "example.com", "--package", "com.example.app"], "missing `--fingerprint HEX`"),
        (["assetlinks", "fetch", "example.com", "--timeout", "0"], "`--timeout` must be a number of seconds"),
        (["assetlinks", "fetch", "example.com", "--format", "html"], "`--format`"),
    ])
    func badUsageExitsTwoBeforeAnyRequest(_ arguments: [String], _ message: String) throws {
        let result = try CommandRunner.run(arguments, environment: LoopbackServer.environment)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}

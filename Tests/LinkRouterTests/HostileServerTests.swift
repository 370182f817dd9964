import Foundation
import LinkRouter
import TestSupport
import Testing

/// Both fetch commands against servers and files that attack them (issue 43), end to end on the loopback server
/// (`Fixtures/AASAFetch/aasa-server.py`, 127.0.0.1 and [::1] only): each case ends in its own finding, promptly and
/// in bounded memory, and nothing read from a file chooses where a request goes or a file is written. About 4 s in
/// all in a debug build.
@Suite struct HostileServerTests {
    /// The data-segment limit the commands run under where memory is the question: 64 MiB, about twice what a fetch
    /// takes. A 64 MB gzip bomb inflated in full, or an endless body read faster than it was cut, passed it.
    static let dataLimit = 64 << 20

    static func assetLinks(
        _ server: LoopbackServer, _ arguments: [String], origin: String? = nil, dataLimit: Int? = nil
    ) throws -> CommandRunner.Result {
        try CommandRunner.run(
            ["assetlinks", "fetch"] + arguments + ["--origin", origin ?? server.url("{host}"), "--format", "json"],
            environment: LoopbackServer.environment, dataLimit: dataLimit)
    }

    static func report(_ result: CommandRunner.Result) throws -> AssetLinksFetchReport {
        try JSONDecoder().decode(AssetLinksFetchReport.self, from: Data(result.stdout.utf8))
    }

    @Test func anIPv6LoopbackOriginWorksForBothFetchCommands() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        try #require(server.ipv6Port > 0, "this machine has no IPv6 loopback address")
        let android = try Self.assetLinks(server, ["good.example"], origin: server.ipv6URL("{host}"))
        #expect(android.status == 0, "\(android.stdout)")
        let report = try Self.report(android)
        #expect(report.hosts.map(\.verdict) == [.served])
        #expect(report.sites.first?.request.url == server.ipv6URL("good.example/.well-known/assetlinks.json"))
        let ios = try CommandRunner.run(
            ["aasa", "fetch", "example.com", "--origin", server.ipv6URL("good"), "--no-cdn"],
            environment: LoopbackServer.environment)
        #expect(ios.status == 0, "\(ios.stdout)")
        #expect(ios.stdout.contains("GET \(server.ipv6URL("good/.well-known/apple-app-site-association"))\n"))
    }

    @Test func aFloodOfShortHeaderFieldsIsABadResponseAtSixtyFourKibibytes() throws {
        // It was read field by field, each dearer than the last: 28 s of CPU, then "no response within 2 seconds".
        let server = try LoopbackServer()
        defer { server.stop() }
        let android = try Self.assetLinks(server, ["header-flood.example", "--timeout", "30"])
        #expect(android.status == 1)
        let site = try #require(try Self.report(android).sites.first)
        #expect(site.findings.map(\.code.rawValue) == ["bad-response"])
        #expect(site.findings.first?.message.contains("the response header is larger than 64 KiB") == true)
        let ios = try CommandRunner.run(
            ["aasa", "fetch", "example.com", "--origin", server.url("header-flood"), "--no-cdn", "--timeout", "30"],
            environment: LoopbackServer.environment)
        #expect(ios.status == 1)
        #expect(ios.stdout.contains("error[bad-response]"), "\(ios.stdout)")
    }

    @Test(arguments: ["bomb", "endless"])
    func aCompressionBombAndAnEndlessBodyStopAtTheLimitInBoundedMemory(_ name: String) throws {
        // 64 MB of gzip from 64 KB on the wire, and a body without end: both read up to 1 MiB and 1 byte, under a
        // 64 MiB data limit (the bomb was inflated in full; the endless body peaked between 50 MB and 2.27 GB).
        let server = try LoopbackServer()
        defer { server.stop() }
        let android = try Self.assetLinks(server, ["\(name).example"], dataLimit: Self.dataLimit)
        #expect(android.status == 1, "\(android.stderr)")
        let site = try #require(try Self.report(android).sites.first)
        #expect(site.findings.map(\.code.rawValue) == ["size-limit"])
        #expect(site.request.truncated)
        #expect(site.request.bytes == AssetLinksFetchChecker.sizeLimit + 1)
        let ios = try CommandRunner.run(
            ["aasa", "fetch", "example.com", "--origin", server.url(name), "--no-cdn"],
            environment: LoopbackServer.environment, dataLimit: Self.dataLimit)
        #expect(ios.status == 1, "\(ios.stderr)")
        #expect(ios.stdout.contains("error[size-limit]"), "\(ios.stdout)")
    }

    @Test func oneIncludeRepeatedIsFetchedAndShownOnce() throws {
        // End to end on 2,000 repeats (FetchRunTests counts the walk's work on 21,000, which took more than 30 s).
        let server = try LoopbackServer()
        defer { server.stop() }
        let result = try Self.assetLinks(server, ["repeated-include.example"])
        let site = try #require(try Self.report(result).sites.first)
        #expect(site.includes.map(\.url) == ["https://include.example/s.json"])
        #expect(site.includes.first?.request?.status == 200)
        #expect(site.verdict == .served)
    }

    @Test func hostsFromAManifestAreCheckedBeforeAnyRequestAndSaveStaysInItsFolder() throws {
        // A manifest's hosts meet the rule of hosts typed on the command line: one with a user part would connect
        // elsewhere, one with a fragment fetched another path, one with `..` wrote outside the --save folder.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = folder.appendingPathComponent("saved")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let hosts = ["good.example", "127.0.0.2@127.0.0.1:1", "good.example#x", "../good", "a/../../b"]
        let manifest = try AndroidCheckCommandTests.manifest(hosts: hosts, paths: [])
        let server = try LoopbackServer()
        defer { server.stop() }
        let result = try Self.assetLinks(server, ["--manifest", manifest, "--save", saved.path])
        #expect(result.status == 1, "\(result.stderr)")
        let report = try Self.report(result)
        #expect(report.sites.map(\.host) == hosts)
        #expect(report.sites.map(\.verdict) == [.served, .notServed, .notServed, .notServed, .notServed])
        #expect(report.sites.dropFirst().allSatisfy { $0.findings.map(\.code.rawValue) == ["invalid-host"] })
        #expect(report.sites.dropFirst().allSatisfy { $0.request.status == nil })
        #expect(try FileManager.default.contentsOfDirectory(atPath: saved.path) == ["good.example.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["saved"])
    }

    @Test func assetLinksLintShowsControlCharactersEscapedInTextAndAnnotations() throws {
        // ESC and BEL from the file's strings reached the terminal and the CI log.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("escapes-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "x\u001b]0;owned\u0007y", "sha256_cert_fingerprints": []}}]"#
                .utf8
        ).write(to: file)
        for format in ["text", "github", "xcode", "sarif"] {
            let result = try CommandRunner.run(["assetlinks", "lint", file.path, "--format", format])
            #expect(result.status == 1)
            #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(format)")
            // The SARIF log is JSON: its string escapes the backslashes of the one rule's `\u{1b}`.
            let shown = format == "sarif" ? #"x\\u{1b}]0;owned\\u{7}y"# : #"x\u{1b}]0;owned\u{7}y"#
            #expect(result.stdout.contains(shown), "\(format): \(result.stdout)")
        }
    }
}

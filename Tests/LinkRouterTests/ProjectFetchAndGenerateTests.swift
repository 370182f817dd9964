import Foundation
import LinkRouter
import RichMediaKitSupport
import TestSupport
import Testing

@testable import link_router

/// `LinkProject.generate()` and `LinkProject.fetch(_:)`: the library's entry points from a project to the site files
/// `aasa generate` and `assetlinks generate` write, and to the reports `aasa fetch` and `assetlinks fetch` print for
/// the same project file. The fetches go through an injected transport: a fake one serving the example's files, or
/// the command's own transport against the local server of the fetch tests (`--origin` on loopback), so that the
/// library's JSON is compared with the command's: no test reaches the network.
@Suite struct ProjectFetchAndGenerateTests {
    static let example = ProjectCheckTests.example
    static let projectFile = ProjectCheckTests.projectFile
    static let fingerprint = ProjectCheckTests.fingerprint
    static let appID = "ABCDE12345.com.example.app"
    /// The configurations of the command's runs (`--no-cdn --timeout 600`, the timeout its report shows); the library's
    /// deadlines are measured on a `StoppedClock`, so that a busy machine cannot make them pass.
    static let aasaConfiguration = AASAFetchConfiguration(checksCDN: false, timeout: .seconds(600))
    static let assetLinksConfiguration = AssetLinksFetchConfiguration(timeout: .seconds(600))

    /// A project file with `text` in a new temporary directory, and its path.
    static func projectFile(_ text: String) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let file = root.appendingPathComponent(".link-router.json")
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// The report as the fetch commands write it with `--format json`: sorted keys, without the trailing newline.
    static func sortedJSON(_ report: some CheckReport) throws -> String {
        try OrderedJSON.encoding(report).sortingKeys.compact
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: "\(example)/\(name)")))
    }

    // MARK: generate

    @Test func theExamplesFilesAreTheCommandsByteForByte() throws {
        let files = try LinkProject(contentsOfFile: Self.projectFile).generate()
        #expect(files.ios.map(\.domain) == ["example.com"])
        let aasa = try CommandRunner.run(["aasa", "generate", "--config", Self.projectFile])
        #expect(aasa.status == 0, "\(aasa.stderr)")
        #expect(aasa.stdout == files.ios.first?.text)
        #expect(files.ios.first?.text.contains("\"\(Self.appID)\"") == true)

        let android = try #require(files.android)
        let text = try CommandRunner.run(["assetlinks", "generate", "--config", Self.projectFile])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout
                == android.assetLinks + "\n<!-- AndroidManifest.xml, in the <activity> that handles the links: -->\n"
                + android.intentFilters)
        #expect(text.stderr == AssetLinksGenerateCommand.differencesText(android) + "\n")
        let json = try CommandRunner.run(["assetlinks", "generate", "--config", Self.projectFile, "--format", "json"])
        #expect(json.stdout == AssetLinksGenerateCommand.json(android).pretty + "\n")
        #expect(android.assetLinks.contains("\"com.example.app\""))
        #expect(!android.intentFilters.isEmpty)
    }

    /// Several iOS domains: a file per domain, each `aasa generate --domain DOMAIN`'s (the command, given none of
    /// several, writes the file of no domain).
    @Test func eachIOSDomainHasItsOwnFile() throws {
        let file = try Self.projectFile(
            """
            {"version": 1, "routes": "\(Self.example)/routes.json",
             "ios": {"appID": "\(Self.appID)", "siteFiles": {"example.com": "fetch", "stores.example.com": "fetch"}}}
            """)
        let files = try LinkProject(contentsOfFile: file).generate()
        #expect(files.ios.map(\.domain) == ["example.com", "stores.example.com"])
        #expect(files.android == nil)
        for generated in files.ios {
            let run = try CommandRunner.run(["aasa", "generate", "--config", file, "--domain", generated.domain])
            #expect(run.stdout == generated.text)
        }
        #expect(files.ios[0].text != files.ios[1].text)
    }

    @Test func generatingWithoutWhatTheFilesNeedIsAMissingValue() throws {
        var project = try LinkProject(contentsOfFile: Self.projectFile)
        project.android?.packageName = nil
        #expect(throws: LinkProjectError(.missingValue, "the project's android names no package")) {
            _ = try project.generate()
        }
        project = try LinkProject(contentsOfFile: Self.projectFile)
        project.ios?.siteFiles = []
        #expect(
            throws: LinkProjectError(
                .missingValue,
                "the project's ios names no siteFiles: no domain to write an apple-app-site-association file for")
        ) {
            _ = try project.generate()
        }
        project = try LinkProject(contentsOfFile: Self.projectFile)
        project.android?.fingerprints = []
        #expect(throws: LinkProjectError.self) { _ = try project.generate() }
        #expect(throws: LinkProjectError(.missingValue, "the project names no platform: give it ios or android")) {
            _ = try LinkProject(routes: "\(Self.example)/routes.json").generate()
        }
        project = try LinkProject(contentsOfFile: Self.projectFile)
        project.routes = "\(Self.example)/Missing.json"
        do {
            _ = try project.generate()
            Issue.record("generated from a missing routes file")
        } catch {
            #expect(error.kind == .unreadable)
            #expect(error.file == "\(Self.example)/Missing.json")
        }
    }

    // MARK: fetch

    /// A clock an hour later at every reading: a fetch's deadline, fixed at the first reading, has passed by the
    /// second.
    final class LateClock: Clock, @unchecked Sendable {
        private let lock = NSLock()
        private var current = StoppedClock.frozen

        var now: ContinuousClock.Instant {
            lock.withLock {
                current = current.advanced(by: .seconds(3600))
                return current
            }
        }
        var minimumResolution: Duration { .zero }

        func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
            try Task.checkCancellation()
        }
    }

    /// The fetches' deadlines are measured on `SiteFetching.clock`, not on the machine's: on a clock whose deadline
    /// has passed before the first request, no request is made and every domain's fetch times out (on the real clock
    /// the transport, which answers at once, would have been asked).
    @Test func theFetchesDeadlinesAreMeasuredOnTheClockGiven() async throws {
        let transport = ProjectCheckTests.FakeTransport([
            "https://example.com/.well-known/apple-app-site-association": try Self.bytes("apple-app-site-association")
        ])
        let project = try LinkProject(contentsOfFile: Self.projectFile)
        let report = try await project.fetch(
            .init(transport: transport, aasa: Self.aasaConfiguration, clock: LateClock()))
        #expect(transport.urls.isEmpty)
        #expect(!report.ios.isEmpty)
        for aasa in report.ios {
            #expect(aasa.locatedFindings.contains { $0.code == AASAFetchFinding.Code.timeout.rawValue })
        }
    }

    /// The example's project, its site files served by a fake transport: each platform's report is the per-platform
    /// checker's with the project's inputs (the routes and the entitlements' app ID; the hosts, the manifest's and
    /// the identity), and the report of both is their reports together.
    @Test func theExamplesFetchIsThePlatformCheckersWithItsInputs() async throws {
        let aasaURL = "https://example.com/.well-known/apple-app-site-association"
        let assetLinksURL = "https://example.com/.well-known/assetlinks.json"
        let transport = ProjectCheckTests.FakeTransport([
            aasaURL: try Self.bytes("apple-app-site-association"), assetLinksURL: try Self.bytes("assetlinks.json"),
        ])
        let fetching = LinkProject.SiteFetching(
            transport: transport, aasa: Self.aasaConfiguration, assetLinks: Self.assetLinksConfiguration,
            clock: StoppedClock())
        let project = try LinkProject(contentsOfFile: Self.projectFile)
        let report = try await project.fetch(fetching)
        #expect(transport.urls.contains(aasaURL) && transport.urls.contains(assetLinksURL))

        let routes = try RouteTable(json: Data(try Self.bytes("routes.json")))
        let aasa = await AASAFetchChecker.verify(
            domain: "example.com", configuration: Self.aasaConfiguration, routes: routes, appID: Self.appID,
            transport: transport, clock: StoppedClock()
        ).report
        #expect(report.ios == [aasa])
        #expect(aasa.coverage != nil)
        let assetLinks = await AssetLinksFetchChecker.verify(
            hosts: ["example.com", "*.example.com"],
            app: AndroidAppIdentity(packageName: "com.example.app", fingerprints: [Self.fingerprint]),
            configuration: Self.assetLinksConfiguration, transport: transport, clock: StoppedClock()
        ).report
        #expect(report.android == assetLinks)
        #expect(assetLinks.hosts.map(\.host) == ["example.com", "*.example.com"])

        // Both platforms: each report's findings and text, and JSON holding each report's.
        #expect(report.isClean == (aasa.isClean && assetLinks.isClean))
        #expect(report.locatedFindings.count == aasa.locatedFindings.count + assetLinks.locatedFindings.count)
        #expect(!report.locatedFindings.contains { $0.places.contains { $0.file == .body } })
        #expect(report.renderedText(files: [:]) == aasa.renderedText() + "\n\n" + assetLinks.renderedText())
        let json = try ProjectCheckTests.json(report)
        let aasaJSON = try ProjectCheckTests.json(aasa)
        let assetLinksJSON = try ProjectCheckTests.json(assetLinks)
        #expect(json.contains("\"ios\":[\(aasaJSON)]"))
        #expect(json.contains("\"android\":\(assetLinksJSON)"))
        #expect(json.hasPrefix("{\"ok\":\(report.isClean),\"errors\":"))

        // One platform alone is that platform's report.
        var iosAlone = project
        iosAlone.android = nil
        let ios = try await iosAlone.fetch(fetching)
        #expect(try ProjectCheckTests.json(ios) == aasaJSON)
        #expect(ios.locatedFindings == aasa.locatedFindings)
        var androidAlone = project
        androidAlone.ios = nil
        #expect(try ProjectCheckTests.json(try await androidAlone.fetch(fetching)) == assetLinksJSON)
    }

    /// A one-domain iOS project and an Android project, fetched from the local server by the library (with the
    /// command's transport) and by the command with `--config`: the same JSON.
    @Test func aOneDomainIOSProjectsFetchIsTheCommands() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let file = try Self.projectFile(
            """
            {"version": 1, "routes": "\(Self.example)/routes.json",
             "ios": {"appID": "\(Self.appID)", "siteFiles": {"example.com": "fetch"}}}
            """)
        var configuration = Self.aasaConfiguration
        configuration.origin = server.url("good")
        let report = try await LinkProject(contentsOfFile: file).fetch(
            .init(transport: AASAFetcher(), aasa: configuration, clock: StoppedClock()))
        let run = try CommandRunner.run(
            [
                "aasa", "fetch", "--config", file, "--origin", server.url("good"), "--no-cdn", "--timeout", "600",
                "--format", "json",
            ], environment: LoopbackServer.environment)
        #expect(run.stdout == (try Self.sortedJSON(report)) + "\n")
        #expect(run.status == (report.isClean ? 0 : 1), "\(run.stderr)")
        #expect(report.ios.first?.coverage != nil)
    }

    @Test func anAndroidProjectsFetchIsTheCommands() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let file = try Self.projectFile(
            """
            {"version": 1, "routes": "\(Self.example)/routes.json", "defines": {"webHost": "example.com"},
             "android": {"manifest": "\(Self.example)/AndroidManifest.xml", "package": "com.example.app",
               "fingerprints": ["\(Self.fingerprint)"], "siteFiles": {"good.example": "fetch", "wrong-type.example": "x.json"}}}
            """)
        let origin = server.url(AssetLinksFetchChecker.hostPlaceholder)
        var configuration = Self.assetLinksConfiguration
        configuration.origin = origin
        let report = try await LinkProject(contentsOfFile: file).fetch(
            .init(transport: AASAFetcher(), assetLinks: configuration, clock: StoppedClock()))
        let run = try CommandRunner.run(
            ["assetlinks", "fetch", "--config", file, "--origin", origin, "--timeout", "600", "--format", "json"],
            environment: LoopbackServer.environment)
        #expect(run.stdout == (try Self.sortedJSON(report)) + "\n")
        #expect(run.status == (report.isClean ? 0 : 1), "\(run.stderr)")
        let sites = report.android?.sites.map(\.host) ?? []
        #expect(sites.contains("good.example") && sites.contains("example.com"))
    }

    @Test func fetchingWithoutSomethingToFetchIsAnError() async throws {
        let fetching = LinkProject.SiteFetching(transport: ProjectCheckTests.FakeTransport([:]))
        func expectError(_ project: LinkProject, _ expected: LinkProjectError) async {
            do {
                _ = try await project.fetch(fetching)
                Issue.record("fetched \(project)")
            } catch {
                #expect(error == expected)
            }
        }
        await expectError(
            LinkProject(), LinkProjectError(.missingValue, "the project names no platform: give it ios or android"))
        await expectError(
            LinkProject(ios: .init(appID: Self.appID)),
            LinkProjectError(.missingValue, "the project's ios names no siteFiles: no domain to fetch"))
        await expectError(
            LinkProject(android: .init(packageName: "com.example.app")),
            LinkProjectError(
                .missingValue, "the project's android names no siteFiles and no manifest: no host to fetch"))
        // The command's messages for the same values (a usage error, exit 2).
        let noPackage = LinkProject(
            android: .init(fingerprints: [Self.fingerprint], siteFiles: [("example.com", "fetch")]))
        await expectError(
            noPackage, LinkProjectError(.missingValue, "`--fingerprint` and `--certificate` need `--package NAME`"))
        let run = try CommandRunner.run([
            "assetlinks", "fetch", "example.com", "--fingerprint", Self.fingerprint, "--no-config",
        ])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("link-router assetlinks fetch: `--fingerprint` and `--certificate` need"))
        let badHost = LinkProject(android: .init(siteFiles: [("bad host", "fetch")]))
        do {
            _ = try await badHost.fetch(fetching)
            Issue.record("fetched a host that is not a host name")
        } catch {
            #expect(error.kind == .invalidValue)
            let command = try CommandRunner.run(["assetlinks", "fetch", "bad host", "--no-config"])
            #expect(command.status == 2)
            #expect(command.stderr.hasPrefix("link-router assetlinks fetch: \(error.description)"))
        }
    }
}

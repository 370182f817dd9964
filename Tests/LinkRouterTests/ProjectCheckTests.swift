import CommandLineToolkit
import Foundation
import LinkRouter
import RichMediaKitSupport
import TestSupport
import Testing

/// `LinkProject.check(allURLs:fetch:)`: the library's one entry point from a project to its report, the same report
/// `link-router check` prints for the same project (the two read the inputs with one reader).
@Suite struct ProjectCheckTests {
    static let example = PackagePaths.path("Docs/Examples")
    static let projectFile = "\(example)/.link-router.json"
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// The report as `check --format json` writes it, without the trailing newline.
    static func json(_ report: some CheckReport) throws -> String {
        try OrderedJSON.encoding(report).compact
    }

    /// `link-router check ARGUMENTS --format json`'s output, without the trailing newline.
    static func commandJSON(_ arguments: [String]) throws -> String {
        let run = try CommandRunner.run(["check"] + arguments + ["--format", "json"])
        #expect(run.status == 1, "\(run.stderr)")
        var output = run.stdout
        if output.hasSuffix("\n") { output.removeLast() }
        return output
    }

    @Test func theExampleGivesTheCommandsReport() async throws {
        let project = try LinkProject(contentsOfFile: Self.projectFile)
        let report = try await project.check()
        guard case .platforms(let platforms) = report else {
            Issue.record("not both platforms: \(report)")
            return
        }
        #expect(!report.isClean)
        #expect(try Self.json(report) == Self.json(platforms))
        #expect(try Self.json(report) == Self.commandJSON(["--config", Self.projectFile]))
        let text = report.renderedText(files: [:])
        #expect(text == platforms.renderedText(files: [:]))
        #expect(report.locatedFindings == platforms.locatedFindings)
    }

    @Test func everyURLTextIsComparedAsWithAllURLs() async throws {
        let project = try LinkProject(contentsOfFile: Self.projectFile)
        let report = try await project.check(allURLs: true)
        #expect(try Self.json(report) == Self.commandJSON(["--config", Self.projectFile, "--all-urls"]))
    }

    @Test func anIOSOnlyProjectBuiltAsValuesIsTheWholeAppCheck() async throws {
        let project = LinkProject(
            routes: "\(Self.example)/routes.json", defines: ["webHost": "example.com"],
            ios: .init(
                entitlements: "\(Self.example)/App.entitlements", infoPlist: "\(Self.example)/Info.plist",
                siteFiles: [("example.com", "\(Self.example)/apple-app-site-association")]))
        let report = try await project.check()
        guard case .ios(let ios) = report else {
            Issue.record("not the iOS check: \(report)")
            return
        }
        #expect(ios.domains.map(\.source).contains("\(Self.example)/apple-app-site-association"))
        #expect(try Self.json(report) == Self.commandJSON(["--config", Self.projectFile, "--platform", "ios"]))
    }

    @Test func anAndroidOnlyProjectBuiltAsValuesIsTheAndroidCheck() async throws {
        let project = LinkProject(
            routes: "\(Self.example)/routes.json",
            android: .init(
                manifest: "\(Self.example)/AndroidManifest.xml", defines: ["webHost": "example.com"],
                packageName: "com.example.app", fingerprints: [Self.fingerprint],
                siteFiles: [("example.com", "\(Self.example)/assetlinks.json")]))
        let report = try await project.check()
        guard case .android(let android) = report else {
            Issue.record("not the Android check: \(report)")
            return
        }
        #expect(android.packageName == "com.example.app")
        #expect(try Self.json(report) == Self.commandJSON(["--config", Self.projectFile, "--platform", "android"]))
    }

    @Test func aMissingFileIsATypedErrorNamingIt() async throws {
        var project = try LinkProject(contentsOfFile: Self.projectFile)
        let missing = "\(Self.example)/Missing.entitlements"
        project.ios?.entitlements = missing
        await #expect {
            _ = try await project.check()
        } throws: { error in
            guard let error = error as? LinkProjectError else { return false }
            return error.kind == .unreadable && error.file == missing && !error.isUsage
                && error.description == "\(missing): cannot read: No such file or directory"
        }
        // As the command says it.
        let manifest = "\(Self.example)/Missing.xml"
        project = try LinkProject(contentsOfFile: Self.projectFile)
        project.ios = nil
        project.android?.manifest = manifest
        do {
            _ = try await project.check()
            Issue.record("read a missing manifest")
        } catch {
            #expect(error.kind == .unreadable)
            #expect(error.file == manifest)
            let run = try CommandRunner.run(
                ["check", "--no-config", "--manifest", manifest, "--routes", "\(Self.example)/routes.json"]
                    + ["--package", "com.example.app", "--fingerprint", Self.fingerprint]
                    + ["--assetlinks", "\(Self.example)/assetlinks.json"])
            #expect(run.status == 2)
            #expect(run.stderr == "link-router check: \(error.description)\n")
        }
    }

    /// Of two missing files, the one the command reads first is reported: for iOS alone the entitlements before
    /// the routes, for both platforms the routes first.
    @Test func theFilesAreReadInTheCommandsOrder() async throws {
        var project = try LinkProject(contentsOfFile: Self.projectFile)
        let (routes, entitlements) = ("\(Self.example)/no-routes.json", "\(Self.example)/No.entitlements")
        project.routes = routes
        project.ios?.entitlements = entitlements
        for platforms in [["--platform", "ios"], []] {
            var checked = project
            if !platforms.isEmpty { checked.android = nil }
            let run = try CommandRunner.run(
                ["check", "--config", Self.projectFile, "--routes", routes, "--entitlements", entitlements] + platforms)
            do {
                _ = try await checked.check()
                Issue.record("checked missing files")
            } catch {
                #expect(error.file == (platforms.isEmpty ? routes : entitlements))
                #expect(run.stderr == "link-router check: \(error.description)\n")
            }
        }
    }

    @Test func whatTheProjectLacksIsAMissingValue() async throws {
        var project = try LinkProject(contentsOfFile: Self.projectFile)
        project.android?.fingerprints = []
        await #expect {
            _ = try await project.check()
        } throws: { error in
            (error as? LinkProjectError)?.kind == .missingValue && (error as? LinkProjectError)?.file == nil
        }
        project = LinkProject(routes: "\(Self.example)/routes.json")
        await #expect {
            _ = try await project.check()
        } throws: { error in
            (error as? LinkProjectError)?.kind == .missingValue
        }
    }

    /// A transport that answers each URL from a table, recording the URLs asked for.
    final class FakeTransport: AASAFetchTransport, @unchecked Sendable {
        let answers: [String: [UInt8]]
        private let lock = NSLock()
        private var asked: [String] = []

        init(_ answers: [String: [UInt8]]) { self.answers = answers }

        var urls: [String] { lock.withLock { asked } }

        func response(for request: AASAFetchRequest) async -> AASAFetchResponse {
            lock.withLock { asked.append(request.url) }
            guard let body = answers[request.url] else { return AASAFetchResponse(url: request.url, status: 404) }
            return AASAFetchResponse(
                url: request.url, status: 200, headers: ["Content-Type": "application/json"], body: body)
        }
    }

    @Test func fetchedSiteFilesGoThroughTheInjectedTransport() async throws {
        var project = try LinkProject(contentsOfFile: Self.projectFile)
        project.ios?.siteFiles = [("example.com", LinkProject.fetch)]
        project.android?.siteFiles = [("example.com", LinkProject.fetch)]
        await #expect {
            _ = try await project.check()
        } throws: { error in
            (error as? LinkProjectError)?.kind == .fetchUnavailable
        }
        let aasaURL = "https://example.com/.well-known/apple-app-site-association"
        let assetLinksURL = "https://example.com/.well-known/assetlinks.json"
        let transport = FakeTransport([
            aasaURL: Array(try Data(contentsOf: URL(fileURLWithPath: "\(Self.example)/apple-app-site-association"))),
            assetLinksURL: Array(try Data(contentsOf: URL(fileURLWithPath: "\(Self.example)/assetlinks.json"))),
        ])
        // The deadline on a stopped clock: the tests that run the command block threads the fetch's task waits for.
        let report = try await project.check(
            fetch: .init(
                transport: transport, aasa: AASAFetchConfiguration(checksCDN: false), clock: StoppedClock()))
        guard case .platforms(let platforms) = report else {
            Issue.record("not both platforms: \(report)")
            return
        }
        #expect(transport.urls.contains(aasaURL))
        #expect(transport.urls.contains(assetLinksURL))
        #expect(platforms.ios.domains.first { $0.domain == "example.com" }?.source == aasaURL)
        #expect(Set(platforms.android.hosts.map(\.source)) == [assetLinksURL])
        // The Android gaps are the local files' (the same file, served).
        let local = try await LinkProject(contentsOfFile: Self.projectFile).check()
        guard case .platforms(let localPlatforms) = local else { return }
        #expect(platforms.android.gaps.count == localPlatforms.android.gaps.count)
    }

    @Test func siteFilesMixingLocalFilesAndFetchAreRefusedAsTheCommandRefusesThem() async throws {
        var project = try LinkProject(contentsOfFile: Self.projectFile)
        project.ios?.siteFiles = [("example.com", LinkProject.fetch)]
        do {
            _ = try await project.check(fetch: .init(transport: FakeTransport([:])))
            Issue.record("checked a project mixing local and fetched site files")
        } catch {
            #expect(error.kind == .invalidValue)
            #expect(error.description.hasPrefix("the project file's siteFiles mix local files and \"fetch\""))
        }
    }
}

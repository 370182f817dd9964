import Foundation
import LinkRouter
import RichMediaKitSupport
import TestSupport
import Testing

/// `LinkProject.lint(release:)` and `LinkProject.doctor(_:fetch:)`: the library's entry points from a project to
/// `link-router app lint`'s and `link-router doctor`'s reports, the same reports the commands print for the same
/// project file (the library and the commands read the inputs with one reader).
@Suite struct ProjectLintAndDoctorTests {
    static let example = ProjectCheckTests.example
    static let projectFile = ProjectCheckTests.projectFile

    /// `link-router ARGUMENTS --config FILE --format json`'s output (without the trailing newline) and exit status.
    static func command(_ arguments: [String]) throws -> (json: String, status: Int32, stderr: String) {
        let run = try CommandRunner.run(arguments + ["--config", projectFile, "--format", "json"])
        var output = run.stdout
        if output.hasSuffix("\n") { output.removeLast() }
        return (output, run.status, run.stderr)
    }

    @Test func theExamplesLintIsTheCommands() throws {
        let project = try LinkProject(contentsOfFile: Self.projectFile)
        for release in [false, true] {
            let report = try project.lint(release: release)
            guard case .platforms(let platforms) = report else {
                Issue.record("not both platforms: \(report)")
                return
            }
            let run = try Self.command(["app", "lint"] + (release ? ["--release"] : []))
            #expect(try ProjectCheckTests.json(report) == run.json)
            #expect(try ProjectCheckTests.json(platforms) == run.json)
            #expect(run.status == (report.isClean ? 0 : 1), "\(run.stderr)")
            #expect(report.locatedFindings == platforms.ios.locatedFindings + platforms.android.locatedFindings)
            #expect(!platforms.ios.diagnostics.isEmpty)
            #expect(platforms.android.claims?.isEmpty == false)
        }
    }

    @Test func eachPlatformAloneIsItsOwnLint() throws {
        var project = try LinkProject(contentsOfFile: Self.projectFile)
        project.android = nil
        let ios = try project.lint()
        guard case .ios = ios else {
            Issue.record("not iOS's lint: \(ios)")
            return
        }
        #expect(try ProjectCheckTests.json(ios) == Self.command(["app", "lint", "--platform", "ios"]).json)
        project = try LinkProject(contentsOfFile: Self.projectFile)
        project.ios = nil
        let android = try project.lint()
        guard case .android = android else {
            Issue.record("not Android's lint: \(android)")
            return
        }
        #expect(try ProjectCheckTests.json(android) == Self.command(["app", "lint", "--platform", "android"]).json)
    }

    /// A URL that opens the app on both platforms, one that iOS's walk breaks (the entitlements claim only the
    /// subdomains), one that both break, one whose file iOS cannot check, one of no platform's host: each walk is
    /// the command's, in JSON and text, with its exit status.
    @Test(arguments: [
        "shop://cart", "https://example.com/promotion/7", "https://example.com/help/faq",
        "https://stores.example.com/paris", "https://other.org/x",
    ])
    func theExamplesDoctorIsTheCommands(url: String) async throws {
        let project = try LinkProject(contentsOfFile: Self.projectFile)
        let report = try await project.doctor(url)
        guard case .platforms(let platforms) = report else {
            Issue.record("not both platforms: \(report)")
            return
        }
        #expect(platforms.walks.map(\.key) == ["ios", "android"])
        let run = try Self.command(["doctor", url])
        #expect(try ProjectCheckTests.json(report) == run.json)
        #expect(run.status == (report.isClean ? 0 : 1), "\(run.stderr)")
        let text = try CommandRunner.run(["doctor", url, "--config", Self.projectFile, "--format", "text"])
        #expect(text.stdout == TerminalText.visibleLines(report.renderedText(files: [:])) + "\n")
        for platform in ["ios", "android"] {
            var alone = project
            if platform == "ios" { alone.android = nil } else { alone.ios = nil }
            let walk = try await alone.doctor(url)
            switch walk {
            case .ios(let ios): #expect(platform == "ios" && ios == platforms.ios)
            case .android(let android): #expect(platform == "android" && android == platforms.android)
            case .platforms: Issue.record("both platforms for \(platform) alone")
            }
            #expect(try ProjectCheckTests.json(walk) == Self.command(["doctor", url, "--platform", platform]).json)
        }
    }

    @Test func theWalksVerdictsAreTheExamples() async throws {
        let project = try LinkProject(contentsOfFile: Self.projectFile)
        func verdicts(_ url: String) async throws -> (ios: Bool, android: Bool) {
            guard case .platforms(let report) = try await project.doctor(url) else { return (false, false) }
            return (report.ios.ok, report.android.ok)
        }
        #expect(try await verdicts("shop://cart") == (true, true))
        #expect(try await verdicts("https://example.com/promotion/7") == (false, true))
        #expect(try await verdicts("https://other.org/x") == (false, false))
    }

    @Test func aProjectNamingNoPlatformIsAMissingValue() async throws {
        let project = LinkProject(routes: "\(Self.example)/routes.json")
        #expect(throws: LinkProjectError(.missingValue, "the project names no platform: give it ios or android")) {
            _ = try project.lint()
        }
        await #expect(throws: LinkProjectError(.missingValue, "the project names no platform: give it ios or android"))
        {
            _ = try await project.doctor("https://example.com/promotion/7")
        }
    }

    /// A missing file is named as the commands name it, with their message (exit 2).
    @Test func aMissingFileIsTheCommandsError() async throws {
        let missing = "\(Self.example)/Missing.entitlements"
        var project = try LinkProject(contentsOfFile: Self.projectFile)
        project.ios?.entitlements = missing
        let url = "https://example.com/promotion/7"
        func expectCommandsError(_ error: LinkProjectError, _ arguments: [String]) throws {
            #expect(error.kind == .unreadable)
            #expect(error.file == missing)
            #expect(error.description == "\(missing): cannot read: No such file or directory")
            let run = try CommandRunner.run(arguments + ["--config", Self.projectFile, "--entitlements", missing])
            #expect(run.status == 2)
            #expect(run.stderr == "link-router \(arguments[0] == "app" ? "app lint" : "doctor"): \(error)\n")
        }
        do {
            _ = try project.lint()
            Issue.record("linted a missing file")
        } catch {
            try expectCommandsError(error, ["app", "lint"])
        }
        do {
            _ = try await project.doctor(url)
            Issue.record("walked with a missing file")
        } catch {
            try expectCommandsError(error, ["doctor", url])
        }
        project = try LinkProject(contentsOfFile: Self.projectFile)
        project.android?.manifest = "\(Self.example)/Missing.xml"
        #expect(throws: LinkProjectError.self) { _ = try project.lint() }
        await #expect(throws: LinkProjectError.self) { _ = try await project.doctor(url) }
    }

    @Test func fetchedSiteFilesGoThroughTheInjectedTransport() async throws {
        var project = try LinkProject(contentsOfFile: Self.projectFile)
        project.ios?.siteFiles = [("example.com", LinkProject.fetch)]
        project.android?.siteFiles = [("example.com", LinkProject.fetch)]
        let url = "https://example.com/promotion/7"
        await #expect {
            _ = try await project.doctor(url)
        } throws: { error in
            (error as? LinkProjectError)?.kind == .fetchUnavailable
        }
        let aasaURL = "https://example.com/.well-known/apple-app-site-association"
        let assetLinksURL = "https://example.com/.well-known/assetlinks.json"
        let transport = ProjectCheckTests.FakeTransport([
            aasaURL: Array(try Data(contentsOf: URL(fileURLWithPath: "\(Self.example)/apple-app-site-association"))),
            assetLinksURL: Array(try Data(contentsOf: URL(fileURLWithPath: "\(Self.example)/assetlinks.json"))),
        ])
        // The deadline on a stopped clock: the tests that run the command block threads the fetch's task waits for.
        let report = try await project.doctor(
            url,
            fetch: .init(
                transport: transport, aasa: AASAFetchConfiguration(checksCDN: false), clock: StoppedClock()))
        #expect(transport.urls.contains(aasaURL))
        #expect(transport.urls.contains(assetLinksURL))
        guard case .platforms(let platforms) = report else {
            Issue.record("not both platforms: \(report)")
            return
        }
        #expect(platforms.android.ok, "\(report.renderedText(files: [:]))")
    }
}

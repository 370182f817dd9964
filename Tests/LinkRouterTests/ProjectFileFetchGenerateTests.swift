import Foundation
import TestSupport
import Testing

/// `aasa fetch`, `assetlinks fetch`, `aasa generate` and `assetlinks generate` reading the project file
/// (`.link-router.json`): run with no options in a directory holding one, each prints what the options it stands for
/// print; an option on the command line replaces the file's value; `--no-config` reads none. The fetches run against
/// the local server of the fetch tests (`LoopbackServer`), with `--origin` on loopback: no test reaches the network.
@Suite struct ProjectFileFetchGenerateTests {
    static let example = ProjectFileCommandTests.example
    static let fingerprint = ProjectFileCommandTests.fingerprint
    static let routes = "\(example)/routes.json"
    /// The example's entitlements' application-identifier, which the project file stands for.
    static let appID = "ABCDE12345.com.example.app"

    /// A temporary directory holding `.link-router.json` with `text`.
    static func project(_ text: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: root.appendingPathComponent(".link-router.json"))
        return root
    }

    /// A project naming the example's routes and Android identity, `hosts` as its Android site files (fetched) and
    /// `domains` as its iOS ones, with `extra` members.
    static func fetchingProject(domains: [String] = [], hosts: [String] = [], extra: String = "") throws -> URL {
        func siteFiles(_ names: [String]) -> String {
            "{" + names.map { "\"\($0)\": \"fetch\"" }.joined(separator: ", ") + "}"
        }
        return try project(
            """
            {
              "version": 1,\(extra)
              "routes": "\(routes)",
              "ios": { "appID": "\(appID)", "siteFiles": \(siteFiles(domains)) },
              "android": {
                "package": "com.example.app", "fingerprints": ["\(fingerprint)"], "siteFiles": \(siteFiles(hosts))
              }
            }
            """)
    }

    @Test func aasaGenerateBelowTheExamplesFilePrintsWhatItsOptionsPrint() throws {
        let root = try ProjectFileCommandTests.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let below = root.appendingPathComponent("a/b")
        let configured = try CommandRunner.runner.run(["aasa", "generate"], in: below)
        let explicit = try CommandRunner.run([
            "aasa", "generate", "--routes", Self.routes, "--app-id", Self.appID, "--domain", "example.com",
        ])
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(configured.stdout == explicit.stdout)
        #expect(configured.stderr == explicit.stderr)
        #expect(configured.stdout.contains("\"ABCDE12345.com.example.app\""))
        // The command line's app ID replaces the project's.
        let other = try CommandRunner.runner.run(["aasa", "generate", "--app-id", "FGHIJ67890.com.other"], in: below)
        let otherExplicit = try CommandRunner.run([
            "aasa", "generate", "--routes", Self.routes, "--app-id", "FGHIJ67890.com.other", "--domain", "example.com",
        ])
        #expect(other.stdout == otherExplicit.stdout)
        #expect(other.stdout.contains("\"FGHIJ67890.com.other\""))
        let none = try CommandRunner.runner.run(["aasa", "generate", "--no-config"], in: below)
        #expect(none.status == 2)
        #expect(none.stderr.hasPrefix("link-router aasa generate: missing `--routes <value>`"))
    }

    /// A project with several iOS domains gives `aasa generate` no `--domain` (each domain's file differs), and a
    /// format the command does not offer (`sarif`) is not passed: the command's default is kept.
    @Test func aasaGenerateTakesNoDomainOfSeveralAndNoFormatItDoesNotOffer() throws {
        let root = try Self.fetchingProject(
            domains: ["example.com", "www.example.com"], extra: #" "format": "sarif","#)
        defer { try? FileManager.default.removeItem(at: root) }
        let configured = try CommandRunner.runner.run(["aasa", "generate"], in: root)
        let explicit = try CommandRunner.run(["aasa", "generate", "--routes", Self.routes, "--app-id", Self.appID])
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(configured.stdout == explicit.stdout)
        let domain = try CommandRunner.runner.run(["aasa", "generate", "--domain", "example.com"], in: root)
        let domainExplicit = try CommandRunner.run([
            "aasa", "generate", "--routes", Self.routes, "--app-id", Self.appID, "--domain", "example.com",
        ])
        #expect(domain.stdout == domainExplicit.stdout)
    }

    @Test func assetLinksGenerateBelowTheExamplesFilePrintsWhatItsOptionsPrint() throws {
        let root = try ProjectFileCommandTests.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let below = root.appendingPathComponent("a/b")
        let configured = try CommandRunner.runner.run(["assetlinks", "generate"], in: below)
        let explicit = try CommandRunner.run([
            "assetlinks", "generate", "--routes", Self.routes, "--package", "com.example.app", "--fingerprint",
            Self.fingerprint,
        ])
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(configured.stdout == explicit.stdout)
        #expect(configured.stderr == explicit.stderr)
        #expect(configured.stdout.contains("\"package_name\": \"com.example.app\""))
        let other = try CommandRunner.runner.run(
            ["assetlinks", "generate", "--package", "com.other.app", "--format", "json"], in: below)
        let otherExplicit = try CommandRunner.run([
            "assetlinks", "generate", "--routes", Self.routes, "--package", "com.other.app", "--fingerprint",
            Self.fingerprint, "--format", "json",
        ])
        #expect(other.status == 0)
        #expect(other.stdout == otherExplicit.stdout)
        #expect(other.stdout.contains("com.other.app"))
        let none = try CommandRunner.runner.run(["assetlinks", "generate", "--no-config"], in: below)
        #expect(none.status == 2)
        #expect(none.stderr.hasPrefix("link-router assetlinks generate: missing `--routes <value>`"))
    }

    /// The project's format, where the command offers it (`json`), is the command's.
    @Test func assetLinksGenerateTakesTheProjectsFormat() throws {
        let root = try Self.fetchingProject(extra: #" "format": "json","#)
        defer { try? FileManager.default.removeItem(at: root) }
        let configured = try CommandRunner.runner.run(["assetlinks", "generate"], in: root)
        let explicit = try CommandRunner.run([
            "assetlinks", "generate", "--routes", Self.routes, "--package", "com.example.app", "--fingerprint",
            Self.fingerprint, "--format", "json",
        ])
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(configured.stdout == explicit.stdout)
        #expect(configured.stdout.hasPrefix("{"))
    }

    /// `aasa fetch` with no DOMAIN fetches the project's one iOS domain (its file is local: a fetch fetches
    /// anyway), with the routes and the app ID the entitlements name: the coverage check.
    @Test func aasaFetchBelowTheExamplesFileFetchesItsDomainWithItsRoutesAndAppID() throws {
        let root = try ProjectFileCommandTests.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try LoopbackServer()
        defer { server.stop() }
        let origin = ["--origin", server.url("good"), "--no-cdn", "--format", "json"]
        let environment = LoopbackServer.environment
        let configured = try CommandRunner.runner.run(
            ["aasa", "fetch"] + origin, in: root.appendingPathComponent("a/b"), environment: environment)
        let explicit = try CommandRunner.run(
            ["aasa", "fetch", "example.com", "--routes", Self.routes, "--app-id", Self.appID] + origin,
            environment: environment)
        #expect(configured.status == explicit.status)
        #expect(configured.stdout == explicit.stdout)
        #expect(configured.stdout.contains("\"domain\":\"example.com\""))
        #expect(configured.stdout.contains("\"coverage\":{"))
        // A DOMAIN on the command line replaces the project's; the routes and the app ID stay.
        let other = try CommandRunner.runner.run(
            ["aasa", "fetch", "other.example"] + origin, in: root, environment: environment)
        let otherExplicit = try CommandRunner.run(
            ["aasa", "fetch", "other.example", "--routes", Self.routes, "--app-id", Self.appID] + origin,
            environment: environment)
        #expect(other.stdout == otherExplicit.stdout)
        #expect(other.stdout.contains("\"domain\":\"other.example\""))
        let none = try CommandRunner.runner.run(["aasa", "fetch", "--no-config"] + origin, in: root)
        #expect(none.status == 2)
        #expect(none.stderr.hasPrefix("link-router aasa fetch: missing DOMAIN"))
    }

    /// Of several iOS domains `aasa fetch` takes none by itself: it reports one domain, so it asks for DOMAIN
    /// (before any request).
    @Test func aasaFetchAsksForADomainWhenTheProjectNamesSeveral() throws {
        let root = try Self.fetchingProject(domains: ["example.com", "www.example.com"])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CommandRunner.runner.run(["aasa", "fetch", "--no-cdn"], in: root)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "link-router aasa fetch: the project file names 2 iOS domains (example.com, www.example.com) and "
                + "`aasa fetch` fetches one: give DOMAIN, e.g. `link-router aasa fetch example.com` (see "
                + "`link-router aasa fetch --help`)\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func assetLinksFetchFetchesTheProjectsHostsWithItsIdentity() throws {
        // A project file's host is a host name, as `--assetlinks HOST=FILE` takes it: no wildcard (a manifest's
        // wildcard hosts are fetched with the manifest).
        let root = try Self.fetchingProject(hosts: ["good.example", "redirect.example"])
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try LoopbackServer()
        defer { server.stop() }
        let origin = ["--origin", server.url("{host}")]
        let environment = LoopbackServer.environment
        let configured = try CommandRunner.runner.run(
            ["assetlinks", "fetch"] + origin, in: root, environment: environment)
        let explicit = try CommandRunner.run(
            [
                "assetlinks", "fetch", "good.example", "redirect.example", "--package", "com.example.app",
                "--fingerprint", Self.fingerprint,
            ] + origin, environment: environment)
        #expect(configured.status == 1, "\(configured.stderr)")
        #expect(configured.stdout == explicit.stdout)
        #expect(configured.stdout.contains("good.example") && configured.stdout.contains("redirect.example"))
        // A HOST on the command line replaces the project's hosts; the identity stays.
        let other = try CommandRunner.runner.run(
            ["assetlinks", "fetch", "good.example", "--format", "json"] + origin, in: root,
            environment: environment)
        let otherExplicit = try CommandRunner.run(
            [
                "assetlinks", "fetch", "good.example", "--package", "com.example.app", "--fingerprint",
                Self.fingerprint, "--format", "json",
            ] + origin, environment: environment)
        #expect(other.status == 0, "\(other.stderr)")
        #expect(other.stdout == otherExplicit.stdout)
        #expect(!other.stdout.contains("redirect.example"))
        let none = try CommandRunner.runner.run(["assetlinks", "fetch", "--no-config"] + origin, in: root)
        #expect(none.status == 2)
        #expect(none.stderr.hasPrefix("link-router assetlinks fetch: missing HOST or `--manifest FILE`"))
    }

    @Test(arguments: [
        ["aasa", "fetch"], ["assetlinks", "fetch"], ["aasa", "generate"], ["assetlinks", "generate"],
    ])
    func aBadProjectFileIsRefusedAtItsLineAndColumn(_ command: [String]) throws {
        let root = try Self.project("{\n  \"version\": 1,\n  \"routes\": [\"r.json\"]\n}\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CommandRunner.runner.run(command, in: root)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "link-router \(command.joined(separator: " ")): .link-router.json:3:13: `routes` must be a string, "
                + "not array\n")
        let help = try CommandRunner.runner.run(command + ["--help"], in: root)
        #expect(help.status == 0)
        #expect(help.stdout.contains("[--config FILE | --no-config]"))
    }
}

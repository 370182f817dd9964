import Foundation
import LinkRouter
import TestSupport
import Testing

/// The `--domain` rule: what a serving domain is (`AssociatedDomain.validateServingDomain`), and that every
/// subcommand taking one refuses anything else (issue 11: `--domain https://example.com` was read as host
/// `https` by `aasa match` and `aasa generate`, and every URL silently answered `no_match`).
@Suite struct ServingDomainTests {
    static let aasa = AASAFixtures.packageRoot + "/Docs/Examples/apple-app-site-association"
    static let routes = AASAFixtures.packageRoot + "/Docs/Examples/routes.json"
    static let app = "ABCDE12345.com.example.app"

    static let invalid = [
        "https://example.com", "example.com/", "example.com/app", " example.com", "example.com\t", "exa mple.com",
        "example.com.", "example.com:", "example.com:0", "example.com:65536", "example.com:https", "*.example.com",
        "applinks:example.com", "", "[::1]",
    ]

    @Test(arguments: ["example.com", "EXAMPLE.com", "shop.example.com", "example.com:8443", "localhost", "bücher.de"])
    func hostsWithAnOptionalPortAreServingDomains(domain: String) throws {
        try AssociatedDomain.validateServingDomain(domain)
    }

    @Test(arguments: invalid)
    func urlsPathsWhitespaceAndBadPortsAreNot(domain: String) {
        #expect(throws: RouteConfigurationError.self) { try AssociatedDomain.validateServingDomain(domain) }
    }

    /// Each subcommand that takes `--domain`, with `DOMAIN` where the value goes.
    static let subcommands: [[String]] = [
        ["aasa", "match", aasa, "--domain", "DOMAIN", "--app-id", app, "https://example.com/buy/1"],
        ["aasa", "diff", aasa, aasa, "--domain", "DOMAIN", "--app-id", app],
        ["aasa", "generate", "--routes", routes, "--app-id", app, "--domain", "DOMAIN"],
        ["check", "--aasa", aasa, "--routes", routes, "--domain", "DOMAIN", "--app-id", app],
    ]

    @Test(
        arguments: subcommands,
        ["https://example.com", "example.com/app", "example.com/", "example.com ", "\texample.com"])
    func everySubcommandRefusesAnythingButAHostWithExitTwo(arguments: [String], domain: String) throws {
        let run = try CommandRunner.run(arguments.map { $0 == "DOMAIN" ? domain : $0 })
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(
            run.stderr.contains("`--domain` must be a host name such as example.com or example.com:8443"),
            "\(run.stderr)")
    }

    @Test(arguments: subcommands)
    func everySubcommandAcceptsAHostWithAPort(arguments: [String]) throws {
        let run = try CommandRunner.run(arguments.map { $0 == "DOMAIN" ? "example.com:8443" : $0 })
        if arguments.first == "check" {
            // The form is accepted; `check` then refuses the domain because no associated domain of the routes
            // (which never carry a port) covers it, so every route would look unclaimed (issue 13).
            #expect(run.status == 2)
            #expect(!run.stderr.contains("must be a host name"), "\(run.stderr)")
            #expect(run.stderr.contains("--domain example.com:8443 is not among the associated domains"))
        } else {
            #expect(run.status != 2, "\(run.stderr)")
        }
    }

    /// Regression (issue 11): `aasa lint --domain` said `--domain` applies "to `aasa match` only".
    @Test func lintNamesEverySubcommandThatTakesADomain() throws {
        let run = try CommandRunner.run(["aasa", "lint", "--domain", "example.com", Self.aasa])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "link-router aasa lint: `--domain` does not apply to `aasa lint` (only to `aasa match`, `aasa diff`, "
                + "`aasa generate` and `check`) (see `link-router aasa lint --help`)\n")
    }
}

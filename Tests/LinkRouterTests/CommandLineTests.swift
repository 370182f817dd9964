import Foundation
import Testing

/// End-to-end tests of the built `link-router` binary on the fixture files.
@Suite struct CommandLineTests {
    let routes = CommandRunner.fixture("routes.json")

    @Test func routeTextOutputIsAligned() throws {
        let result = try CommandRunner.run([
            "route", "--routes", routes, "shop://promotion/7", "https://example.com/product/12?x=1",
            "https://evil.net/", "javascript:alert(1)",
        ])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout == """
                route    promotion  shop://promotion/7                  id=7
                route    product    https://example.com/product/12?x=1  sku=12 query: x=1
                browser  -          https://evil.net/                   (the host is not an associated domain)
                reject   -          javascript:alert(1)                 (the scheme is never opened)

                """)
    }

    @Test func routeJSONOutputFollowsTheContract() throws {
        let result = try CommandRunner.run([
            "route", "--routes", routes, "--format", "json", "shop://promotion?id=5&utm=a&utm=b",
            "https://elsewhere.org/x", "mailto:a@b.c", "shop://nothing",
        ])
        #expect(result.status == 0)
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 4)
        for object in objects {
            #expect(Set(object.keys) == ["url", "decision", "route", "params", "query", "reason"])
        }
        #expect(objects[0]["decision"] as? String == "route")
        #expect(objects[0]["route"] as? String == "promo-legacy")
        #expect(objects[0]["params"] as? [String: String] == ["id": "5"])
        #expect((objects[0]["query"] as? [String: Any])?["id"] as? String == "5")
        #expect((objects[0]["query"] as? [String: Any])?["utm"] as? [String] == ["a", "b"])
        #expect(objects[0]["reason"] is NSNull)
        #expect(objects[1]["decision"] as? String == "browser")
        #expect(objects[1]["route"] is NSNull)
        #expect(objects[1]["url"] as? String == "https://elsewhere.org/x")
        #expect(objects[1]["reason"] as? String == "the host is not an associated domain")
        #expect(objects[2]["decision"] as? String == "external")
        #expect(objects[3]["decision"] as? String == "unhandled")
        #expect(
            result.stdout.hasPrefix(
                "[\n  {\"url\":\"shop://promotion?id=5&utm=a&utm=b\",\"decision\":\"route\",\"route\":\"promo-legacy\""
            ))
    }

    @Test func pushPayloadLinkIsDispatched() throws {
        let result = try CommandRunner.run([
            "route", "--routes", routes, "--push", CommandRunner.fixture("push.json"), "--format=json",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"route\":\"promotion\",\"params\":{\"id\":\"summer\"}"))
        let url = try CommandRunner.run(["route", "--routes", routes, "--push", CommandRunner.fixture("push-url.json")])
        #expect(url.stdout.contains("help") && url.stdout.contains("**=faq/returns"))
        let none = try CommandRunner.run([
            "route", "--routes", routes, "--push", CommandRunner.fixture("push-no-link.json"), "--format", "json",
        ])
        #expect(none.status == 0)
        #expect(none.stdout.contains("\"url\":null,\"decision\":\"reject\""))
    }

    @Test func urlPrintsOneURLALineOrAJSONArray() throws {
        let text = try CommandRunner.run(["url", "--routes", routes, "promotion", "id=a/b c"])
        #expect(text.status == 0)
        #expect(text.stdout == "shop://promotion/a%2Fb%20c\nhttps://example.com/promotion/a%2Fb%20c\n")
        let json = try CommandRunner.run(["url", "--routes", routes, "--format", "json", "help", "**=a/b"])
        #expect(json.stdout == "[\"shop://help/a/b\",\"https://example.com/help/a/b\"]\n")
    }

    @Test func urlOutputRoundTripsThroughRoute() throws {
        let urls = try CommandRunner.run(["url", "--routes", routes, "product", "sku=42"]).stdout
            .split(separator: "\n").map(String.init)
        let routed = try CommandRunner.run(["route", "--routes", routes, "--format", "json"] + urls)
        #expect(routed.stdout.contains("\"route\":\"product\",\"params\":{\"sku\":\"42\"}"))
    }

    @Test func dashReadsStandardInput() throws {
        let routesText = try String(contentsOfFile: routes, encoding: .utf8)
        let fromStdin = try CommandRunner.run(["route", "--routes", "-", "shop://promotion/1"], input: routesText)
        #expect(fromStdin.status == 0)
        #expect(fromStdin.stdout.hasPrefix("route  promotion"))
        let urls = try String(contentsOfFile: CommandRunner.fixture("urls.txt"), encoding: .utf8)
        let list = try CommandRunner.run(["route", "--routes", routes, "-"], input: urls)
        #expect(list.stdout.split(separator: "\n").count == 3)
        let payload = try CommandRunner.run(
            ["route", "--routes", routes, "--push", "-"], input: "{\"l\": \"shop://help\"}")
        #expect(payload.stdout.hasPrefix("route  help"))
    }

    @Test func doubleDashEndsOptions() throws {
        let result = try CommandRunner.run(["route", "--routes", routes, "--format", "json", "--", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"url\":\"--help\",\"decision\":\"reject\""))
    }

    @Test func controlCharactersAreNotEchoedToTheTerminal() throws {
        let result = try CommandRunner.run(["route", "--routes", routes, "shop://x\u{1B}[31m"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stdout.contains("\\u{1b}"))
    }

    @Test(arguments: [
        (["route", "--help"], "USAGE: link-router route"),
        (["url", "-h"], "USAGE: link-router url"),
        (["--help"], "SUBCOMMANDS"),
        (["--version"], "link-router 0.2.0"),
    ])
    func helpAndVersionExitZero(arguments: [String], fragment: String) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains(fragment))
        #expect(result.stderr.isEmpty)
    }

    static let leaves: [[String]] = [
        ["route"], ["url"], ["aasa", "lint"], ["aasa", "match"], ["aasa", "diff"], ["aasa", "generate"],
        ["aasa", "fetch"], ["check"],
    ]

    /// The usage lines are derived from each command's declared options, so they name exactly the options the
    /// command takes, all of which are listed.
    @Test(arguments: leaves)
    func everyOptionInTheUsageLinesIsListedUnderOptions(command: [String]) throws {
        let help = try CommandRunner.run(command + ["--help"])
        #expect(help.status == 0)
        let sections = help.stdout.components(separatedBy: "\n\n")
        let usage = try #require(
            sections.first { $0.hasPrefix("USAGE: link-router " + command.joined(separator: " ")) })
        let options = try #require(sections.first { $0.hasPrefix("OPTIONS:") })
        let listed = Set(
            options.split(separator: "\n").compactMap { line in
                line.hasPrefix("  --") ? line.dropFirst(2).prefix { $0 != " " } : nil
            })
        let named = usage.split(whereSeparator: { $0 == " " || $0 == "[" || $0 == "]" || $0 == "\n" })
            .filter { $0.hasPrefix("--") && $0 != "--" }
        #expect(!named.isEmpty)
        for option in named { #expect(listed.contains(option), "\(option) is not under OPTIONS") }
        #expect(Set(named) == listed.subtracting(["--help"]))
    }

    /// The exit statuses are written once: each help has one generated EXIT STATUS section (0 and 2 always, 1 for
    /// the checking commands) and no hand-written "Exit status" sentence.
    @Test(arguments: leaves + [[], ["aasa"]])
    func everyHelpHasOneGeneratedExitStatusSection(command: [String]) throws {
        let help = try CommandRunner.run(command + ["--help"]).stdout
        let sections = help.components(separatedBy: "\n\n").filter { $0.hasPrefix("EXIT STATUS:\n") }
        #expect(sections.count == 1)
        let statuses = sections.first?.split(separator: "\n").dropFirst().compactMap { $0.dropFirst(2).first } ?? []
        #expect(statuses.first == "0" && statuses.contains("2"))
        #expect(!help.contains("Exit status"))
    }

    /// Arguments, and a fragment of the one-line message on standard error; all exit 2.
    @Test(arguments: [
        ([], "missing subcommand"),
        (["rout"], "unknown subcommand `rout`"),
        (["route", "shop://x"], "missing `--routes <value>`"),
        (["route", "--routes"], "`--routes` needs a value"),
        (["route", "--routes", "r.json", "--routes", "s.json", "x"], "given twice"),
        (["route", "--rotues", "r.json", "x"], "unknown option `--rotues`"),
        (["route", "-x"], "unknown option `-x`"),
        (["route", "--routes", "ROUTES"], "no URLs to dispatch"),
        (["route", "--routes", "ROUTES", "--format", "yaml", "x"], "`--format` must be `text` or `json`"),
        (
            ["route", "--routes", "ROUTES", "--push", "PUSH", "x"],
            "give either `URL...` or `--push PAYLOAD.json`, not both"
        ),
        (["route", "--routes", "-", "-"], "standard input (`-`) can be read only once"),
        (["route", "--routes", "/nonexistent/routes.json", "x"], "/nonexistent/routes.json: cannot read"),
        (["route", "--routes", "FIXTURES", "x"], "cannot read"),
        (["route", "--routes", "BADSYNTAX", "x"], "bad-syntax.json:5:5: unexpected '{', expected ',' or ']'"),
        (["route", "--routes", "BADPATTERN", "x"], "bad-pattern.json: /routes/1/pattern: route `help`"),
        (["route", "--routes", "ROUTES", "--push", "ROUTES"], ""),
        (["route", "--routes", "ROUTES", "--push", "BADSYNTAX"], "bad-syntax.json:5:5:"),
        (["url", "--routes", "ROUTES"], "missing the route NAME"),
        (["url", "--routes", "ROUTES", "promotion", "id"], "`id` is not key=value"),
        (["url", "--routes", "ROUTES", "promotion", "id=1", "id=2"], "`id` is given twice"),
        (["url", "--routes", "ROUTES", "nope"], "route `nope`: no route has this name"),
        (["url", "--routes", "ROUTES", "product", "sku=abc"], "is not ASCII digits"),
        (["url", "--routes", "ROUTES", "promotion"], "missing value for `id`"),
    ])
    func usageAndInputErrorsExitTwoWithOneLine(arguments: [String], fragment: String) throws {
        let substituted = arguments.map { argument in
            switch argument {
            case "ROUTES": return routes
            case "PUSH": return CommandRunner.fixture("push.json")
            case "BADSYNTAX": return CommandRunner.fixture("bad-syntax.json")
            case "BADPATTERN": return CommandRunner.fixture("bad-pattern.json")
            case "FIXTURES": return CommandRunner.fixtures.path
            default: return argument
            }
        }
        let result = try CommandRunner.run(substituted)
        if arguments == ["route", "--routes", "ROUTES", "--push", "ROUTES"] {
            // A routes file is a valid JSON object without a link: decided as reject.
            #expect(result.status == 0)
            return
        }
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(fragment), "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(arguments.isEmpty || lines.count == 1, "\(result.stderr)")
    }

    /// Every command that reads standard input for more than one value refuses `-` twice (`DOMAIN=-` and `HOST=-`
    /// included) before it reads anything, and a site file given with `--fetch`: the toolkit's checks, declared once
    /// in each command's spec (no project file read).
    @Test(arguments: [
        (["aasa", "match", "-", "--domain", "example.com", "--app-id", "A.b", "-"], "only once"),
        (["aasa", "diff", "-", "-", "--domain", "example.com", "--app-id", "A.b"], "only once"),
        (
            ["check", "--no-config", "--aasa", "-", "--routes", "-", "--domain", "example.com", "--app-id", "A.b"],
            "only once"
        ),
        (
            ["check", "--no-config", "--manifest", "m", "--package", "p", "--routes", "-", "--assetlinks", "a.com=-"],
            "only once"
        ),
        (
            ["check", "--no-config", "--entitlements", "-", "--info-plist", "-", "--routes", "r", "--fetch"],
            "only once"
        ),
        (
            ["check", "--no-config", "--entitlements", "e", "--manifest", "-", "--routes", "r", "--aasa", "a.com=-"],
            "only once"
        ),
        (
            ["doctor", "--no-config", "https://a.com/", "--entitlements", "e", "--routes", "-", "--aasa", "a.com=-"],
            "only once"
        ),
        (
            ["doctor", "--no-config", "https://a.com/", "--manifest", "-", "--routes", "r", "--strings", "-"],
            "only once"
        ),
        (["app", "lint", "--no-config", "--entitlements", "-", "--routes", "-"], "only once"),
        (
            ["check", "--no-config", "--entitlements", "e", "--routes", "-", "--fetch", "--baseline", "-"],
            "only once"
        ),
        (["aasa", "lint", "-", "--baseline", "-"], "only once"),
        (["assetlinks", "lint", "-", "--manifest", "-"], "only once"),
        (["route", "--routes", "r", "-", "-"], "only once"),
        (
            [
                "doctor", "--no-config", "https://a.com/", "--manifest", "m", "--routes", "r", "--assetlinks", "x",
                "--fetch",
            ],
            "give either `--assetlinks [HOST=]FILE`... or `--fetch`, not both"
        ),
        (
            [
                "check", "--no-config", "--entitlements", "e", "--manifest", "m", "--routes", "r", "--fetch", "--aasa",
                "a.com=x",
            ],
            "give either `--aasa FILE`... or `--fetch`, not both"
        ),
    ])
    func declaredUsageRulesAreCheckedBeforeAnyRead(arguments: [String], fragment: String) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(fragment), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}

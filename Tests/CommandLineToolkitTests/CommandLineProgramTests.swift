import CommandLineToolkit
import Testing

/// A small program declared with the toolkit, the way `link-router` and `mediaqueue` declare theirs.
private enum Fixture {
    enum Format: String, CaseIterable, Sendable {
        case text
        case json
    }

    static let format = Option<Format>.choice("format", help: "Text (default) or JSON.")
    static let routes = Option<String>("routes", value: "FILE", help: "The routes file.\n`-` reads standard input.")
    static let count = Option<Int>("count", value: "N", help: "How many.") { text throws(InvalidOptionValue) in
        guard let number = Int(text), number > 0 else {
            throw InvalidOptionValue("must be a positive number, not `\(text)`")
        }
        return number
    }
    static let explain = Flag("explain", help: "Say why.")

    static let first = Command(
        "first", summary: "the first leaf",
        spec: CommandSpec(
            operands: "URL...", discussion: "Does the first thing.", options: [.required(routes), .optional(format)],
            exitStatus: ExitStatusText(success: "every URL was read"), epilogue: "EXAMPLE: tool first --routes r x"),
        run: { _ throws(CommandFailure) in .success })
    static let second = Command(
        "second", summary: "the second leaf",
        spec: CommandSpec(
            operands: "FILE", options: [.optional(explain), .optional(count)],
            exitStatus: ExitStatusText(findings: "something was found", failure: "a count too large")),
        run: { _ throws(CommandFailure) in .findings })
    static let program = CommandLineProgram(
        name: "tool", version: "1.2.3",
        root: .group(
            "tool", summary: "",
            subcommands: [first, .group("nested", summary: "a group", childNoun: "action", subcommands: [second])]))

    static let define = Option<String>("define", value: "NAME=VALUE", help: "A definition.")
    static let site = Option<String>("site", value: "HOST=FILE", help: "A host's file.").keysIgnoringCase()
    /// A leaf with defaults from elsewhere (as a project file gives them).
    static let configured = CommandLineProgram(
        name: "tool",
        root: .group(
            "tool", summary: "",
            subcommands: [
                Command(
                    "run", summary: "",
                    spec: CommandSpec(
                        options: [
                            .required(routes), .optional(count), .repeatable(define), .repeatable(site),
                            .optional(explain),
                        ],
                        defaultArguments: { given throws(CommandFailure) in
                            guard given.positionals != ["bad"] else { throw .input("bad defaults") }
                            // An operand, supplied only when the command line gives none.
                            return (given.positionals.isEmpty ? ["default-operand"] : []) + [
                                "--routes", "default.json", "--count=3", "--define", "a=1", "--define", "b=2",
                                "--site", "example.com=a.json", "--explain",
                            ]
                        }),
                    run: { _ throws(CommandFailure) in .success })
            ]))

    struct NotARun: Error {}

    /// The parsed arguments of a run.
    static func parse(_ arguments: [String]) throws -> ParsedArguments {
        guard case .success(.run(_, let parsed)) = program.resolve(arguments).result else { throw NotARun() }
        return parsed
    }

    /// What the program prints instead of running: help or version (`OUTPUT ` first), or the failure message.
    static func message(_ arguments: [String]) -> String {
        let (path, result) = program.resolve(arguments)
        switch result {
        case .success(.run): return ""
        case .success(.help(let text)), .success(.version(let text)): return "OUTPUT " + text
        case .failure(let failure): return program.message(for: failure, path: path)
        }
    }
}

@Suite struct CommandLineProgramTests {
    @Test func defaultArgumentsStandForTheOptionsNotGiven() throws {
        func parse(_ arguments: [String]) throws -> ParsedArguments {
            guard case .success(.run(_, let parsed)) = Fixture.configured.resolve(arguments).result else {
                throw Fixture.NotARun()
            }
            return parsed
        }
        let defaults = try parse(["run"])
        #expect(defaults[Fixture.routes] == "default.json")
        #expect(defaults[Fixture.count] == 3)
        #expect(defaults.all(Fixture.define) == ["a=1", "b=2"])
        #expect(defaults[Fixture.explain])
        #expect(defaults.positionals == ["default-operand"])
        let operand = try parse(["run", "mine", "--count", "5"])
        #expect(operand.positionals == ["mine"])
        #expect(operand[Fixture.routes] == "default.json")
        #expect(operand[Fixture.count] == 5)
        let given = try parse(["run", "--routes=mine.json", "--count", "5", "--define", "b=9", "--define", "c=3"])
        #expect(given[Fixture.routes] == "mine.json")
        #expect(given[Fixture.count] == 5)
        #expect(given.all(Fixture.define) == ["a=1", "b=9", "c=3"])
        // A host's key compares ignoring case (found in review: `EXAMPLE.com=` stood beside `example.com=`); a
        // definition's name keeps its case.
        let hosts = try parse(["run", "--site", "EXAMPLE.com=b.json", "--define", "B=9"])
        #expect(hosts.all(Fixture.site) == ["EXAMPLE.com=b.json"])
        #expect(hosts.all(Fixture.define) == ["a=1", "b=2", "B=9"])
        #expect(
            try parse(["run", "--site", "other.com=c.json"]).all(Fixture.site) == [
                "example.com=a.json", "other.com=c.json",
            ])
        guard case .failure(let failure) = Fixture.configured.resolve(["run", "bad"]).result else {
            throw Fixture.NotARun()
        }
        #expect(failure.message == "bad defaults")
        guard case .success(.help) = Fixture.configured.resolve(["run", "bad", "--help"]).result else {
            throw Fixture.NotARun()
        }
    }

    @Test func optionsAreReadThroughTheirDeclarationsWithTypedValues() throws {
        let parsed = try Fixture.parse(["first", "--routes=r.json", "--format", "json", "-", "--", "--not-an-option"])

        #expect(parsed[Fixture.routes] == "r.json")
        #expect(parsed[Fixture.format] == .json)
        #expect(parsed.positionals == ["-", "--not-an-option"])
        let second = try Fixture.parse(["nested", "second", "--count", "3", "--explain", "f"])
        #expect(second[Fixture.count] == 3)
        #expect(second[Fixture.explain])
        #expect(second[Fixture.format] == nil)
    }

    @Test func optionsMayComeBeforeTheSubcommandName() throws {
        let parsed = try Fixture.parse(["--format", "json", "first", "--routes", "r", "x"])
        #expect(parsed[Fixture.format] == .json)
        #expect(parsed.positionals == ["x"])
        let nested = try Fixture.parse(["nested", "--count", "2", "second", "f"])
        #expect(nested[Fixture.count] == 2)
    }

    /// Arguments and the exact one-line message.
    @Test(arguments: [
        ([], "tool: missing subcommand: `first` or `nested` (see `tool --help`)"),
        (["frist"], "tool: unknown subcommand `frist`: use `first` or `nested` (see `tool --help`)"),
        (["nested"], "tool nested: missing action: `second` (see `tool nested --help`)"),
        (["--bogus", "first"], "tool: unknown option `--bogus` (see `tool --help`)"),
        (["first", "x"], "tool first: missing `--routes <value>` (see `tool first --help`)"),
        (["first", "--routes"], "tool first: `--routes` needs a value (see `tool first --help`)"),
        (
            ["first", "--routes", "a", "--routes", "b"],
            "tool first: `--routes` is given twice (see `tool first --help`)"
        ),
        (["first", "-x", "--routes", "a"], "tool first: unknown option `-x` (see `tool first --help`)"),
        (
            ["first", "--routes", "a", "--format", "yaml"],
            "tool first: `--format` must be `text` or `json`, not `yaml` (see `tool first --help`)"
        ),
        (
            ["first", "--routes", "a", "--explain"],
            "tool first: `--explain` does not apply to `first` (only to `nested second`) (see `tool first --help`)"
        ),
        (
            ["nested", "second", "--count", "0"],
            "tool nested second: `--count` must be a positive number, not `0` (see `tool nested second --help`)"
        ),
        (
            ["nested", "second", "--explain=yes"],
            "tool nested second: `--explain` takes no value (see `tool nested second --help`)"
        ),
        (
            ["first", "--routes", "a\u{1B}[2J", "--format", "\u{1B}"],
            "tool first: `--format` must be `text` or `json`, not `\\u{1b}` (see `tool first --help`)"
        ),
    ])
    func usageErrorsAreOneLineNamingTheCommand(arguments: [String], message: String) {
        #expect(Fixture.message(arguments) == message)
    }

    @Test func aLeafsHelpListsItsDeclaredOptions() {
        #expect(
            Fixture.message(["first", "--help"]) == """
                OUTPUT USAGE: tool first --routes FILE [--format text|json] URL...

                Does the first thing.

                OPTIONS:
                  --routes FILE        The routes file.
                                       `-` reads standard input.
                  --format text|json   Text (default) or JSON.
                  -h, --help           Show this help.

                EXIT STATUS:
                  0   every URL was read
                  2   bad usage, an unreadable file, or invalid input

                EXAMPLE: tool first --routes r x
                """)
        #expect(
            Fixture.message(["nested", "second", "--help"]).hasSuffix(
                """
                EXIT STATUS:
                  0   success
                  1   something was found
                  2   bad usage, an unreadable file, or invalid input; a count too large
                """))
    }

    @Test func aGroupsHelpListsEveryUsageAndItsSubcommands() {
        let help = Fixture.message(["--help"])
        #expect(
            help == """
                OUTPUT USAGE: tool first --routes FILE [--format text|json] URL...
                       tool nested second [--explain] [--count N] FILE
                       tool --help | --version

                SUBCOMMANDS:
                  first    the first leaf
                  nested   a group

                OPTIONS:
                  -h, --help   Show this help (`tool <subcommand> --help` for one subcommand).
                  --version    Show the version.

                EXIT STATUS:
                  0   success
                  1   the check found problems (nested second)
                  2   bad usage, an unreadable file, or invalid input
                      Each subcommand's own statuses: `tool <subcommand> --help`.
                """)
        #expect(Fixture.message(["help"]) == help)
        #expect(Fixture.message(["nested", "-h"]).contains("ACTIONS:\n  second   the second leaf"))
    }

    @Test func aUsageGoingOnOverSeveralLinesIsIndentedToItsArguments() {
        let long = Command(
            "long", summary: "a long usage",
            spec: CommandSpec(
                leadingOperands: "FILE", options: [.optional(Fixture.explain), .optional(Fixture.count).onNewUsageLine]),
            run: { _ throws(CommandFailure) in .success })
        let program = CommandLineProgram(
            name: "tool", version: "1",
            root: .group("tool", summary: "", subcommands: [.group("nested", summary: "", subcommands: [long])]))
        guard case .success(.help(let help)) = program.resolve(["--help"]).result else {
            Issue.record("expected help")
            return
        }
        #expect(
            help.hasPrefix(
                """
                USAGE: tool nested long FILE [--explain]
                                        [--count N]
                       tool --help | --version
                """))
    }

    @Test func usageLinesAreDerivedFromTheOptionsAndOperands() {
        let cdn = Option<String>("cdn", value: "URL", help: "")
        let noCDN = Flag("no-cdn", help: "")
        let push = Option<String>("push", value: "PAYLOAD.json", help: "")
        let spec = CommandSpec(
            leadingOperands: "DOMAIN", operands: "URL...",
            options: [
                .required(Fixture.routes), .insteadOfOperands(push), .either(cdn, noCDN),
                .together(Fixture.count, Fixture.explain), .optional(Fixture.format).onNewUsageLine,
            ])
        #expect(
            spec.usage == [
                "DOMAIN --routes FILE [--cdn URL | --no-cdn] [--count N --explain]\n[--format text|json] URL...",
                "DOMAIN --routes FILE [--cdn URL | --no-cdn] [--count N --explain]\n[--format text|json] --push PAYLOAD.json",
            ])
        #expect(spec.declarations.map(\.name) == ["routes", "push", "cdn", "no-cdn", "count", "explain", "format"])
        #expect(CommandSpec(options: [.optional(Fixture.explain)]).usage == ["[--explain]"])
        #expect(CommandSpec(operands: "[--] FILE", options: []).usage == ["[--] FILE"])
    }

    @Test func aRepeatableOptionKeepsEveryValueInOrder() throws {
        let define = Option<String>("define", value: "NAME=VALUE", help: "")
        let spec = CommandSpec(options: [.repeatable(define), .optional(Fixture.count)])
        #expect(spec.usage == ["[--define NAME=VALUE]... [--count N]"])
        let leaf = Command("lint", summary: "", spec: spec, run: { _ throws(CommandFailure) in .success })
        let program = CommandLineProgram(
            name: "tool", version: "1", root: .group("tool", summary: "", subcommands: [leaf]))
        guard case .success(.run(_, let parsed)) = program.resolve(["lint", "--define", "A=1", "--define=B=2"]).result
        else {
            Issue.record("expected a run")
            return
        }
        #expect(parsed.all(define) == ["A=1", "B=2"])
        #expect(parsed[define] == "B=2")
        guard case .failure(let failure) = program.resolve(["lint", "--count", "1", "--count", "2"]).result else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.message == "`--count` is given twice")
    }

    @Test func optionsThatGoTogetherOrExcludeEachOtherAreCheckedWhileParsing() {
        let cdn = Option<String>("cdn", value: "URL", help: "")
        let noCDN = Flag("no-cdn", help: "")
        let leaf = Command(
            "fetch", summary: "",
            spec: CommandSpec(
                options: [.either(cdn, noCDN), .together(Fixture.routes, Fixture.count)]),
            run: { _ throws(CommandFailure) in .success })
        let program = CommandLineProgram(
            name: "tool", version: "1", root: .group("tool", summary: "", subcommands: [leaf]))
        func failure(_ arguments: [String]) -> String? {
            guard case .failure(let failure) = program.resolve(["fetch"] + arguments).result else { return nil }
            return failure.message
        }
        #expect(failure(["--cdn", "u", "--no-cdn"]) == "give either `--cdn URL` or `--no-cdn`, not both")
        #expect(failure(["--count", "2"]) == "`--routes FILE` and `--count N` go together (give both or neither)")
        #expect(failure(["--cdn", "u", "--routes", "r", "--count", "2"]) == nil)
        #expect(failure(["--no-cdn"]) == nil)
        #expect(failure([]) == nil)
        #expect(failure(["--count", "2", "--help"]) == nil)
    }

    @Test func optionsDeclaredApartExcludeEachOtherAndTheOperandsWithOneMessage() {
        let site = Option<String>("site", value: "HOST=FILE", help: "")
        let fetch = Flag("fetch", help: "")
        let push = Option<String>("push", value: "FILE", help: "")
        let spec = CommandSpec(
            operands: "URL...",
            options: [.repeatable(site).excluding(fetch), .optional(fetch), .insteadOfOperands(push)])
        #expect(
            spec.usage == ["[--site HOST=FILE]... [--fetch] URL...", "[--site HOST=FILE]... [--fetch] --push FILE"])
        #expect(
            usageFailure(spec, ["--site", "a=f", "--fetch"])
                == "give either `--site HOST=FILE`... or `--fetch`, not both")
        #expect(
            usageFailure(spec, ["--fetch", "--site=a=f", "x"])
                == "give either `--site HOST=FILE`... or `--fetch`, not both")
        #expect(usageFailure(spec, ["--push", "p", "x"]) == "give either `URL...` or `--push FILE`, not both")
        #expect(usageFailure(spec, ["--site", "a=f", "--site", "b=g", "x"]) == nil)
        #expect(usageFailure(spec, ["--fetch", "x"]) == nil)
        #expect(usageFailure(spec, ["--push", "p", "--fetch"]) == nil)
        #expect(usageFailure(spec, ["--site", "a=f", "--fetch", "--help"]) == nil)
    }

    @Test func standardInputIsReadOnlyOnceAmongOptionsKeyedValuesAndOperands() {
        let routes = Fixture.routes.readingStandardInput()
        let site = Option<String>("site", value: "HOST=FILE", help: "").readingStandardInput(afterKey: true)
        let note = Option<String>("note", value: "TEXT", help: "")
        let options: [OptionUse] = [.optional(routes), .repeatable(site), .optional(note)]
        let spec = CommandSpec(operands: "URL...", options: options, operandsReadStandardInput: true)
        let once = "standard input (`-`) can be read only once"
        #expect(usageFailure(spec, ["--routes", "-", "-"]) == once)
        #expect(usageFailure(spec, ["--routes=-", "--site", "a=-"]) == once)
        #expect(usageFailure(spec, ["--site", "a=-", "--site=b=-"]) == once)
        #expect(usageFailure(spec, ["--site", "-", "x", "--", "-"]) == once)
        #expect(usageFailure(spec, ["-", "-"]) == once)
        #expect(usageFailure(spec, ["--routes", "-", "x"]) == nil)
        #expect(usageFailure(spec, ["--site", "a=-", "--note", "-", "x"]) == nil)
        #expect(usageFailure(spec, ["--routes", "r=-", "-"]) == nil)  // a file named `r=-`: only keyed options split
        #expect(usageFailure(spec, ["--site", "a=f", "-"]) == nil)
        #expect(usageFailure(spec, ["--routes", "-", "-", "--help"]) == nil)
        // Operands that are not declared to read standard input do not count.
        #expect(usageFailure(CommandSpec(operands: "URL...", options: options), ["--routes", "-", "-"]) == nil)
        // Defaults (a project file's) count with the command line, after a value given replaced its default.
        var withDefaults = spec
        withDefaults.defaultArguments = { _ in ["--site", "a=-", "--routes", "-"] }
        #expect(usageFailure(withDefaults, ["x"]) == once)
        #expect(usageFailure(withDefaults, ["--site", "a=f", "x"]) == nil)
        #expect(usageFailure(withDefaults, ["--site", "a=f", "-"]) == once)
        #expect(usageFailure(withDefaults, ["--site", "a=f", "--routes", "r", "-"]) == nil)
    }

    @Test func helpWinsOverMissingRequiredOptions() {
        #expect(Fixture.message(["first", "-h"]).hasPrefix("OUTPUT USAGE: tool first"))
    }

    @Test func versionNamesTheProgramWhereverItIsAsked() {
        #expect(Fixture.message(["--version"]) == "OUTPUT tool 1.2.3")
        #expect(Fixture.message(["nested", "--version"]) == "OUTPUT tool 1.2.3")
        #expect(Fixture.message(["first", "--version"]) == "OUTPUT tool 1.2.3")
        #expect(Fixture.message(["first", "--version", "--help"]).hasPrefix("OUTPUT USAGE: tool first"))
    }

    @Test func aChoiceOptionMayOfferSomeCasesOnly() throws {
        let textOnly = Option<Fixture.Format>.choice("format", [.text], help: "Text only.")
        #expect(textOnly.valueName == "text")
        #expect(throws: CommandFailure.usage("`--format` must be `text`, not `json`")) { try textOnly.convert("json") }
        #expect(try textOnly.convert("text") as? Fixture.Format == .text)
    }

    @Test func locatedDiagnosticsArePrintedAsTheyAre() {
        let program = Fixture.program
        #expect(
            program.message(for: .diagnostic("f.scn:2:7: unknown event"), path: ["x"]) == "f.scn:2:7: unknown event")
        #expect(program.message(for: .input("f: cannot read"), path: ["first"]) == "tool first: f: cannot read")
        #expect(CommandFailure.input("x").status == .failure)
        #expect(CommandFailure.usage("x").status.rawValue == 2)
    }

    @Test func listsReadAsEnglish() {
        #expect(EnglishList.or([]) == "")
        #expect(EnglishList.or(["a"]) == "a")
        #expect(EnglishList.or(["a", "b"]) == "a or b")
        #expect(EnglishList.and(["a", "b", "c"]) == "a, b and c")
    }
}

/// The usage error `spec` gives `arguments` (of a leaf named `leaf`), or nil when they parse.
private func usageFailure(_ spec: CommandSpec, _ arguments: [String]) -> String? {
    let leaf = Command("leaf", summary: "", spec: spec, run: { _ throws(CommandFailure) in .success })
    let program = CommandLineProgram(name: "tool", version: "1", root: .group("tool", summary: "", subcommands: [leaf]))
    guard case .failure(let failure) = program.resolve(["leaf"] + arguments).result else { return nil }
    return failure.message
}

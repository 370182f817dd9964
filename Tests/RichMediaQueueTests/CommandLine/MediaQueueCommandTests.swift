import Foundation
import TestSupport
import Testing

/// End-to-end tests: run the built `mediaqueue` binary on the shipped examples and broken input.
@Suite struct MediaQueueCommandTests {
    static let packageRoot = PackagePaths.root
    static let examples = packageRoot.appendingPathComponent("Docs/Examples")

    static let runner = ProcessRunner("mediaqueue")

    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    static func run(_ arguments: [String], input: String? = nil) throws -> Run {
        let result = try runner.run(arguments, input: input ?? "", in: packageRoot)
        return Run(status: result.status, output: result.stdout, error: result.stderr)
    }

    static var exampleFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? [])
            .filter { $0.hasSuffix(".scn") }.sorted()
    }

    @Test func shipsAtLeastFiveExamples() {
        #expect(Self.exampleFiles.count >= 5)
    }

    @Test(arguments: exampleFiles)
    func everyExampleRunsAndEndsWithASummary(file: String) throws {
        for format in ["json", "text"] {
            let run = try Self.run(["simulate", "Docs/Examples/\(file)", "--format", format])
            #expect(run.status == 0, "\(run.error)")
            #expect(run.error.isEmpty)
            let lines = run.output.split(separator: "\n")
            #expect(lines.count > 3)
            if format == "json" {
                #expect(lines.last?.hasPrefix(#"{"event":"summary""#) == true)
                for line in lines {
                    #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
                }
            } else {
                #expect(lines.last?.contains("summary") == true)
            }
        }
    }

    @Test func retryExampleMatchesTheContractExactly() throws {
        let run = try Self.run(["simulate", "--format", "json", "Docs/Examples/retry-and-present-timeout.scn"])
        #expect(run.status == 0)
        #expect(
            run.output == """
                {"t":0,"event":"enqueued","id":"A"}
                {"t":0,"event":"present","id":"A","attempt":1}
                {"t":0,"event":"enqueued","id":"B"}
                {"t":1,"event":"failed","id":"A","attempt":1,"reason":"network","final":false}
                {"t":1,"event":"present","id":"B","attempt":1}
                {"t":2,"event":"presented","id":"B","attempt":1}
                {"t":3,"event":"ignored","id":"A","action":"closed","reason":"not-on-screen"}
                {"t":4,"event":"closed","id":"B","attempt":1}
                {"t":11,"event":"present","id":"A","attempt":2}
                {"t":11,"event":"presented","id":"A","attempt":2}
                {"t":12,"event":"closed","id":"A","attempt":2}
                {"t":12,"event":"enqueued","id":"C"}
                {"t":12,"event":"present","id":"C","attempt":1}
                {"t":17,"event":"failed","id":"C","attempt":1,"reason":"timeout","final":false}
                {"t":27,"event":"present","id":"C","attempt":2}
                {"t":32,"event":"failed","id":"C","attempt":2,"reason":"timeout","final":true}
                {"event":"summary","onScreen":null,"pending":[],"counts":{"closed":2,"failed":1,"expired":0,"dropped":0,"cancelled":0,"ignored":1}}

                """)
    }

    @Test func ttlAndCapacityExampleMatchesExactly() throws {
        let run = try Self.run(["simulate", "Docs/Examples/ttl-and-capacity.scn", "--format=json"])
        #expect(run.status == 0)
        #expect(
            run.output == """
                {"t":0,"event":"enqueued","id":"news"}
                {"t":0,"event":"present","id":"news","attempt":1}
                {"t":1,"event":"presented","id":"news","attempt":1}
                {"t":2,"event":"enqueued","id":"flash-sale"}
                {"t":3,"event":"enqueued","id":"survey"}
                {"t":5,"event":"expired","id":"flash-sale"}
                {"t":6,"event":"enqueued","id":"coupon"}
                {"t":7,"event":"enqueued","id":"tips"}
                {"t":7,"event":"dropped","id":"survey","reason":"overflow"}
                {"t":10,"event":"closed","id":"news","attempt":1}
                {"t":10,"event":"present","id":"coupon","attempt":1}
                {"t":11,"event":"presented","id":"coupon","attempt":1}
                {"t":12,"event":"closed","id":"coupon","attempt":1}
                {"t":12,"event":"present","id":"tips","attempt":1}
                {"t":13,"event":"presented","id":"tips","attempt":1}
                {"t":14,"event":"closed","id":"tips","attempt":1}
                {"event":"summary","onScreen":null,"pending":[],"counts":{"closed":3,"failed":0,"expired":1,"dropped":1,"cancelled":0,"ignored":0}}

                """)
    }

    @Test func readsStandardInputAndReportsPendingItemsAndFractionalTimes() throws {
        let scenario = "set order lifo\nat 0.25s enqueue A\nat 1.5s enqueue B\nat 1.5s enqueue C\nat 2s end\n"
        let run = try Self.run(["simulate", "--format", "json", "-"], input: scenario)
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.first == #"{"t":0.25,"event":"enqueued","id":"A"}"#)
        #expect(
            lines.last
                == #"{"event":"summary","onScreen":"A","pending":["C","B"],"counts":{"closed":0,"failed":0,"expired":0,"dropped":0,"cancelled":0,"ignored":0}}"#
        )
    }

    @Test func brokenFileExitsTwoWithLocationAndSimulatesNothing() throws {
        let run = try Self.run(["simulate", "-"], input: "at 0s enqueue A\nat 1s frobnicate A\n")
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix("<stdin>:2:7: unknown event 'frobnicate'"))

        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "broken-\(UInt64.random(in: 0...UInt64.max)).scn")
        try Data("set order sideways\n".utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let file = try Self.run(["simulate", path.path])
        #expect(file.status == 2)
        #expect(file.error.hasPrefix("\(path.path):1:11: unknown value 'sideways'"))
    }

    @Test(arguments: [
        ([String](), 2), (["simulate"], 2), (["frobnicate", "x"], 2), (["simulate", "a", "b"], 2),
        (["simulate", "--format", "xml", "x"], 2), (["--bogus"], 2), (["simulate", "/nonexistent/file.scn"], 2),
    ])
    func usageErrorsExitTwo(arguments: [String], status: Int) throws {
        let run = try Self.run(arguments)
        #expect(run.status == Int32(status))
        #expect(run.output.isEmpty)
        #expect(!run.error.isEmpty)
    }

    /// Regression (issue 11): an unreadable file exited 1, unlike every other input error and `link-router`.
    @Test func unreadableFileExitsTwoNamingTheFile() throws {
        let run = try Self.run(["simulate", "/nonexistent/file.scn"])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.error == "mediaqueue simulate: /nonexistent/file.scn: cannot read: No such file or directory\n")
        let directory = try Self.run(["simulate", "Docs"])
        #expect(directory.status == 2)
        #expect(directory.error.hasPrefix("mediaqueue simulate: Docs: cannot read: "), "\(directory.error)")
    }

    @Test(arguments: [
        (["--bogus"], "mediaqueue: unknown option `--bogus` (see `mediaqueue --help`)"),
        (
            ["simulate"],
            "mediaqueue simulate: missing FILE (`-` reads standard input) (see `mediaqueue simulate --help`)"
        ),
        (["frobnicate"], "mediaqueue: unknown subcommand `frobnicate`: use `simulate` (see `mediaqueue --help`)"),
        (
            ["simulate", "--format", "xml", "x"],
            "mediaqueue simulate: `--format` must be `text`, `json` or `svg`, not `xml` (see `mediaqueue simulate --help`)"
        ),
    ])
    func usageErrorsAreOneLineInTheSharedStyle(arguments: [String], message: String) throws {
        let run = try Self.run(arguments)
        #expect(run.status == 2)
        #expect(run.error == message + "\n")
    }

    @Test func optionsMayStillComeBeforeTheSubcommand() throws {
        let run = try Self.run(["--format", "json", "simulate", "Docs/Examples/fifo-chaining.scn"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix(#"{"t":"#))
    }

    @Test func helpAndVersion() throws {
        let help = try Self.run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE: mediaqueue simulate"))
        let version = try Self.run(["--version"])
        #expect(version.status == 0)
        #expect(version.output.hasPrefix("mediaqueue "))
    }

    @Test func doubleDashEndsOptions() throws {
        let run = try Self.run(["simulate", "--format", "json", "--", "Docs/Examples/fifo-chaining.scn"])
        #expect(run.status == 0)
    }
}

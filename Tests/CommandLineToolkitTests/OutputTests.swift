import CommandLineToolkit
import Foundation
import RichMediaKitSupport
import Testing

@Suite struct OutputTests {
    @Test func columnsAlignOnTheWidestCellAndDropTrailingSpaces() {
        let lines = TextColumns.align([
            ["route", "promotion", "shop://promotion/7", ""], ["reject", "-", "x", "(why)"],
        ])
        #expect(lines == ["route   promotion  shop://promotion/7", "reject  -          x                   (why)"])
        #expect(TextColumns.align([["a", "b"], ["ccc"]], indent: "  ") == ["  a  b", "  ccc"])
        #expect(TextColumns.align([]) == [])
    }

    @Test func controlCharactersAreEscapedForTheTerminal() {
        #expect(Console.visible("plain é 😀") == "plain é 😀")
        #expect(Console.visible("a\u{1B}[31mb\n\u{7F}\u{85}") == "a\\u{1b}[31mb\\u{a}\\u{7f}\\u{85}")
    }

    @Test func libraryValuesThatCannotBeWrittenAsJSONAreInputFailures() throws {
        #expect(try OrderedJSON.encoding(["a": 1]).compact == #"{"a":1}"#)
        #expect(throws: CommandFailure.self) { try OrderedJSON.encoding([1.5]) }
    }

    @Test func formatOptionsOfferTheirChoicesOnly() throws {
        let format = Option<OutputFormat>.format([.text, .svg], help: "h")
        #expect(format.valueName == "text|svg")
        #expect(try format.convert("svg") as? OutputFormat == .svg)
        #expect(throws: CommandFailure.usage("`--format` must be `text` or `svg`, not `json`")) {
            try format.convert("json")
        }
        let report = Option<ReportFormat>.format([.text, .json, .sarif, .github, .xcode], help: "h")
        #expect(report.valueName == "text|json|sarif|github|xcode")
        #expect(try report.convert("xcode") as? ReportFormat == .xcode)
    }

    @Test func bufferedLinesAreWrittenInChunksAndOnFlush() {
        final class Chunks: @unchecked Sendable {
            var list: [String] = []  // Only touched by the test's own thread.
        }
        let chunks = Chunks()
        var buffer = OutputBuffer(chunkSize: 8) { chunks.list.append(String(decoding: $0, as: UTF8.self)) }
        buffer.append(line: "one")
        #expect(chunks.list.isEmpty)
        buffer.append(line: "two")
        #expect(chunks.list == ["one\ntwo\n"])
        buffer.append(line: "3")
        buffer.flush()
        buffer.flush()
        #expect(chunks.list == ["one\ntwo\n", "3\n"])
    }

    @Test func inputFilesAreReadWithALimitAndNamedInErrors() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "toolkit-\(UInt64.random(in: 0...UInt64.max)).txt"
        ).path
        try Data("hello\n\nworld\r\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = try InputFile.read(path, limit: 100)
        #expect(InputFile.lines(bytes) == ["hello", "world"])
        #expect(throws: CommandFailure.input("\(path): larger than the limit of 4 bytes")) {
            try InputFile.read(path, limit: 4)
        }
        #expect(throws: CommandFailure.input("/nonexistent/x: cannot read: No such file or directory")) {
            try InputFile.read("/nonexistent/x", limit: 4)
        }
        #expect(InputFile.displayName("-") == "<stdin>")
    }
}

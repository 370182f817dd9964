import Foundation
import MediaQueueSimulation
import RichMediaQueue
import TestSupport
import Testing

/// `mediaqueue simulate FILE --format svg`, run as a user would.
@Suite struct TimelineCommandTests {
    static let runner = ProcessRunner("mediaqueue")

    @Test(arguments: [
        "retry-and-present-timeout.scn", "pause-and-duplicates.scn", "busy-evening.scn", "busy-evening-screens.scn",
    ])
    func simulateWritesAWellFormedTimeline(file: String) throws {
        let result = try Self.runner.run(["simulate", "Docs/Examples/\(file)", "--format", "svg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("<?xml"))
        let parsed = try TimelineSVGTests.parse(result.stdout)
        #expect(parsed.elements.first?.name == "svg")
        #expect(parsed.text.contains(file))
    }

    @Test func theHelpListsSVGAndOtherFormatsAreRefused() throws {
        let help = try Self.runner.run(["simulate", "--help"])
        #expect(help.stdout.contains("--format text|json|svg"))
        let bad = try Self.runner.run(["simulate", "--format", "png", "Docs/Examples/fifo-chaining.scn"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("`svg`"))
    }
}

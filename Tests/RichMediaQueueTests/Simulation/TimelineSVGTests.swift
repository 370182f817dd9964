import Foundation
import MediaQueueSimulation
import RichMediaQueue
import TestSupport
import Testing

/// The SVG timeline of `mediaqueue simulate --format svg`: well-formed, self-contained, and showing what happened.
@Suite struct TimelineSVGTests {
    static let examples = PackagePaths.root.appendingPathComponent("Docs/Examples")

    /// Collects events from the simulator's callback.
    final class EventLog: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [QueueEvent<String>] = []
        func append(_ event: QueueEvent<String>) { lock.withLock { stored.append(event) } }
        var events: [QueueEvent<String>] { lock.withLock { stored } }
    }

    static func timeline(_ text: String, title: String = "test") async throws -> String {
        let scenario = try ScenarioParser.parse(Array(text.utf8))
        let log = EventLog()
        let summary = await Simulator.run(scenario) { log.append($0) }
        return TimelineSVG(events: log.events, summary: summary, title: title).render()
    }

    static func parse(_ document: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> MarkupOutline {
        let outline = MarkupOutline(document)
        #expect(outline.isWellFormed, "not well-formed: \(outline.error ?? "")", sourceLocation: sourceLocation)
        return outline
    }

    static let threeItems = """
        set max-attempts 2
        set retry-delay 5s
        set present-timeout 3s
        set display-timeout 10s
        set capacity 3
        at 0s enqueue A
        at 0s enqueue B
        at 0s enqueue <&"C'> ttl=3s
        at 0s enqueue E
        at 0s enqueue F
        at 0.5s presented A
        at 2s closed A
        at 2.5s closed A
        at 4s failed B network
        at 4.5s presented E
        at 5s pause
        at 5s enqueue D
        at 6s closed E
        at 6.5s cancel D
        at 7s resume
        at 9s presented B
        """

    @Test func threeItemsShowBarsMarkersBacklogAndLegend() async throws {
        let svg = try await Self.timeline(Self.threeItems)
        let parsed = try Self.parse(svg)
        #expect(parsed.elements.first?.name == "svg")
        #expect(parsed.elements.first?.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        let text = parsed.text
        for label in ["A#1", "B#1", "B#2", "on screen", "events", "pending", "waiting for presented", "legend"]
        where label != "legend" {
            #expect(text.contains(label), "missing \(label)")
        }
        for legend in [
            "failed, will retry", "failed (final)", "present timeout, will retry", "present timeout (final)",
            "closed by display timeout", "expired", "dropped", "cancelled", "ignored callback", "paused",
            "pending backlog",
        ] {
            #expect(text.contains(legend), "legend lacks \(legend)")
        }
        // Tooltips carry exact times; the hostile id is escaped, not markup.
        #expect(text.contains("A#1: present 0s, presented 0.5s, closed 2s"))
        #expect(text.contains("ignored closed A"))
        #expect(text.contains("failed B#1 network (will retry)"))
        #expect(text.contains("dropped F (overflow)"))
        #expect(text.contains("expired <&\"C'>"))
        #expect(text.contains("cancelled D"))
        #expect(text.contains("closed B#2 by display timeout"))
        #expect(text.contains("paused 5s–7s"))
        #expect(parsed.elements.contains { $0.name == "path" && $0.attributes["fill"] == "#0969da" })
    }

    @Test func outputIsSelfContained() async throws {
        let svg = try await Self.timeline(Self.threeItems)
        let parsed = try Self.parse(svg)
        #expect(!parsed.elements.contains { ["script", "image", "foreignObject", "style", "a"].contains($0.name) })
        for element in parsed.elements {
            for (name, value) in element.attributes where name == "href" || name.hasSuffix(":href") {
                Issue.record("external reference \(name)=\(value)")
            }
            for value in element.attributes.values where value.contains("url(") {
                #expect(value.hasPrefix("url(#"), "only local references: \(value)")
            }
        }
    }

    @Test func attemptsWaitingForPresentedAreShadedApartFromShown() async throws {
        let svg = try await Self.timeline("at 0s enqueue A\nat 2s presented A\nat 5s closed A\n")
        let parsed = try Self.parse(svg)
        let waiting = parsed.elements.filter { $0.attributes["fill"] == "url(#waiting)" && $0.name == "rect" }
        // One in the legend, one for A's wait.
        #expect(waiting.count == 2)
        #expect(parsed.text.contains("A#1: present 0s, presented 2s, closed 5s"))
    }

    @Test func aLongRunContinuesOnMoreRowsAndStaysReadable() async throws {
        let text = try String(contentsOf: Self.examples.appendingPathComponent("busy-evening.scn"), encoding: .utf8)
        let svg = try await Self.timeline(text, title: "busy-evening.scn")
        let parsed = try Self.parse(svg)
        let rows = parsed.elements.filter { $0.attributes["class"] == "row" }.count
        #expect(rows > 1)
        #expect(rows <= TimelineSVG.maximumRows + 1)
        let height = Int(parsed.elements.first?.attributes["height"] ?? "") ?? 0
        #expect(height < 12_000)
        #expect(parsed.text.contains("m001#1"))
        #expect(parsed.text.contains("300 items"))
    }

    @Test func anEmptyScenarioStillDrawsAnAxis() async throws {
        let svg = try await Self.timeline("set order fifo\n")
        let parsed = try Self.parse(svg)
        #expect(parsed.text.contains("0 items"))
        #expect(parsed.text.contains("0s"))
    }

    @Test(arguments: [(0.0, "0s"), (1.5, "1.5s"), (59.0, "59s"), (60.0, "1m"), (150.0, "2m30s"), (3900.0, "1h5m")])
    func timeLabels(seconds: Double, label: String) {
        #expect(TimelineSVG.timeLabel(seconds) == label)
    }
}

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
            "failed, will retry", "closed by display timeout", "expired", "dropped", "cancelled", "ignored callback",
            "paused", "pending backlog", "waiting (reason not reported)",
        ] {
            #expect(text.contains(legend), "legend lacks \(legend)")
        }
        // The legend shows what this picture uses, nothing else.
        for unused in ["failed (final)", "present timeout (final)", "closed: left the screen", "screen the user is on"]
        {
            #expect(!text.contains(unused), "legend shows \(unused)")
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

    /// A text's box, read from the file's geometry alone: `x`, `y`, `font-size`, `text-anchor` and the fixed
    /// advance `textLength` (the glyphs of a text with `lengthAdjust="spacingAndGlyphs"` fill exactly that width).
    struct LabelBox: CustomStringConvertible {
        var text: String
        var left, right, top, bottom: Double

        func overlaps(_ other: LabelBox) -> Bool {
            // Touching edges and rounding to a tenth are no overlap.
            left < other.right - 0.05 && other.left < right - 0.05 && top < other.bottom - 0.05
                && other.top < bottom - 0.05
        }

        var description: String { "\"\(text)\" [\(left)…\(right)] × [\(top)…\(bottom)]" }
    }

    static func labelBoxes(_ parsed: MarkupOutline, sourceLocation: SourceLocation = #_sourceLocation) -> [LabelBox] {
        var boxes: [LabelBox] = []
        for (index, element) in parsed.elements.enumerated() where element.name == "text" {
            let number = { (name: String) in Double(element.attributes[name] ?? "") }
            guard let x = number("x"), let y = number("y"), let size = number("font-size"),
                let length = number("textLength"), element.attributes["lengthAdjust"] == "spacingAndGlyphs"
            else {
                Issue.record("a text without a fixed box: \(element.attributes)", sourceLocation: sourceLocation)
                continue
            }
            let left: Double
            switch element.attributes["text-anchor"] ?? "start" {
            case "middle": left = x - length / 2
            case "end": left = x - length
            default: left = x
            }
            // A generous line box: ascent 0.8 em above the baseline, descent 0.25 em below.
            boxes.append(
                LabelBox(
                    text: parsed.contents[index], left: left, right: left + length, top: y - 0.8 * size,
                    bottom: y + 0.25 * size))
        }
        return boxes
    }

    /// Checks that no two texts overlap, that none leaves the picture, and that every attempt has its label.
    static func checkLabels(
        _ svg: String, attempts: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let parsed = try parse(svg, sourceLocation: sourceLocation)
        let width = Double(parsed.elements.first?.attributes["width"] ?? "") ?? 0
        let height = Double(parsed.elements.first?.attributes["height"] ?? "") ?? 0
        let boxes = labelBoxes(parsed, sourceLocation: sourceLocation).sorted { $0.left < $1.left }
        #expect(boxes.count > attempts.count, sourceLocation: sourceLocation)
        var overlaps: [String] = []
        for (index, box) in boxes.enumerated() {
            if box.left < 0 || box.right > width || box.top < 0 || box.bottom > height {
                overlaps.append("\(box) leaves the \(width)×\(height) picture")
            }
            for other in boxes[(index + 1)...] {
                if other.left >= box.right { break }
                if box.overlaps(other) { overlaps.append("\(box) overlaps \(other)") }
            }
        }
        #expect(overlaps.isEmpty, "\(overlaps.count) overlaps: \(overlaps.prefix(5))", sourceLocation: sourceLocation)
        let texts = Set(boxes.map(\.text))
        let missing = attempts.filter { !texts.contains($0) && !texts.contains($0 + " …") }
        #expect(missing.isEmpty, "attempts without a label: \(missing.prefix(5))", sourceLocation: sourceLocation)
    }

    /// The simulation's attempts as `id#attempt`, and its timeline.
    static func attemptsAndTimeline(_ text: String, title: String) async throws -> ([String], String) {
        let scenario = try ScenarioParser.parse(Array(text.utf8))
        let log = EventLog()
        let summary = await Simulator.run(scenario) { log.append($0) }
        let attempts = log.events.compactMap { event -> String? in
            if case .present(let token) = event.kind { return token.description } else { return nil }
        }
        return (attempts, TimelineSVG(events: log.events, summary: summary, title: title).render())
    }

    @Test func noTwoLabelsOverlapOrVanishOnABusyEveningOfSixtyItemsWithLongIDs() async throws {
        let file = "busy-evening-screens.scn"
        let text = try String(contentsOf: Self.examples.appendingPathComponent(file), encoding: .utf8)
        let (attempts, svg) = try await Self.attemptsAndTimeline(text, title: file)
        #expect(Set(attempts.map { $0.split(separator: "#")[0] }).count >= 40)
        #expect(attempts.contains { $0.hasPrefix("promo-2026-12-black-friday-") })
        try Self.checkLabels(svg, attempts: attempts)
        let parsed = try Self.parse(svg)
        // Screens and waiting periods are drawn, with their names.
        for shown in ["screen", "waiting", "checkout", "frequency-cap", "screen home", "waiting: screen"] {
            #expect(parsed.text.contains(shown), "missing \(shown)")
        }
    }

    @Test func sixtyLongIDsShownAFractionOfASecondEachStillGetTheirLabels() async throws {
        // Every bar far narrower than its label, all in one row, with failures among them.
        var text = "at 0s screen home\n"
        for index in 0..<60 { text += "at 0s enqueue promo-2026-12-black-friday-\(index) on=home\n" }
        var time = 0
        for index in 0..<60 {
            time += 200
            let id = "promo-2026-12-black-friday-\(index)"
            text += index % 7 == 3 ? "at \(time)ms failed \(id) network\n" : "at \(time)ms closed \(id)\n"
        }
        let (attempts, svg) = try await Self.attemptsAndTimeline(text, title: "crowded")
        #expect(attempts.count == 60)
        try Self.checkLabels(svg, attempts: attempts)
    }

    @Test func theLabelCheckFindsAnOverlap() throws {
        // The check itself can fail: two texts drawn on top of each other.
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">\
            <text x="10" y="20" font-size="10" textLength="60" lengthAdjust="spacingAndGlyphs">a#1</text>\
            <text x="40" y="22" font-size="10" textLength="60" lengthAdjust="spacingAndGlyphs">b#1</text>\
            </svg>
            """
        let boxes = Self.labelBoxes(try Self.parse(svg))
        #expect(boxes.count == 2)
        #expect(boxes[0].overlaps(boxes[1]))
        #expect(!boxes[0].overlaps(LabelBox(text: "c", left: 70, right: 90, top: 0, bottom: 30)))
    }

    @Test(arguments: [(0.0, "0s"), (1.5, "1.5s"), (59.0, "59s"), (60.0, "1m"), (150.0, "2m30s"), (3900.0, "1h5m")])
    func timeLabels(seconds: Double, label: String) {
        #expect(TimelineSVG.timeLabel(seconds) == label)
    }
}

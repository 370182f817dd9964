import Testing

@testable import MediaQueueSimulation
@testable import RichMediaQueue

/// Scenario files a careless implementation dies on: each gets a located error or a correct result, and the
/// suite checks the outcome (never the time).
@Suite struct HostileScenarioTests {
    /// `count` event lines at one instant, built by repeating a 1,000-line block of bytes: `enqueue e<i>` with
    /// ids repeating every 100 (so duplicates are dropped) and, every tenth line, `closed` of one of them.
    static func events(_ count: Int) -> [UInt8] {
        var block: [UInt8] = []
        for index in 0..<1000 {
            block += (index % 10 == 9 ? "at 1s closed e\(index % 100)\n" : "at 1s enqueue e\(index % 100)\n").utf8
        }
        var bytes = Array("set present-timeout 1s\n".utf8)
        bytes.reserveCapacity(block.count * (count / 1000) + bytes.count)
        for _ in 0..<(count / 1000) { bytes += block }
        return bytes
    }

    /// Decision: a million events parse in the test suite; simulating them all through the actor takes about
    /// 9 s in a release build (38 s in debug), so the debug suite simulates 20,000 and the full run is
    /// `mediaqueue simulate` on a generated file (see Docs/Testing.md).
    @Test func millionEventScenarioParses() throws {
        let scenario = try ScenarioParser.parse(Self.events(1_000_000))
        #expect(scenario.statements.count == 1_000_000)
        #expect(scenario.statements.last?.line == 1_000_001)
    }

    @Test func twentyThousandEventScenarioSimulatesWithEveryItemAccountedFor() async throws {
        let scenario = try ScenarioParser.parse(Self.events(20_000))
        let enqueued = LockedValue(0)
        let terminal = LockedValue(0)
        let summary = await Simulator.run(scenario) { event in
            if case .enqueued = event.kind { enqueued.withLock { $0 += 1 } }
            if event.isTerminal { terminal.withLock { $0 += 1 } }
        }
        #expect(enqueued.withLock { $0 } == 18_000)
        let live = summary.pending.count + (summary.onScreen == nil ? 0 : 1)
        #expect(terminal.withLock { $0 } + live == 18_000)
        #expect(
            summary.closed + summary.failed + summary.dropped + summary.expired + summary.cancelled
                == terminal.withLock { $0 })
    }

    /// A hostile line, built when the test runs (so that test names stay short).
    enum HostileLine: String, CaseIterable, Sendable {
        case invalidUTF8, nulInLine, nulOnSecondLine, hugeCapacity, hugeTime, megabyteIdWithHash

        var bytes: [UInt8] {
            switch self {
            case .invalidUTF8: return [0xFF, 0xFE]
            case .nulInLine: return Array("at 0s enqueue A\u{0}".utf8)
            case .nulOnSecondLine: return Array("at 0s enqueue A\n\u{0}".utf8)
            case .hugeCapacity: return Array("set capacity 99999999999999999999999\n".utf8)
            case .hugeTime: return Array("at 99999999999999999999s enqueue A\n".utf8)
            case .megabyteIdWithHash: return Array("at 0s enqueue \(String(repeating: "x", count: 1 << 20))#\n".utf8)
            }
        }

        var expected: (line: Int, column: Int, message: String) {
            switch self {
            case .invalidUTF8: return (1, 1, "invalid UTF-8")
            case .nulInLine: return (1, 16, "control character")
            case .nulOnSecondLine: return (2, 1, "control character")
            case .hugeCapacity: return (1, 14, "out of range")
            case .hugeTime: return (1, 4, "too large")
            case .megabyteIdWithHash: return (1, 15 + (1 << 20), "must not contain '#'")
            }
        }
    }

    @Test(arguments: HostileLine.allCases)
    func hostileLineGivesALocatedError(line: HostileLine) {
        do {
            _ = try ScenarioParser.parse(line.bytes)
            Issue.record("parsed")
        } catch {
            #expect(error.line == line.expected.line)
            #expect(error.column == line.expected.column, "\(error.message)")
            #expect(error.message.contains(line.expected.message), "\(error.message)")
        }
    }

    @Test func megabyteIdIsAcceptedAndSimulated() async throws {
        let id = String(repeating: "x", count: 1 << 20)
        let scenario = try ScenarioParser.parse("at 0s enqueue \(id)\nat 1s closed \(id)\n")
        let summary = await Simulator.run(scenario) { _ in }
        #expect(summary.closed == 1)
    }

    @Test func hundredThousandBlankAndCommentLinesParse() throws {
        let bytes =
            [UInt8](repeating: UInt8(ascii: "\n"), count: 50_000)
            + Array(String(repeating: "# comment\n", count: 50_000).utf8) + Array("at 0s end\n".utf8)
        let scenario = try ScenarioParser.parse(bytes)
        #expect(scenario.statements.count == 1)
        #expect(scenario.statements.first?.line == 100_001)
    }
}

import MediaQueueSimulation
import RichMediaKitSupport
import RichMediaQueue
import Testing

@Suite struct ScenarioParserTests {
    @Test func parsesSettingsAndEvents() throws {
        let scenario = try ScenarioParser.parse(
            """
            # comment
            set order priority   # trailing comment
            set min-interval 1.5s
            set present-timeout 250ms
            set display-timeout off
            set max-attempts 3
            set retry-delay 2m
            set capacity 10
            set overflow drop-lowest-priority
            set duplicates allow

            at 0 enqueue A priority=-2 ttl=5s
            at 1s presented A#1
            at 1.25s failed A#2 no network
            at 2s closed A
            at 2s pause
            at 3s resume
            at 3s cancel B
            at 3s cancel-all
            at 4s end
            """)
        #expect(
            scenario.configuration
                == QueueConfiguration(
                    order: .priority, minInterval: .milliseconds(1500), presentTimeout: .milliseconds(250),
                    displayTimeout: nil, maxAttempts: 3, retryDelay: .seconds(120), capacity: 10,
                    overflow: .dropLowestPriority, duplicates: .allow))
        #expect(
            scenario.statements.map(\.action) == [
                .enqueue(id: "A", priority: -2, ttl: .seconds(5)), .presented(id: "A", attempt: 1),
                .failed(id: "A", attempt: 2, reason: "no network"), .closed(id: "A", attempt: nil), .pause, .resume,
                .cancel(id: "B"), .cancelAll, .end,
            ])
        #expect(scenario.statements.map(\.line) == [12, 13, 14, 15, 16, 17, 18, 19, 20])
        #expect(scenario.statements[2].time == .milliseconds(1250))
    }

    @Test func parsesTheFrequencyCapTheDeclineDelayAndDeclines() throws {
        let scenario = try ScenarioParser.parse(
            """
            set frequency-cap 3 per 1m
            set decline-delay 20s
            at 0s declined A#2
            """)
        #expect(scenario.configuration.frequencyCap == FrequencyCap(3, per: .seconds(60)))
        #expect(scenario.configuration.declineDelay == .seconds(20))
        #expect(scenario.statements.map(\.action) == [.declined(id: "A", attempt: 2)])
        let off = try ScenarioParser.parse("set frequency-cap off\nset decline-delay off")
        #expect(off.configuration == QueueConfiguration())
    }

    @Test func parsesScreensTagsAndWaitingReports() throws {
        let scenario = try ScenarioParser.parse(
            """
            set report-waiting on
            at 0s enqueue A on=home,feed not-on=feed dismiss-on-leave tags=sale,spring priority=2
            at 0s enqueue B not-on=checkout
            at 1s screen home
            at 2s screen none
            at 3s cancel-tagged sale
            """)
        #expect(scenario.configuration.reportsWaiting)
        #expect(
            scenario.statements.map(\.action) == [
                .enqueue(
                    id: "A", priority: 2, ttl: nil,
                    screens: ScreenRule(on: ["home", "feed"], notOn: ["feed"], dismissOnLeave: true),
                    tags: ["sale", "spring"]),
                .enqueue(id: "B", priority: 0, ttl: nil, screens: .notOn("checkout")), .screen("home"), .screen(nil),
                .cancelTagged("sale"),
            ])
        #expect(try ScenarioParser.parse("set report-waiting off").configuration == QueueConfiguration())
    }

    @Test(arguments: [
        ("bogus", 1, 1, "expected 'set' or 'at'"),
        ("set report-waiting yes", 1, 20, "expected on or off"),
        ("at 0s enqueue A on=", 1, 20, "expected a screen name"),
        ("at 0s enqueue A on=home,", 1, 25, "expected a screen name after ','"),
        ("at 0s enqueue A on=home,,feed", 1, 25, "expected a screen name after ','"),
        ("at 0s enqueue A not-on=none", 1, 24, "'none' is no screen name"),
        ("at 0s enqueue A on=a#b", 1, 21, "a screen name must not contain '#'"),
        ("at 0s enqueue A on=home on=feed", 1, 25, "on is given twice"),
        ("at 0s enqueue A tags=x tags=y", 1, 24, "tags is given twice"),
        ("at 0s enqueue A tags=", 1, 22, "expected a tag"),
        ("at 0s enqueue A dismiss-on-leave", 1, 17, "dismiss-on-leave needs on=<screen>"),
        ("at 0s enqueue A on=x dismiss-on-leave dismiss-on-leave", 1, 39, "dismiss-on-leave is given twice"),
        ("at 0s enqueue A dismiss", 1, 17, "expected priority=<int>"),
        ("at 0s screen", 1, 14, "expected a screen name or 'none'"),
        ("at 0s screen a,b", 1, 15, "a screen name must not contain ','"),
        ("at 0s screen home feed", 1, 19, "unexpected 'feed'"),
        ("at 0s cancel-tagged", 1, 21, "expected a tag"),
        ("at 0s cancel-tagged a b", 1, 23, "unexpected 'b'"),
        ("set colour red", 1, 5, "unknown setting 'colour'"),
        ("set frequency-cap 3", 1, 21, "expected 'per <duration>'"),
        ("set frequency-cap 3 every 1m", 1, 21, "expected 'per'"),
        ("set frequency-cap 0 per 1m", 1, 19, "out of range"),
        ("set frequency-cap 3 per 0s", 1, 25, "the window must be greater than 0"),
        ("set frequency-cap 3 per 1m extra", 1, 28, "unexpected"),
        ("set decline-delay 0s", 1, 19, "a decline delay must be greater than 0"),
        ("at 0s declined A extra", 1, 18, "unexpected"),
        ("set order random", 1, 11, "unknown value 'random'"),
        ("set order fifo\nset order lifo", 2, 5, "already set on line 1"),
        ("at 0s enqueue A\nset order lifo", 2, 1, "settings must come before the first event"),
        ("at 2s enqueue A\nat 1s enqueue B", 2, 4, "earlier than the previous event's time 2s"),
        ("at 1 enqueue A", 1, 4, "needs a unit"),
        ("at 5h enqueue A", 1, 5, "unknown unit 'h'"),
        ("at 1.s enqueue A", 1, 4, "expected a duration"),
        ("at 99999999999999s enqueue A", 1, 4, "too large"),
        ("at 2000000000s enqueue A", 1, 4, "too large"),
        ("at 0.0000000001s enqueue A", 1, 4, "too precise"),
        ("at 0s enqueue A priority=99999999999999999999", 1, 26, "out of range"),
        ("at 0s enqueue A ttl=0s", 1, 21, "ttl must be greater than 0"),
        ("at 0s enqueue A colour=red", 1, 17, "unknown option 'colour' (expected priority=<int>"),
        ("at 0s enqueue A#1", 1, 16, "must not contain '#'"),
        ("at 0s closed A#", 1, 15, "expected an attempt number"),
        ("at 0s closed A#0", 1, 16, "out of range"),
        ("at 0s closed A B", 1, 16, "unexpected 'B'"),
        ("at 0s dance", 1, 7, "unknown event 'dance'"),
        ("at 0s", 1, 7, "expected an event"),
        ("at 0s end\nat 1s enqueue A", 2, 1, "nothing may follow 'end' (line 1)"),
        ("set max-attempts 5000", 1, 18, "out of range"),
        ("set capacity 0", 1, 14, "out of range"),
        ("set present-timeout 0s", 1, 21, "greater than 0"),
        ("at 0s enqueue \u{1}A", 1, 15, "control character"),
        ("# ünïcode\nat 0s enqueue Ä\nat 0s clöse Ä", 3, 7, "unknown event 'clöse'"),
    ])
    func rejectsBadInputWithItsLocation(input: String, line: Int, column: Int, message: String) {
        do {
            _ = try ScenarioParser.parse(input)
            Issue.record("expected an error for \(input)")
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func rejectsInvalidUTF8() {
        do {
            _ = try ScenarioParser.parse([UInt8]("at 0s enqueue A".utf8) + [0xFF])
            Issue.record("expected an error")
        } catch {
            #expect(error.formatted(file: "x.scn") == "x.scn:1:16: invalid UTF-8")
        }
    }

    @Test func acceptsCRLFAndEmptyFiles() throws {
        #expect(try ScenarioParser.parse("").statements.isEmpty)
        let scenario = try ScenarioParser.parse("set order lifo\r\nat 0s enqueue A\r\n")
        #expect(scenario.configuration.order == .lifo)
        #expect(scenario.statements.count == 1)
    }

    @Test func parsesAMillionLinesInLinearTime() throws {
        var text = "set capacity 10\n"
        text.reserveCapacity(20_000_000)
        for index in 0..<200_000 {
            text += "at \(index)ms enqueue item\(index) priority=\(index % 5)\n"
        }
        let scenario = try ScenarioParser.parse(text)
        #expect(scenario.statements.count == 200_000)
    }

    @Test(arguments: [
        (Duration.zero, "0"), (.seconds(1), "1"), (.milliseconds(1500), "1.5"), (.milliseconds(250), "0.25"),
        (.nanoseconds(1), "0.000000001"), (.seconds(120), "120"),
    ])
    func formatsTimesWithoutNoise(duration: Duration, expected: String) {
        #expect(DurationText.number(duration) == expected)
    }
}

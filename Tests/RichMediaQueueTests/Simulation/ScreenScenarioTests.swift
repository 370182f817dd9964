import MediaQueueSimulation
import RichMediaQueue
import RichMediaQueueTesting
import Testing

/// Scenarios written from the contract's rules 16 to 19.
enum SpecScenarios {
    /// Screens that change while items are up, `on` and `not-on`, `dismiss-on-leave` before and after
    /// `presented`, an item without it staying, tags (the shipped example `screens-and-tags.scn`).
    static let screensAndTags = """
        set report-waiting on
        set min-interval 2s
        at 0s screen home
        at 0s enqueue welcome on=home dismiss-on-leave
        at 0s enqueue promo not-on=checkout,login tags=sale
        at 0s enqueue survey on=home,feed tags=sale,research
        at 1s screen checkout
        at 4s screen feed
        at 5s presented promo
        at 6s screen login
        at 7s closed promo
        at 10s cancel-tagged sale
        at 11s enqueue news on=home dismiss-on-leave
        at 12s screen home
        at 13s presented news
        at 14s screen feed
        """

    /// Every waiting reason, in the contract's order, each when it is the first that holds.
    static let reasonsInOrder = """
        set report-waiting on
        set min-interval 5s
        set frequency-cap 2 per 30s
        set max-attempts 2
        set retry-delay 30s
        at 0s pause
        at 0s enqueue a on=home
        at 1s screen home
        at 2s resume
        at 3s declined a
        at 4s enqueue b
        at 5s closed a
        at 11s failed b
        at 12s enqueue c on=feed
        at 42s closed b
        at 48s screen feed
        at 49s presented c
        at 72s failed c
        at 103s closed c
        """
}

/// Rules 16 to 19 on scenarios written from the contract, through the simulator (the real actor on a virtual
/// clock), checked line by line and by the contract checker.
@Suite struct ScreenScenarioTests {
    @Test func screensAndTags() async throws {
        let lines = try await ScenarioRunner.run(SpecScenarios.screensAndTags)
        #expect(
            lines == [
                "0s screen home", "0s enqueued welcome", "0s present welcome#1", "0s enqueued promo",
                "0s enqueued survey",
                // welcome was never reported presented: leaving dismisses it all the same.
                "1s screen checkout", "1s closed welcome#1 left-screen",
                "1s waiting promo min-interval until 3s", "3s waiting promo screen",
                "4s screen feed", "4s present promo#1", "5s presented promo#1",
                // promo has no dismiss-on-leave: it stays on a screen it would not have been shown on.
                "6s screen login", "7s closed promo#1",
                "7s waiting survey min-interval until 9s", "9s waiting survey screen",
                "10s cancelled survey",
                "11s enqueued news", "11s waiting news screen", "12s screen home", "12s present news#1",
                "13s presented news#1", "14s screen feed", "14s closed news#1 left-screen",
            ])
    }

    @Test func waitingReasonsInTheirOrder() async throws {
        let lines = try await ScenarioRunner.run(SpecScenarios.reasonsInOrder)
        #expect(
            lines == [
                "0s paused", "0s enqueued a", "0s waiting a paused",
                // The same item and reason since the last present: the screen change reports nothing new.
                "1s screen home", "2s resumed", "2s present a#1",
                "3s declined a#1", "3s waiting a declined",
                "4s enqueued b", "4s present a#2", "5s closed a#2", "5s waiting b min-interval until 10s",
                "10s present b#1", "11s failed b#1 retry", "11s waiting b frequency-cap until 34s",
                "12s enqueued c",
                // The cap opens while b waits out its retry delay and c waits for feed: the screen holds c back.
                "34s waiting b screen",
                "41s present b#2", "42s closed b#2", "42s waiting c min-interval until 47s", "47s waiting c screen",
                "48s screen feed", "48s present c#1", "49s presented c#1",
                "72s failed c#1 retry", "72s waiting c retry-delay until 102s",
                "102s present c#2", "103s closed c#2",
            ])
    }

    @Test(arguments: [SpecScenarios.screensAndTags, SpecScenarios.reasonsInOrder])
    func theContractCheckerAgrees(text: String) async throws {
        let scenario = try ScenarioParser.parse(text)
        let events = LockedValue<[QueueEvent<String>]>([])
        let summary = await Simulator.run(scenario) { event in events.withLock { $0.append(event) } }
        var checker = ContractChecker(configuration: scenario.configuration)
        for event in events.withLock({ $0 }) { checker.apply(event) }
        checker.compare(onScreen: nil, isPresented: false, isPaused: false, pending: summary.pending)
        #expect(checker.violations.isEmpty, "\(checker.violations)")
        #expect(summary.onScreen == nil)
    }

    @Test func theNewEventsAsJSONAndText() async throws {
        let scenario = try ScenarioParser.parse(
            """
            set report-waiting on
            at 0s enqueue a on=home dismiss-on-leave
            at 1s screen home
            at 2s screen none
            """)
        let events = LockedValue<[QueueEvent<String>]>([])
        _ = await Simulator.run(scenario) { event in events.withLock { $0.append(event) } }
        let recorded = events.withLock { $0 }
        #expect(
            recorded.map(EventFormatter.jsonLine) == [
                #"{"t":0,"event":"enqueued","id":"a"}"#,
                #"{"t":0,"event":"waiting","id":"a","reason":"screen"}"#,
                #"{"t":1,"event":"screen","screen":"home"}"#,
                #"{"t":1,"event":"present","id":"a","attempt":1}"#,
                #"{"t":2,"event":"screen","screen":null}"#,
                #"{"t":2,"event":"closed","id":"a","attempt":1,"reason":"left-screen"}"#,
            ])
        #expect(
            recorded.map(EventFormatter.textLine) == [
                "       0s  enqueued   a", "       0s  waiting    a  (screen)", "       1s  screen     home",
                "       1s  present    a#1", "       2s  screen     none", "       2s  closed     a#1  (left screen)",
            ])
        let later = QueueEvent<String>(
            elapsed: .milliseconds(1500), kind: .waiting("b", reason: .minInterval, until: .seconds(4)))
        #expect(
            EventFormatter.jsonLine(later) == #"{"t":1.5,"event":"waiting","id":"b","reason":"min-interval","until":4}"#
        )
        #expect(EventFormatter.textLine(later) == "     1.5s  waiting    b  (min-interval until 4s)")
    }
}

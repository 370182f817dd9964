// The complete example of "Testing your own ordering" in Docs/RichMediaQueue.md, compiled and run here.
import RichMediaQueue
import RichMediaQueueTesting
import Testing

/// The app's queue rules, as an app would keep them.
enum AppQueue {
    static let configuration = QueueConfiguration(
        order: .priority, minInterval: .seconds(2), presentTimeout: .seconds(10), maxAttempts: 2,
        retryDelay: .seconds(30))
}

@Suite struct PromoOrderingTests {
    @Test func urgentPromoGoesFirstAndASlowPageIsRetried() async {
        let driver = QueueTestDriver<Promo>(
            configuration: AppQueue.configuration,
            presenter: RecordingPresenter(
                default: .closes(after: .seconds(5)),
                script: ["slow": .hangs]))

        await driver.queue.enqueue(Promo(id: "welcome"))
        await driver.queue.enqueue(Promo(id: "slow"), priority: 1)
        await driver.queue.enqueue(Promo(id: "sale"), priority: 10)
        await driver.advance(by: .seconds(60))

        #expect(
            driver.timeline == [
                "0s enqueued welcome", "0s present welcome#1", "0s presented welcome#1",
                "0s enqueued slow", "0s enqueued sale",
                "5s closed welcome#1",
                "7s present sale#1", "7s presented sale#1", "12s closed sale#1",
                "14s present slow#1", "24s failed slow#1 timeout retry",
                "54s present slow#2",
            ])
        // The presenter was asked to dismiss the page that never reported back, in case it shows up late.
        #expect(driver.presenter.calls.map(\.description).contains("dismiss slow#1"))
        // Tokens the queue handed out can be written down: `slow` was the second enqueue.
        #expect(driver.presenter.lastToken(for: "slow") == AttemptToken(id: "slow", attempt: 2, entry: 2))
    }

    @Test func theSameOrderingAsAScenario() async throws {
        let lines = try await ScenarioRunner.run(
            """
            at 0s enqueue welcome
            at 0s enqueue sale priority=10
            at 1s presented welcome
            at 4s closed welcome
            """,
            configuration: AppQueue.configuration)
        #expect(
            lines == [
                "0s enqueued welcome", "0s present welcome#1", "0s enqueued sale", "1s presented welcome#1",
                "4s closed welcome#1", "6s present sale#1", "16s failed sale#1 timeout retry", "46s present sale#2",
                "56s failed sale#2 timeout final",
            ])
    }

    @Test func scenarioSyntaxErrorsSayWhere() async {
        await #expect(throws: ScenarioSyntaxError.self) {
            try await ScenarioRunner.run("at 0s enqueue")
        }
    }
}

import RichMediaQueue
import RichMediaQueueTesting
import Testing

/// A user's test awaits outcomes through the driver and moves the clock at once: the driver returns only
/// once the wait is registered, so no test has to sleep real time first.
@Suite struct QueueTestDriverTests {
    @Test func anOutcomeIsAwaitedBeforeTheClockMoves() async throws {
        // Repeated: without a registered wait, the expiry could run before the waiter and return `nil`.
        for round in 0..<25 {
            let driver = QueueTestDriver<Promo>()
            await driver.queue.enqueue(Promo(id: "a"))
            await driver.queue.enqueue(Promo(id: "b"), ttl: .seconds(30))
            let b = await driver.outcome(of: "b")
            await driver.advance(by: .seconds(30))
            #expect(try await b.value == .expired, "round \(round)")
        }
    }

    @Test func enqueueAndWaitMakesItsPresentBeforeItReturns() async throws {
        for round in 0..<25 {
            let driver = QueueTestDriver<Promo>(presenter: RecordingPresenter(default: .closes(after: .seconds(5))))
            let a = await driver.enqueueAndWait(Promo(id: "a"))
            #expect(driver.presenter.calls.map(\.description) == ["present a#1"], "round \(round)")
            await driver.advance(by: .seconds(5))
            #expect(try await a.value == .closed(reason: .closed), "round \(round)")
        }
    }

    @Test func aRefusedEnqueueAndAnUnknownIDAnswerAtOnce() async throws {
        let driver = QueueTestDriver<Promo>()
        await driver.queue.enqueue(Promo(id: "a"))
        #expect(try await driver.enqueueAndWait(Promo(id: "a")).value == .dropped(reason: .duplicate))
        #expect(try await driver.outcome(of: "never-enqueued").value == nil)
    }
}

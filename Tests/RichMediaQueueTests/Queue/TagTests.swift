import RichMediaQueueTesting
import Testing

@testable import RichMediaQueue

/// Rule 19: tags, cancelling by tag, and cancelling by any predicate over the item.
@Suite struct TagTests {
    @Test func cancellingATagEndsEveryPendingItemWithItInQueueOrder() {
        var h = MachineHarness(QueueConfiguration(order: .priority))
        h.enqueue("now", at: 0, tags: ["sale"])
        h.enqueue("a", at: 0, priority: 1, tags: ["sale", "spring"])
        h.enqueue("b", at: 0, priority: 5, tags: ["news"])
        h.enqueue("c", at: 0, priority: 9, tags: ["sale"])
        _ = h.take()
        h.cancelTagged("sale", at: 1)
        // The item on screen is not affected; c goes before a (priority order).
        #expect(h.take() == ["1s cancelled c", "1s cancelled a"])
        #expect(h.onScreen == "now#1")
        #expect(h.pending == ["b"])
    }

    @Test func nothingIsReportedWhenNoPendingItemHasTheTag() {
        var h = MachineHarness()
        h.enqueue("a", at: 0, tags: ["sale"])
        h.enqueue("b", at: 0)
        _ = h.take()
        h.cancelTagged("sale", at: 1)  // only the item on screen has it
        h.cancelTagged("nothing", at: 1)
        #expect(h.take().isEmpty)
        #expect(h.pending == ["b"])
    }

    @Test func cancellingATagAlsoEndsItemsWaitingForARetryOrAScreen() {
        var h = MachineHarness(QueueConfiguration(maxAttempts: 2, retryDelay: .seconds(10)))
        h.enqueue("a", at: 0, tags: ["t"])
        h.enqueue("b", at: 0, screens: .on("home"), tags: ["t"])
        h.failed("a", at: 1)
        _ = h.take()
        h.cancelTagged("t", at: 2)
        #expect(h.take() == ["2s cancelled a", "2s cancelled b"])
        #expect(h.machine.nextDeadline == nil)
    }

    @Test func theQueueCancelsByTagAndByPredicate() async {
        let driver = QueueTestDriver<Promo>()
        await driver.queue.setScreen("checkout")
        for id in ["old-1", "fresh", "old-2"] {
            await driver.queue.enqueue(
                Promo(id: id), screens: .notOn("checkout"), tags: [id.hasPrefix("old") ? "old" : "new"])
        }
        await driver.queue.cancel { $0.id.hasSuffix("-2") }
        await driver.queue.cancel(tagged: "old")
        await driver.queue.cancel { _ in false }
        #expect(
            driver.timeline == [
                "0s screen checkout", "0s enqueued old-1", "0s enqueued fresh", "0s enqueued old-2",
                "0s cancelled old-2",
                "0s cancelled old-1",
            ])
        let snapshot = await driver.queue.snapshot()
        #expect(snapshot.pending.map(\.item.id) == ["fresh"])
        #expect(snapshot.pending.first?.tags == ["new"])
        #expect(snapshot.pending.first?.screens == .notOn("checkout"))
    }
}

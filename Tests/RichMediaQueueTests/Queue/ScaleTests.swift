import Testing

@testable import RichMediaQueue

@Suite struct ScaleTests {
    @Test(arguments: [PresentationOrder.priority])
    func hundredThousandItemBacklogDrains(order: PresentationOrder) {
        var machine = QueueStateMachine<Int>(
            configuration: QueueConfiguration(
                order: order, presentTimeout: .seconds(5), capacity: 200_000, overflow: .dropLowestPriority))
        var effects: [QueueStateMachine<Int>.Effect] = []
        let count = 100_000
        for id in 0..<count {
            machine.enqueue(id, priority: id % 7, ttl: .seconds(1_000_000), at: .zero, effects: &effects)
        }
        effects.removeAll(keepingCapacity: true)
        var closed = 0
        var time = Duration.zero
        while let token = machine.onScreenToken {
            time += .milliseconds(1)
            machine.closed(.init(token), at: time, effects: &effects)
            closed += 1
            effects.removeAll(keepingCapacity: true)
        }
        #expect(closed == count)
        #expect(machine.pendingCount == 0)
    }

    @Test func cancellingAndExpiringManyPendingItemsStaysCheap() {
        var machine = QueueStateMachine<Int>(configuration: QueueConfiguration(overflow: .dropOldest))
        var effects: [QueueStateMachine<Int>.Effect] = []
        machine.pause(at: .zero, effects: &effects)
        for id in 0..<100_000 {
            machine.enqueue(id, ttl: .seconds(Int64(10 + id % 100)), at: .zero, effects: &effects)
        }
        for id in stride(from: 0, to: 100_000, by: 2) {
            machine.cancel(id, at: .seconds(1), effects: &effects)
        }
        effects.removeAll()
        machine.advance(to: .seconds(1000), effects: &effects)
        #expect(machine.pendingCount == 0)
        #expect(effects.count == 100_000)  // 50,000 expired events and their releases
    }
}

import Testing

@testable import RichMediaQueue

@Suite struct ManualClockTests {
    @Test func sleepersWakeOnlyWhenTheClockReachesTheirDeadline() async throws {
        let clock = ManualClock()
        let woke = LockedValue<[Int]>([])
        let first = Task {
            try await clock.sleep(until: clock.now.advanced(by: .seconds(2)))
            woke.withLock { $0.append(2) }
        }
        let second = Task {
            try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
            woke.withLock { $0.append(1) }
        }
        await clock.sleepers(atLeast: 2)
        clock.advance(by: .milliseconds(999))
        #expect(clock.sleeperCount == 2)
        clock.advance(by: .milliseconds(1))
        try await second.value
        #expect(woke.withLock { $0 } == [1])
        clock.advance(to: ManualClock.Instant(offset: .seconds(5)))
        try await first.value
        #expect(woke.withLock { $0 } == [1, 2])
        #expect(clock.now.offset == .seconds(5))
    }

    @Test func cancellingASleeperThrowsCancellationError() async {
        let clock = ManualClock()
        let task = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(60))) }
        await clock.sleepers(atLeast: 1)
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
    }

    @Test func sleepingUntilThePastReturnsAtOnce() async throws {
        let clock = ManualClock(now: ManualClock.Instant(offset: .seconds(10)))
        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(3)))
        #expect(clock.now.offset == .seconds(10))
    }
}

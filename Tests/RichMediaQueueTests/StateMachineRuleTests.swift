import Testing

@testable import RichMediaQueue

@Suite struct OneAtATimeTests {
    @Test func slotIsTakenAtPresentNotAtPresented() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        #expect(h.take() == ["0s enqueued A", "0s present A#1", "0s enqueued B"])
        #expect(h.onScreen == "A#1")
        #expect(h.pending == ["B"])
    }

    @Test func nextItemPresentsWhenTheCurrentOneCloses() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.presented("A", at: 1)
        h.closed("A", at: 2)
        #expect(h.take().suffix(3) == ["1s presented A#1", "2s closed A#1", "2s present B#1"])
    }
}

@Suite struct WhenToPresentTests {
    @Test func minIntervalDelaysTheNextPresentAfterAClose() {
        var h = MachineHarness(QueueConfiguration(minInterval: .seconds(5)))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.closed("A", at: 1)
        h.advance(to: 5.999)
        #expect(h.onScreen == nil)
        h.advance(to: 6)
        #expect(h.take().last == "6s present B#1")
    }

    @Test func failuresDoNotStartTheMinInterval() {
        var h = MachineHarness(QueueConfiguration(minInterval: .seconds(5)))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.failed("A", at: 1)
        #expect(h.take().suffix(2) == ["1s failed A#1 final", "1s present B#1"])
    }

    @Test func itemWaitingForRetryIsNotEligible() {
        var h = MachineHarness(QueueConfiguration(maxAttempts: 2, retryDelay: .seconds(10)))
        h.enqueue("A", at: 0)
        h.failed("A", at: 1)
        #expect(h.onScreen == nil)
        #expect(h.pending == ["A"])
        h.enqueue("B", at: 2)
        #expect(h.onScreen == "B#1")
        h.closed("B", at: 3)
        #expect(h.onScreen == nil)
        h.advance(to: 11)
        #expect(h.take().last == "11s present A#2")
    }
}

@Suite struct OrderTests {
    @Test(arguments: [
        (PresentationOrder.fifo, ["B", "C", "D"]),
        (PresentationOrder.lifo, ["D", "C", "B"]),
        (PresentationOrder.priority, ["C", "D", "B"]),
    ])
    func presentsInConfiguredOrder(order: PresentationOrder, expected: [String]) {
        var h = MachineHarness(QueueConfiguration(order: order))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 1, priority: 0)
        h.enqueue("C", at: 2, priority: 5)
        h.enqueue("D", at: 3, priority: 5)
        var shown: [String] = []
        for step in 0..<3 {
            h.closed(h.machine.onScreenToken!.id, at: Double(10 + step))
            shown.append(h.machine.onScreenToken!.id)
        }
        #expect(shown == expected)
    }

    @Test func retriedItemKeepsItsOriginalPosition() {
        var h = MachineHarness(QueueConfiguration(maxAttempts: 2))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.failed("A", at: 1)
        // Retry delay 0: A is eligible at once and still ahead of B.
        #expect(h.take().suffix(2) == ["1s failed A#1 retry", "1s present A#2"])
        #expect(h.pending == ["B"])
    }

    @Test func priorityTiesGoToTheEarliestEnqueued() {
        var h = MachineHarness(QueueConfiguration(order: .priority))
        h.pause(at: 0)
        h.enqueue("X", at: 0, priority: 1)
        h.enqueue("Y", at: 0, priority: 1)
        h.enqueue("Z", at: 0, priority: 2)
        #expect(h.pending == ["Z", "X", "Y"])
    }
}

@Suite struct AttemptTests {
    @Test func callbacksForOtherAttemptsAreIgnoredAndChangeNothing() {
        var h = MachineHarness(QueueConfiguration(maxAttempts: 3))
        h.enqueue("A", at: 0)
        h.failed("A", at: 1)
        _ = h.take()
        #expect(h.onScreen == "A#2")
        h.closed("A", attempt: 1, at: 2)
        h.presented("A", attempt: 1, at: 2)
        h.failed("A", attempt: 3, at: 2)
        h.closed("B", at: 2)
        #expect(
            h.take() == [
                "2s ignored closed A#1 stale-attempt", "2s ignored presented A#1 stale-attempt",
                "2s ignored failed A#3 stale-attempt", "2s ignored closed B not-on-screen",
            ])
        #expect(h.onScreen == "A#2")
    }

    @Test func secondPresentedIsIgnored() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.presented("A", at: 1)
        h.presented("A", at: 2)
        #expect(h.take().last == "2s ignored presented A already-presented")
    }

    @Test func secondCloseAndFailAfterCloseAreIgnored() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.closed("A", at: 1)
        h.closed("A", at: 1)
        h.failed("A", at: 1)
        #expect(
            h.take().suffix(4) == [
                "1s closed A#1", "1s present B#1", "1s ignored closed A not-on-screen",
                "1s ignored failed A not-on-screen",
            ])
        #expect(h.onScreen == "B#1")
    }

    @Test func closeWithoutPresentedEndsTheItem() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.closed("A", at: 1)
        #expect(h.take().last == "1s closed A#1")
        #expect(h.machine.pendingCount == 0)
    }
}

@Suite struct FailureTests {
    @Test func failedItemIsRetriedAfterTheDelayThenFailsFinally() {
        var h = MachineHarness(QueueConfiguration(maxAttempts: 2, retryDelay: .seconds(3)))
        h.enqueue("A", at: 0)
        h.failed("A", reason: "network", at: 1)
        h.advance(to: 4)
        h.failed("A", at: 5)
        #expect(
            h.take() == [
                "0s enqueued A", "0s present A#1", "1s failed A#1 network retry", "4s present A#2",
                "5s failed A#2 final",
            ])
        #expect(h.machine.pendingCount == 0)
    }

    @Test func presentTimeoutFailsTheAttemptAndDismissesIt() {
        var h = MachineHarness(QueueConfiguration(presentTimeout: .seconds(5)))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.advance(to: 5)
        #expect(h.take().suffix(2) == ["5s failed A#1 timeout final", "5s present B#1"])
        #expect(h.effects.contains { if case .dismiss(let t) = $0 { return t.id == "A" } else { return false } })
    }

    @Test func presentedStopsThePresentTimeout() {
        var h = MachineHarness(QueueConfiguration(presentTimeout: .seconds(5)))
        h.enqueue("A", at: 0)
        h.presented("A", at: 4)
        h.advance(to: 100)
        #expect(h.onScreen == "A#1")
        #expect(h.machine.nextDeadline == nil)
    }
}

@Suite struct DisplayTimeoutTests {
    @Test func presentedItemIsClosedByTimeoutAndDismissed() {
        var h = MachineHarness(QueueConfiguration(displayTimeout: .seconds(30)))
        h.enqueue("A", at: 0)
        h.presented("A", at: 1)
        h.advance(to: 31)
        #expect(h.take().last == "31s closed A#1 timeout")
        #expect(h.effects.contains(.dismiss(AttemptToken(id: "A", attempt: 1, entry: 1))))
    }

    @Test func isOffByDefault() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.presented("A", at: 1)
        #expect(h.machine.nextDeadline == nil)
        h.advance(to: 1_000_000)
        #expect(h.onScreen == "A#1")
    }
}

@Suite struct ExpiryTests {
    @Test func pendingItemExpiresWhenItsTTLRunsOut() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 1, ttl: 5)
        h.advance(to: 6)
        #expect(h.take().last == "6s expired B")
        #expect(h.pending.isEmpty)
    }

    @Test func itemWaitingForRetryExpires() {
        var h = MachineHarness(QueueConfiguration(maxAttempts: 3, retryDelay: .seconds(10)))
        h.enqueue("A", at: 0, ttl: 5)
        h.failed("A", at: 1)
        h.advance(to: 20)
        #expect(h.take() == ["0s enqueued A", "0s present A#1", "1s failed A#1 retry", "5s expired A"])
    }

    @Test func itemOnScreenNeverExpires() {
        var h = MachineHarness()
        h.enqueue("A", at: 0, ttl: 5)
        h.advance(to: 10)
        h.closed("A", at: 11)
        #expect(h.take() == ["0s enqueued A", "0s present A#1", "11s closed A#1"])
    }

    @Test func itemWhoseTTLRanOutOnScreenExpiresWhenItFailsBack() {
        var h = MachineHarness(QueueConfiguration(maxAttempts: 2))
        h.enqueue("A", at: 0, ttl: 5)
        h.failed("A", at: 10)
        #expect(h.take().suffix(2) == ["10s failed A#1 retry", "10s expired A"])
    }
}

@Suite struct DuplicateTests {
    @Test func duplicateOfPendingOrOnScreenIsDroppedByDefault() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.enqueue("A", at: 1)
        h.enqueue("B", at: 1)
        #expect(
            h.take().suffix(4) == [
                "1s enqueued A", "1s dropped A duplicate", "1s enqueued B", "1s dropped B duplicate",
            ])
    }

    @Test func allowQueuesAnotherEntry() {
        var h = MachineHarness(QueueConfiguration(duplicates: .allow))
        h.enqueue("A", at: 0)
        h.enqueue("A", at: 1)
        h.closed("A", at: 2)
        #expect(h.take().suffix(2) == ["2s closed A#1", "2s present A#1"])
    }

    @Test func finishedIdMayBeEnqueuedAgain() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.closed("A", at: 1)
        h.enqueue("A", at: 2)
        #expect(h.take().last == "2s present A#1")
    }
}

@Suite struct CapacityTests {
    @Test(arguments: [
        (OverflowPolicy.dropNewest, "3s dropped D overflow", ["B", "C"]),
        (OverflowPolicy.dropOldest, "3s dropped B overflow", ["C", "D"]),
        (OverflowPolicy.dropLowestPriority, "3s dropped C overflow", ["B", "D"]),
    ])
    func overflowDropsTheConfiguredVictim(policy: OverflowPolicy, dropped: String, pending: [String]) {
        var h = MachineHarness(QueueConfiguration(capacity: 2, overflow: policy))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 1, priority: 5)
        h.enqueue("C", at: 2, priority: 1)
        h.enqueue("D", at: 3, priority: 3)
        #expect(h.take().last == dropped)
        #expect(h.pending == pending)
    }

    @Test func lowestPriorityTieDropsTheLatestEnqueued() {
        var h = MachineHarness(QueueConfiguration(capacity: 1, overflow: .dropLowestPriority))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 1, priority: 1)
        h.enqueue("C", at: 2, priority: 1)
        #expect(h.take().last == "2s dropped C overflow")
        h.enqueue("D", at: 3, priority: 2)
        #expect(h.take().last == "3s dropped B overflow")
        #expect(h.pending == ["D"])
    }

    @Test func onScreenItemDoesNotCount() {
        var h = MachineHarness(QueueConfiguration(capacity: 1))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        #expect(h.take() == ["0s enqueued A", "0s present A#1", "0s enqueued B"])
    }
}

@Suite struct PauseTests {
    @Test func pauseStopsNewPresentsButKeepsTimersRunning() {
        var h = MachineHarness(QueueConfiguration(maxAttempts: 2, retryDelay: .seconds(2)))
        h.enqueue("A", at: 0)
        h.pause(at: 1)
        h.enqueue("B", at: 1, ttl: 3)
        h.failed("A", at: 2)
        h.advance(to: 10)
        #expect(h.onScreen == nil)
        h.resume(at: 10)
        #expect(
            h.take() == [
                "0s enqueued A", "0s present A#1", "1s paused", "1s enqueued B", "2s failed A#1 retry", "4s expired B",
                "10s resumed", "10s present A#2",
            ])
    }

    @Test func redundantPauseAndResumeAreIgnored() {
        var h = MachineHarness()
        h.resume(at: 0)
        h.pause(at: 1)
        h.pause(at: 2)
        #expect(h.take() == ["0s ignored resume not-paused", "1s paused", "2s ignored pause already-paused"])
    }
}

@Suite struct CancelTests {
    @Test func cancelEndsAPendingItem() {
        var h = MachineHarness()
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.cancel("B", at: 1)
        h.cancel("A", at: 1)
        h.cancel("Z", at: 1)
        #expect(
            h.take().suffix(3) == [
                "1s cancelled B", "1s ignored cancel A on-screen", "1s ignored cancel Z not-pending",
            ])
    }

    @Test func cancelAllCancelsEveryPendingItemInQueueOrder() {
        var h = MachineHarness(QueueConfiguration(order: .lifo))
        h.enqueue("A", at: 0)
        h.enqueue("B", at: 0)
        h.enqueue("C", at: 0)
        h.cancelAll(at: 1)
        #expect(h.take().suffix(2) == ["1s cancelled C", "1s cancelled B"])
        #expect(h.onScreen == "A#1")
    }
}

@Suite struct SameInstantTests {
    @Test func timersFireBeforeEventsAtTheSameInstant() {
        var h = MachineHarness(QueueConfiguration(presentTimeout: .seconds(5)))
        h.enqueue("A", at: 0)
        // The present timeout at 5s fires before the `presented` scripted at 5s.
        h.presented("A", at: 5)
        #expect(h.take().suffix(2) == ["5s failed A#1 timeout final", "5s ignored presented A not-on-screen"])
    }

    @Test func timersAtOneInstantFireInCreationOrder() {
        var h = MachineHarness()
        h.pause(at: 0)
        h.enqueue("A", at: 0, ttl: 5)
        h.enqueue("B", at: 1, ttl: 4)
        h.enqueue("C", at: 2, ttl: 3)
        h.advance(to: 5)
        #expect(h.take().suffix(3) == ["5s expired A", "5s expired B", "5s expired C"])
    }

    @Test func timersFireInDeadlineOrderWhenTheClockJumps() {
        var h = MachineHarness()
        h.pause(at: 0)
        h.enqueue("A", at: 0, ttl: 9)
        h.enqueue("B", at: 0, ttl: 2)
        h.advance(to: 100)
        #expect(h.take().suffix(2) == ["2s expired B", "9s expired A"])
    }
}

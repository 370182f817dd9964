import MediaQueueSimulation
import RichMediaQueue

/// The package's ``ContractChecker`` behind a lock, installed as a queue's synchronous observer (so when a
/// queue call returns, every event it caused has been checked); ``compare(with:)`` checks the story
/// against `snapshot()`.
final class StoryChecker: Sendable {
    private let checker: LockedValue<ContractChecker>

    init(configuration: QueueConfiguration, restoring: Bool = false) {
        checker = LockedValue(ContractChecker(configuration: configuration, restoring: restoring))
    }

    var violations: [String] { checker.withLock { $0.violations } + extra.withLock { $0 } }
    var events: [QueueEvent<String>] { checker.withLock { $0.events } }
    var eventCount: Int { checker.withLock { $0.events.count } }

    func record(_ event: QueueEvent<String>) {
        checker.withLock { $0.apply(event) }
    }

    /// Checks the story against a snapshot taken when no call is in flight, and the snapshot's waiting reason
    /// (rule 18) against what the snapshot's own fields say.
    func compare(with snapshot: QueueSnapshot<Promo>) {
        checker.withLock {
            $0.compare(
                onScreen: snapshot.onScreenAttempt, isPresented: snapshot.isPresented, isPaused: snapshot.isPaused,
                pending: snapshot.pending.map(\.item.id))
            $0.compare(screen: snapshot.screen)
        }
        if let problem = Self.waitingProblem(in: snapshot) { extra.withLock { $0.append(problem) } }
    }

    private let extra = LockedValue<[String]>([])

    /// What is wrong with the snapshot's waiting reason, judged from its other fields (rule 18), if anything.
    static func waitingProblem(in snapshot: QueueSnapshot<Promo>) -> String? {
        guard snapshot.onScreen == nil, let best = snapshot.pending.first else {
            return snapshot.waiting.map {
                "waiting \($0.item.id) \($0.reason) with something on screen or nothing pending"
            }
        }
        guard let waiting = snapshot.waiting else {
            return "nothing on screen, \(best.item.id) pending, no waiting reason"
        }
        if waiting.item.id != best.item.id {
            return "waiting names \(waiting.item.id), the best pending is \(best.item.id)"
        }
        let ready = snapshot.pending.filter { !$0.isWaitingForRetry }
        let expected: [WaitingReason]
        if snapshot.isPaused {
            expected = [.paused]
        } else if snapshot.isWaitingAfterDecline {
            expected = [.declined]
        } else if let next = snapshot.nextPresentAllowedAt {
            guard let until = waiting.until, until <= next, until > snapshot.elapsed else {
                return "waiting \(waiting.reason) until \(String(describing: waiting.until)), pacing allows at \(next)"
            }
            expected = [.minInterval, .frequencyCap]
        } else if !ready.isEmpty {
            if ready.contains(where: { $0.screens.allows(snapshot.screen) }) { return "an allowed item waits" }
            expected = [.screen]
        } else {
            expected = [.retryDelay]
        }
        return expected.contains(waiting.reason) ? nil : "waiting \(waiting.reason), expected one of \(expected)"
    }
}

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

    var violations: [String] { checker.withLock { $0.violations } }
    var events: [QueueEvent<String>] { checker.withLock { $0.events } }
    var eventCount: Int { checker.withLock { $0.events.count } }

    func record(_ event: QueueEvent<String>) {
        checker.withLock { $0.apply(event) }
    }

    /// Checks the story against a snapshot taken when no call is in flight.
    func compare(with snapshot: QueueSnapshot<Promo>) {
        checker.withLock {
            $0.compare(
                onScreen: snapshot.onScreenAttempt, isPresented: snapshot.isPresented, isPaused: snapshot.isPaused,
                pending: snapshot.pending.map(\.item.id))
        }
    }
}

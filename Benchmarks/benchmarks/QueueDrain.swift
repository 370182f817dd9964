import Foundation
import RichMediaQueue

/// One rich media item of the `queue.drain` benchmark.
struct BenchMedia: Identifiable, Sendable {
    var id: Int
}

/// A presenter that only remembers the token of the latest `present`, so the driver can close it.
final class RecordingPresenter: MediaPresenter, @unchecked Sendable {
    private let lock = NSLock()
    private var token: AttemptToken<Int>?
    private(set) var presentCount = 0

    func present(_ item: BenchMedia, attempt: AttemptToken<Int>) async throws {
        lock.withLock {
            token = attempt
            presentCount += 1
        }
    }

    func take() -> AttemptToken<Int>? {
        lock.withLock {
            defer { token = nil }
            return token
        }
    }
}

enum QueueDrain {
    /// Enqueues `count` items into a `PresentationQueue`, then reports each one presented and closed,
    /// which chains the next. Returns how many were presented.
    static func drain(count: Int) async -> Int {
        let presenter = RecordingPresenter()
        let queue = PresentationQueue<BenchMedia, ContinuousClock>(presenter: presenter)
        for id in 0..<count {
            await queue.enqueue(BenchMedia(id: id))
        }
        while let token = presenter.take() {
            await queue.presented(token)
            await queue.closed(token)
        }
        await queue.shutdown()
        return presenter.presentCount
    }
}

enum MachineDrain {
    /// The same drain on the queue's state machine alone, without the actor: enqueue `count` ids, then
    /// report each presented and closed. Returns how many were presented.
    static func drain(count: Int) -> Int {
        var machine = QueueStateMachine<Int>(configuration: QueueConfiguration())
        for id in 0..<count {
            blackHole(machine.apply(.enqueue(id, priority: 0, ttl: nil, attemptsUsed: 0), at: .zero).effects.count)
        }
        var presented = 0
        while let token = machine.onScreenToken {
            blackHole(machine.apply(.callback(.presented, .init(token)), at: .zero).effects.count)
            blackHole(machine.apply(.callback(.closed, .init(token)), at: .zero).effects.count)
            presented += 1
        }
        return presented
    }
}

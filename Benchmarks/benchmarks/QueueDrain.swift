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

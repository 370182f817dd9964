// Code written against the public API as documented before the redesign (Docs/RichMediaQueue.md, the
// bridge sample): it must still compile, with deprecation warnings at most (kept out of the build's
// warnings by marking the callers deprecated), and still behave.
import Foundation
import RichMediaQueue
import Testing

@Suite struct SourceCompatibilityTests {
    struct Promo: Identifiable, Sendable, Codable, Equatable {
        let id: String
        let html: String
    }

    final class PromoPresenter: MediaPresenter, @unchecked Sendable {
        /// Weak, as the guide shows: the queue owns its presenter, so a strong reference back would be a cycle.
        weak var queue: PresentationQueue<Promo, ManualClock>?
        var shown: [String] = []

        func present(_ item: Promo, attempt: AttemptToken<Promo.ID>) async throws {
            shown.append(item.id)
            await queue?.presented(attempt)
        }

        func dismiss(_ item: Promo, attempt: AttemptToken<Promo.ID>) async {}
    }

    @available(*, deprecated, message: "calls the deprecated `events` property on purpose")
    @Test func documentedUsageStillCompilesAndWorks() async throws {
        let clock = ManualClock()
        let presenter = PromoPresenter()
        let queue = PresentationQueue<Promo, ManualClock>(
            configuration: QueueConfiguration(
                order: .priority, minInterval: .seconds(2), presentTimeout: .seconds(10), displayTimeout: nil,
                maxAttempts: 1, retryDelay: .zero, capacity: nil, overflow: .dropNewest, duplicates: .ignore),
            clock: clock, presenter: presenter)
        presenter.queue = queue
        let stream = queue.events
        await queue.enqueue(Promo(id: "spring-sale", html: "…"), priority: 10, ttl: .seconds(3600))
        await queue.enqueue(Promo(id: "b", html: ""))
        let state = await queue.snapshot()
        #expect(state.onScreen?.id == "spring-sale")
        #expect(state.pending.map(\.item.id) == ["b"])
        let token = try #require(state.onScreenAttempt)
        await queue.closed(token)
        await queue.failed(token, reason: "late")
        await queue.pause()
        await queue.resume()
        await queue.cancel("b")
        await queue.cancelAll()

        let backlog = await queue.backlog()
        let data = try JSONEncoder().encode(backlog)
        let decoded = try JSONDecoder().decode(PendingBacklog<Promo>.self, from: data)
        await queue.restore(decoded, elapsedSinceSave: .seconds(1))
        await queue.shutdown()
        var kinds: [String] = []
        for await event in stream {
            switch event.kind {
            case .present(let token): kinds.append("present \(token)")
            case .failed(let token, let reason, let final): kinds.append("failed \(token) \(reason ?? "-") \(final)")
            case .ignored(let action, let id, _, let reason): kinds.append("ignored \(action) \(id ?? "-") \(reason)")
            default: break
            }
        }
        #expect(kinds.first == "present spring-sale#1")

        let continuous = PresentationQueue<Promo, ContinuousClock>(configuration: QueueConfiguration(), presenter: nil)
        await continuous.shutdown()
        clock.advance(by: .seconds(1))
        clock.advance(to: ManualClock.Instant(offset: .seconds(5)))
    }

    @Test func documentedBridgeSampleStillCompiles() async {
        let bridge = PresentingDelegateBridge<Promo, ContinuousClock>(
            configuration: QueueConfiguration(
                minInterval: .seconds(2), presentTimeout: .seconds(15), maxAttempts: 2, retryDelay: .seconds(30),
                capacity: 10, overflow: .dropOldest),
            present: { _ in })
        #expect(bridge.shouldPresent(Promo(id: "a", html: ""), ttl: .seconds(15 * 60)) == false)
        bridge.didPresent("a")
        bridge.didClose("a")
        bridge.didFail("a", reason: "x")
        await bridge.queue.shutdown()
    }
}

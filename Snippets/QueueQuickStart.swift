import RichMediaQueue

struct Promo: Identifiable, Sendable, Codable {
    let id: String
    var html = ""
}

let queue = PresentationQueue<Promo, ContinuousClock>(
    configuration: QueueConfiguration(order: .priority, minInterval: .seconds(2), presentTimeout: .seconds(10)),
    presenter: PromoPresenter())

await queue.enqueue(Promo(id: "spring-sale", html: "…"), priority: 10, ttl: .seconds(3600))
// snippet.hide

/// Stand-in for the app's presenter (Docs/RichMediaQueue.md, "Presenting"): reports every item presented.
struct PromoPresenter: MediaPresenter {
    func present(_ item: Promo, attempt: AttemptToken<Promo.ID>) async throws {}
}

let state = await queue.snapshot()
guard state.onScreen?.id == "spring-sale" else { fatalError("expected spring-sale on screen, got \(state)") }
await queue.shutdown()

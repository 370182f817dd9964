import RichMediaQueue

struct Promo: Identifiable, Sendable { let id: String, html: String }

struct WebViewPresenter: MediaPresenter {
    func present(_ promo: Promo, attempt: AttemptToken<String>) async throws {
        // Show promo.html; when it loads, closes or fails: queue.presented(attempt), .closed(attempt), .failed(attempt)
    }
}

let queue = PresentationQueue(configuration: QueueConfiguration(minInterval: .seconds(2)), presenter: WebViewPresenter())
await queue.enqueue(Promo(id: "spring-sale", html: "…"))
await queue.enqueue(Promo(id: "black-friday", html: "…"))  // shown 2 s after spring-sale closes, never both at once
// snippet.hide
let state = await queue.snapshot()
precondition(state.onScreen?.id == "spring-sale", "\(state)")
precondition(state.pending.map(\.item.id) == ["black-friday"], "\(state)")
await queue.shutdown()
